import { assignLine, type MappingDocument } from "../../../domain/statement-mapping/mapping";
import type { LineSuggestions, ViewLine } from "./api";

/** Confidence steps offered for "accept all suggestions above N %". */
export const THRESHOLDS = [0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4] as const;
export const DEFAULT_THRESHOLD = 0.8;

export interface AcceptResult {
  document: MappingDocument;
  /** Line ids assigned, in order. */
  accepted: string[];
}

/**
 * Assigns each line's best suggestion when its confidence is at least `threshold`. Only
 * lines that count (selected, with an amount), that are not statement totals and that
 * have no target yet are touched: a decision staff made is never overwritten.
 * `allowed` (the form's fields a detail line may take) filters out anything else.
 */
export function acceptAbove(
  doc: MappingDocument,
  lines: readonly Pick<ViewLine, "id" | "selected" | "isTotal" | "amount">[],
  suggestions: readonly LineSuggestions[],
  threshold: number,
  allowed?: ReadonlySet<string>,
): AcceptResult {
  const byLine = new Map(suggestions.map((s) => [s.lineId, s.candidates]));
  let next = doc;
  const accepted: string[] = [];
  for (const line of lines) {
    if (!line.selected || line.isTotal || line.amount === null) continue;
    if (next.assignments[line.id]) continue;
    const best = byLine.get(line.id)?.[0];
    if (!best || best.confidence < threshold) continue;
    if (allowed && !allowed.has(best.field.id)) continue;
    next = assignLine(next, line.id, best.field.id);
    accepted.push(line.id);
  }
  return { document: next, accepted };
}

/** The line's best suggestion as a target, when it is allowed. */
export function bestSuggestion(
  suggestions: readonly LineSuggestions[],
  lineId: string,
  allowed?: ReadonlySet<string>,
): string | null {
  const c = suggestions
    .find((s) => s.lineId === lineId)
    ?.candidates.find((x) => !allowed || allowed.has(x.field.id));
  return c?.field.id ?? null;
}
