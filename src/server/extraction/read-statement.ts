import {
  checkTotals,
  type PageLineItem,
  type ParsedStatement,
  parseWordPages,
  type StatementLayout,
  type Word,
  type WordPage,
} from "../../domain/line-items";
import { applyReadings, rereadFigures } from "./ocr-read";
import type { ExtractedPage } from "./types";

/**
 * The statement read from its pages: line items by column and the layout. On scanned
 * pages, every total that does not add up has its figures (the total and its parts, in the
 * failing column) read again from sharper crops; the new readings are kept when fewer totals
 * fail with them.
 */
export async function readStatement(
  pages: readonly ExtractedPage[],
  reimage: (page: number) => Promise<Buffer>,
): Promise<{ lineItems: PageLineItem[]; layout: StatementLayout }> {
  const wordPages = pages.map((p) => p.words ?? emptyPage(p.number));
  let parsed = parseWordPages(wordPages);
  const ocrPages = new Map(
    pages.filter((p) => p.source === "ocr" && p.words && p.imageWords).map((p) => [p.number, p]),
  );
  if (ocrPages.size > 0) parsed = await recheckFailedTotals(parsed, wordPages, ocrPages, reimage);
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

async function recheckFailedTotals(
  parsed: ParsedStatement,
  wordPages: WordPage[],
  ocrPages: Map<number, ExtractedPage>,
  reimage: (page: number) => Promise<Buffer>,
): Promise<ParsedStatement> {
  const bad = failing(parsed);
  if (bad.length === 0) return parsed;
  // The figures behind each failing total, by page: the total's cell and its parts' cells.
  const byPage = new Map<number, Set<string>>();
  for (const { line, column } of bad) {
    const item = parsed.items[line] as PageLineItem;
    for (const l of [line, ...(item.parts ?? []).map((p) => p.line)]) {
      const t = parsed.trace[l];
      const cell = t?.cells[column];
      if (!t || !cell || !ocrPages.has(t.page)) continue;
      const set = byPage.get(t.page) ?? new Set<string>();
      set.add(cell.words.join(","));
      byPage.set(t.page, set);
    }
  }
  if (byPage.size === 0) return parsed;
  const saved = wordPages.map((p) => ({ ...p, words: [...p.words] }));
  for (const [number, set] of byPage) {
    const page = ocrPages.get(number) as ExtractedPage;
    const index = wordPages.findIndex((p) => p.number === number);
    const groups = [...set].map((s) => s.split(",").map(Number));
    const image = await reimage(number);
    const readings = await rereadFigures(image, page.imageWords as Word[], groups);
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
