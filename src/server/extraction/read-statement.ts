import {
  checkTotals,
  type PageLineItem,
  type ParsedStatement,
  parseWordPages,
  type StatementLayout,
  type Word,
  type WordPage,
} from "../../domain/line-items";
import type { Reading } from "./ocr";
import { applyReadings, figureKey, rereadFigures, unsureFigures } from "./ocr-read";
import type { PagePixels } from "./page-pixels";
import type { ExtractedPage } from "./types";

/**
 * The statement read from its pages: line items by column and the layout. On scanned pages,
 * figures OCR was unsure of are read again from sharper crops, except those a total vouches
 * for (it adds up with them); then every total that does not add up has its figures (the
 * total and its parts, in the failing column) read again; those readings are kept when fewer
 * totals fail with them. `pixelsOf` gives a scanned page's decoded pixels for the crops.
 */
export async function readStatement(
  pages: readonly ExtractedPage[],
  pixelsOf: (page: number) => Promise<PagePixels>,
): Promise<{ lineItems: PageLineItem[]; layout: StatementLayout }> {
  const wordPages = pages.map((p) => p.words ?? emptyPage(p.number));
  let parsed = parseWordPages(wordPages);
  const ocrPages = new Map(
    pages.filter((p) => p.source === "ocr" && p.words && p.imageWords).map((p) => [p.number, p]),
  );
  if (ocrPages.size > 0) {
    const reread = figureReader(ocrPages, pixelsOf);
    // The figures of totals that fail as first read go with the unsure ones: most still fail
    // after those are read again, and reading them now saves a second tesseract run a page.
    const ahead = figuresOf(parsed, failing(parsed), ocrPages);
    if (await rereadUnsure(parsed, wordPages, ocrPages, reread, ahead)) parsed = parseWordPages(wordPages);
    parsed = await recheckFailedTotals(parsed, wordPages, ocrPages, reread);
  }
  return { lineItems: parsed.items, layout: parsed.layout };
}

const emptyPage = (number: number): WordPage => ({ number, width: 0, height: 0, words: [], source: "text" });

function failing(parsed: ParsedStatement): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  for (let c = 0; c < parsed.layout.columns.length; c++)
    for (const check of checkTotals(parsed.items, c))
      if (!check.ok) out.push({ line: check.line, column: c });
  return out;
}

/**
 * The figures (by page, as word keys) of every total that adds up, and of its parts, in the
 * columns where it does: each part read as a number (an unreadable part is no evidence).
 */
export function vouchedFigures(parsed: ParsedStatement): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (let c = 0; c < parsed.layout.columns.length; c++)
    for (const check of checkTotals(parsed.items, c)) {
      if (!check.ok) continue;
      const item = parsed.items[check.line] as PageLineItem;
      const lines = [check.line, ...(item.parts ?? []).map((p) => p.line)];
      const cells = lines.map((l) => ({ t: parsed.trace[l], cell: parsed.trace[l]?.cells[c] }));
      if (cells.some(({ t, cell }, k) => t && cell && parsed.items[lines[k] as number]?.amounts[c] == null))
        continue;
      for (const { t, cell } of cells) {
        if (!t || !cell) continue;
        const set = out.get(t.page) ?? new Set<string>();
        set.add(figureKey(cell.words));
        out.set(t.page, set);
      }
    }
  return out;
}

/** The figures behind each of `totals`, by scanned page (word keys): the total's cell and its parts' cells. */
function figuresOf(
  parsed: ParsedStatement,
  totals: readonly { line: number; column: number }[],
  ocrPages: Map<number, ExtractedPage>,
): Map<number, Set<string>> {
  const byPage = new Map<number, Set<string>>();
  for (const { line, column } of totals) {
    const item = parsed.items[line] as PageLineItem;
    for (const l of [line, ...(item.parts ?? []).map((p) => p.line)]) {
      const t = parsed.trace[l];
      const cell = t?.cells[column];
      if (!t || !cell || !ocrPages.has(t.page)) continue;
      const set = byPage.get(t.page) ?? new Set<string>();
      set.add(figureKey(cell.words));
      byPage.set(t.page, set);
    }
  }
  return byPage;
}

