import type { LineItem, TotalPart } from "./types";
import { groupKey, sectionSign, totalKind, totalSubject } from "./vocabulary";

/**
 * What each total of a statement adds up. A "Total …" line closes the group it names (or the
 * innermost one) and adds up that group's lines, a closed sub-group counting as its total; a
 * net line (NOI, Net Income, Gross Profit, "Income before …") takes the sections' totals
 * since the previous net line, signed (income +, expenses −), with the previous net line or
 * two — whichever of those readings the figures bear out; a "net …" that none fits is a
 * detail line (net rent).
 */

export type StructureEvent =
  | { kind: "section"; name: string }
  | { kind: "group"; name: string }
  | { kind: "item"; index: number };

interface Group {
  name: string;
  key: string;
  section: boolean;
  sign: 1 | -1 | 0;
  members: number[];
}

const cents = (n: number) => Math.round(n * 100);

/** Σ sign × amount of the parts in one column, in cents; null when the total or every part is blank. */
function partsSum(
  items: readonly Pick<LineItem, "amounts">[],
  parts: readonly TotalPart[],
  column: number,
  amountOf: (line: number, column: number) => number | null = (l, c) => items[l]?.amounts[c] ?? null,
): number | null {
  let any = false;
  let sum = 0;
  for (const p of parts) {
    const v = amountOf(p.line, column);
    if (v === null || v === undefined) continue;
    any = true;
    sum += p.sign * cents(v);
  }
  return any ? sum : null;
}

/** Columns (with figures on both sides) where the total equals its parts, and where it does not. */
function agreement(
  items: readonly LineItem[],
  total: number,
  parts: TotalPart[],
): { ok: number; bad: number } {
  const t = items[total] as LineItem;
  let ok = 0;
  let bad = 0;
  t.amounts.forEach((v, c) => {
    if (v === null) return;
    const s = partsSum(items, parts, c);
    if (s === null) return;
    if (s === cents(v)) ok++;
    else bad++;
  });
  return { ok, bad };
}

