import { type ParsedStatement, parseStatement } from "./statement";
import type { Cell, Word, WordPage } from "./types";

/**
 * Entry points of the line-item parser: pages of positioned words (PDF text layer, OCR word
 * boxes), sheets of cells, or plain text (one line per row; words placed by character, so
 * text laid out in columns keeps its columns).
 */

/** Line items of a document's pages of words. */
export function parseWordPages(pages: readonly WordPage[]): ParsedStatement {
  return parseStatement(pages);
}

/** A text line as words at their character offsets (a character is one unit wide, a line one unit high). */
function textLineWords(line: string, y: number): Word[] {
  const words: Word[] = [];
  for (const m of line.matchAll(/\S+/g)) {
    const x0 = m.index ?? 0;
    words.push({ text: m[0], x0, x1: x0 + m[0].length, y0: y, y1: y + 0.8 });
  }
  return words;
}

/** Plain text pages (no positions). */
function textPage(number: number, text: string): WordPage {
  const words = text.split(/\r?\n/).flatMap((line, i) => textLineWords(line, i));
  return { number, width: 0, height: 0, words, source: "text" };
}

/** Line items of plain text pages. */
export function parsePages(pages: ReadonlyArray<{ number: number; text: string }>): ParsedStatement {
  return parseStatement(pages.map((p) => textPage(p.number, p.text)));
}

/** Line items of one page of text. */
export function parseText(text: string): ParsedStatement {
  return parsePages([{ number: 1, text }]);
}

function cellText(c: Cell): string {
  if (c === null || c === undefined) return "";
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === "number") return Number.isFinite(c) ? String(c) : "";
  return String(c).trim();
}

/** A sheet as a page: each row a line, each non-empty cell a word at its column. */
function sheetPage(number: number, rows: ReadonlyArray<ReadonlyArray<Cell>>): WordPage {
  const words: Word[] = [];
  rows.forEach((row, r) => {
    row.forEach((c, col) => {
      const text = cellText(c);
      if (!text) return;
      // A cell of several words stays one word: its text is one label or one figure.
      words.push({ text: text.replace(/\s+/g, " "), x0: col, x1: col + 0.9, y0: r, y1: r + 0.8 });
    });
  });
  return { number, width: 0, height: 0, words, source: "sheet" };
}

/** Line items of spreadsheet sheets (each a page). */
export function parseSheets(
  sheets: ReadonlyArray<{ number: number; rows: ReadonlyArray<ReadonlyArray<Cell>> }>,
): ParsedStatement {
  return parseStatement(sheets.map((s) => sheetPage(s.number, s.rows)));
}

/** Line items of one sheet's rows. */
export function parseRows(rows: ReadonlyArray<ReadonlyArray<Cell>>): ParsedStatement {
  return parseSheets([{ number: 1, rows }]);
}