/** A figure's word indices from its key (`figureKey`). */
const groupOf = (key: string) => key.split(",").map(Number);

/** Reads a page's figures (groups of its image words) from crops, one engine call at most. */
type FigureReader = (page: number, groups: readonly number[][]) => Promise<(Reading | null)[]>;

/**
 * A `FigureReader` that reads each figure of a page once: a figure re-read as unsure and again
 * under a failing total is the same crop, so the same reading, and is not sent twice.
 */
function figureReader(
  ocrPages: Map<number, ExtractedPage>,
  pixelsOf: (page: number) => Promise<PagePixels>,
): FigureReader {
  const read = new Map<number, Map<string, Reading | null>>();
  return async (number, groups) => {
    const known = read.get(number) ?? new Map<string, Reading | null>();
    read.set(number, known);
    const missing = groups.filter((g) => !known.has(figureKey(g)));
    if (missing.length > 0) {
      const page = ocrPages.get(number) as ExtractedPage;
      const readings = await rereadFigures(await pixelsOf(number), page.imageWords as Word[], missing);
      missing.forEach((g, k) => {
        known.set(figureKey(g), readings[k] ?? null);
      });
    }
    return groups.map((g) => known.get(figureKey(g)) ?? null);
  };
}

/**
 * Re-reads each scanned page's unsure figures (one engine call a page); how many changed. The
 * figures `ahead` (by page, as word keys) are read in the same call, for later, not applied.
 */
async function rereadUnsure(
  parsed: ParsedStatement,
  wordPages: WordPage[],
  ocrPages: Map<number, ExtractedPage>,
  reread: FigureReader,
  ahead: Map<number, Set<string>>,
): Promise<number> {
  const vouched = vouchedFigures(parsed);
  let changed = 0;
  for (const [number, page] of ocrPages) {
    const index = wordPages.findIndex((p) => p.number === number);
    const wordPage = wordPages[index] as WordPage;
    const groups = unsureFigures(wordPage, vouched.get(number));
    const unsure = new Set(groups.map(figureKey));
    const later = [...(ahead.get(number) ?? [])].filter((k) => !unsure.has(k)).map(groupOf);
    if (groups.length + later.length === 0) continue;
    const imageWords = page.imageWords as Word[];
    const readings = (await reread(number, [...groups, ...later])).slice(0, groups.length);
    changed += applyReadings({ page: wordPage, imageWords }, groups, readings, { onlyBetter: true });
  }
  return changed;
}

async function recheckFailedTotals(
  parsed: ParsedStatement,
  wordPages: WordPage[],
  ocrPages: Map<number, ExtractedPage>,
  reread: FigureReader,
): Promise<ParsedStatement> {
  const bad = failing(parsed);
  if (bad.length === 0) return parsed;
  const byPage = figuresOf(parsed, bad, ocrPages);
  if (byPage.size === 0) return parsed;
  const saved = wordPages.map((p) => ({ ...p, words: [...p.words] }));
  for (const [number, set] of byPage) {
    const page = ocrPages.get(number) as ExtractedPage;
    const index = wordPages.findIndex((p) => p.number === number);
    const groups = [...set].map(groupOf);
    const readings = await reread(number, groups);
    applyReadings(
      { page: wordPages[index] as WordPage, imageWords: page.imageWords as Word[] },
      groups,
      readings,
      {
        onlyBetter: false,
      },
    );
  }
  const again = parseWordPages(wordPages);
  if (failing(again).length < bad.length) return again;
  // No better: keep the first reading.
  saved.forEach((p, i) => {
    wordPages[i] = p;
  });
  return parsed;
}