export function buildTotals(items: LineItem[], events: readonly StructureEvent[]): void {
  const stack: Group[] = [];
  const root: Group = { name: "", key: "", section: true, sign: 0, members: [] };
  /** Closed sections since the last net line: their total (or lines) and sign. */
  let closed: { parts: TotalPart[]; sign: 1 | -1 | 0 }[] = [];
  const nets: number[] = [];
  const top = () => stack.at(-1) ?? root;

  const closeSection = (g: Group, totalLine: number | null) => {
    if (totalLine !== null) closed.push({ parts: [{ line: totalLine, sign: 1 }], sign: g.sign });
    else if (g.members.length)
      closed.push({ parts: g.members.map((line) => ({ line, sign: 1 as const })), sign: g.sign });
  };
  const closeAll = () => {
    while (stack.length) {
      const g = stack.pop() as Group;
      if (g.section) closeSection(g, null);
      else top().members.push(...g.members);
    }
  };

  for (const ev of events) {
    if (ev.kind === "section") {
      closeAll();
      stack.push({
        name: ev.name,
        key: groupKey(ev.name),
        section: true,
        sign: sectionSign(ev.name),
        members: [],
      });
      continue;
    }
    if (ev.kind === "group") {
      stack.push({
        name: ev.name,
        key: groupKey(ev.name),
        section: false,
        sign: sectionSign(ev.name),
        members: [],
      });
      continue;
    }
    const i = ev.index;
    const item = items[i] as LineItem;
    const kind = totalKind(item.label);
    if (kind === "sum") {
      item.isTotal = true;
      const subject = totalSubject(item.label);
      // The group it names: the same words first, then one name inside the other.
      let at = -1;
      for (let k = stack.length - 1; k >= 0 && at === -1; k--)
        if (subject && (stack[k] as Group).key === subject) at = k;
      for (let k = stack.length - 1; k >= 0 && at === -1; k--) {
        const key = (stack[k] as Group).key;
        if (subject && key && (key.includes(subject) || subject.includes(key))) at = k;
      }
      if (at === -1) {
        // The innermost group with lines of its own.
        for (let k = stack.length - 1; k >= 0; k--)
          if ((stack[k] as Group).members.length) {
            at = k;
            break;
          }
      }
      const target = at >= 0 ? (stack[at] as Group) : root;
      // Groups opened inside it without a total of their own: their lines are its lines.
      while (at >= 0 && stack.length - 1 > at) {
        const g = stack.pop() as Group;
        target.members.push(...g.members);
      }
      if (target.members.length) item.parts = target.members.map((line) => ({ line, sign: 1 as const }));
      if (at >= 0) {
        stack.pop();
        if (target.section) closeSection(target, i);
        else top().members.push(i);
      } else {
        root.members = [];
        closed.push({ parts: [{ line: i, sign: 1 }], sign: 0 });
      }
      continue;
    }
    if (kind === "net" || kind === "maybe-net") {
      // Sections still open count as closed with their lines.
      const open = stack.filter((g) => g.section && g.members.length);
      const sections = [
        ...closed,
        ...open.map((g) => ({ parts: g.members.map((line) => ({ line, sign: 1 as const })), sign: g.sign })),
      ];
      const signed: TotalPart[] = sections.flatMap((s, k) =>
        s.parts.map((p) => ({
          line: p.line,
          sign: ((s.sign === 0 ? (k === 0 ? 1 : -1) : s.sign) * p.sign) as 1 | -1,
        })),
      );
      const prev = nets.at(-1);
      const prev2 = nets.at(-2);
      const candidates: TotalPart[][] = [];
      if (signed.length) candidates.push(signed);
      if (prev !== undefined) candidates.push([{ line: prev, sign: 1 }, ...signed]);
      if (prev !== undefined && prev2 !== undefined)
        candidates.push([{ line: prev2, sign: 1 }, { line: prev, sign: 1 }, ...signed]);
      let chosen: TotalPart[] | null = null;
      for (const c of candidates) {
        const f = agreement(items, i, c);
        if (f.ok > 0 && f.bad === 0) {
          chosen = c;
          break;
        }
      }
      if (!chosen && kind === "maybe-net") {
        // "Net rent": a detail line after all.
        top().members.push(i);
        continue;
      }
      item.isTotal = true;
      chosen ??=
        prev !== undefined && signed.length ? [{ line: prev, sign: 1 }, ...signed] : (candidates[0] ?? null);
      if (chosen?.length) item.parts = chosen;
      nets.push(i);
      closed = [];
      // Open sections were consumed by the net line.
      for (const g of stack) if (g.section) g.members = [];
      continue;
    }
    top().members.push(i);
  }
}

export interface TotalCheck {
  /** The total's line. */
  line: number;
  column: number;
  /** What its parts add up to, and what it says. */
  expected: number;
  found: number;
  difference: number;
  ok: boolean;
}

/**
 * The arithmetic of every total with parts in one column: a total equals the sum of its
 * parts (signed), to the cent. Totals or parts left blank are not checked.
 */
export function checkTotals(
  items: readonly Pick<LineItem, "amounts" | "parts" | "isTotal">[],
  column: number,
  amountOf?: (line: number, column: number) => number | null,
): TotalCheck[] {
  const out: TotalCheck[] = [];
  const get = amountOf ?? ((l: number, c: number) => items[l]?.amounts[c] ?? null);
  items.forEach((item, line) => {
    if (!item.isTotal || !item.parts?.length) return;
    const found = get(line, column);
    if (found === null || found === undefined) return;
    const sum = partsSum(items, item.parts, column, get);
    if (sum === null) return;
    const diff = cents(found) - sum;
    out.push({
      line,
      column,
      expected: sum / 100,
      found,
      difference: diff / 100,
      ok: diff === 0,
    });
  });
  return out;
}
