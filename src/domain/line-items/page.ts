import { isNoise, isNumericLike, isYearToken, parseAmount, parsePercent } from "./amount";
import { settleScanFigures } from "./scan-figures";
import type { Box, Word, WordPage } from "./types";
import { DATE_RE, isHeaderWord } from "./vocabulary";

/**
 * One page's layout: words grouped into lines, the tokens of each line (amounts, dashes,
 * percentages, words), the page's columns found from where the amounts end (numbers are
 * right-aligned, so their right edges line up), the column header rows above them, and
 * each amount assigned to its column by position — blank cells stay blank.
 */

type TokenKind = "money" | "percent" | "dash" | "garbled" | "noise" | "word";

interface Token {
  text: string;
  kind: TokenKind;
  value: number | null;
  x0: number;
  x1: number;
  conf: number;
  /** Indexes of the page's words this token was made of. */
  words: number[];
}

export interface PageLine {
  index: number;
  y0: number;
  y1: number;
  tokens: Token[];
  text: string;
  /** Mean word confidence (OCR), or 100. */
  conf: number;
  box: Box | null;
}

/** A column of the page: where its amounts end, and its header text (top to bottom). */
export interface Anchor {
  x: number;
  left: number;
  right: number;
  count: number;
  percent: boolean;
  header: string[];
}

export interface LineCells {
  line: PageLine;
  /** Words left of the amounts. */
  label: string;
  labelX0: number;
  /** By anchor index: the money token of that column. */
  cells: Map<number, Token>;
  /** By anchor index: percentages (never amounts). */
  percents: Map<number, Token>;
  /** Amount-like tokens that sit in no column (stray marks, misreads). */
  stray: Token[];
}

export interface PageLayout {
  page: WordPage;
  lines: PageLine[];
  anchors: Anchor[];
  /** Line indexes of the column header rows. */
  headerLines: Set<number>;
  rows: LineCells[];
  /** Typical distance between consecutive lines (for wrapped labels). */
  pitch: number;
  /** Horizontal tolerance for alignment, in page units. */
  tol: number;
  /** Typical text height, in page units. */
  unit: number;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Words into lines: a word joins the line whose vertical middle it shares. */
function wordsToLines(page: WordPage): { words: number[]; y0: number; y1: number }[] {
  const order = page.words
    .map((w, i) => ({ w, i, c: (w.y0 + w.y1) / 2, h: Math.max(1e-6, w.y1 - w.y0) }))
    .filter((x) => x.w.text.trim() !== "")
    .sort((a, b) => a.c - b.c || a.w.x0 - b.w.x0);
  const lines: { words: number[]; c: number; h: number; y0: number; y1: number }[] = [];
  for (const x of order) {
    const line = lines.at(-1);
    if (line && Math.abs(x.c - line.c) <= 0.45 * Math.max(line.h, x.h)) {
      line.words.push(x.i);
      const n = line.words.length;
      line.c = (line.c * (n - 1) + x.c) / n;
      line.h = Math.max(line.h, x.h);
      line.y0 = Math.min(line.y0, x.w.y0);
      line.y1 = Math.max(line.y1, x.w.y1);
    } else lines.push({ words: [x.i], c: x.c, h: x.h, y0: x.w.y0, y1: x.w.y1 });
  }
  for (const l of lines) l.words.sort((a, b) => (page.words[a] as Word).x0 - (page.words[b] as Word).x0);
  return lines;
}

const OCR_DIGIT: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  l: "1",
  I: "1",
  "|": "1",
  S: "5",
  B: "8",
};

/** A word's text as an amount token, with OCR's usual confusions put right when only one letter is off. */
function classifyText(text: string): { kind: TokenKind; value: number | null; fixed: boolean } {
  let t = text.trim().replace(/[−]/g, "-");
  if (t === "$") return { kind: "word", value: null, fixed: false };
  // A dash is a zero; a rule of three or more ("----------", around a group header) is not.
  if (/^\$?\s*[-–—]{1,2}\s*\$?$/.test(t)) return { kind: "dash", value: 0, fixed: false };
  if (/^[-–—_=]{3,}$/.test(t)) return { kind: "noise", value: null, fixed: false };
  const pct = parsePercent(t);
  if (pct !== null) return { kind: "percent", value: pct, fixed: false };
  let fixed = false;
  if (/\d/.test(t) && !/^\d+[a-z]{1,2}$/i.test(t)) {
    const letters = t.replace(/[^A-Za-z|]/g, "");
    if (letters.length === 1 && OCR_DIGIT[letters] && /\d.*\d/.test(t)) {
      t = t.replace(/[A-Za-z|]/, (c) => OCR_DIGIT[c] ?? c);
      fixed = true;
    }
  }
  // "1,150.00CR" printed as one word: the credit mark makes it negative.
  if (/\d\)?\s*(?:CR|DR|Cr|Dr)\.?$/.test(t)) {
    const v = parseAmount(t);
    if (v !== null) return { kind: "money", value: v, fixed: false };
  }
  if (isNumericLike(t)) {
    // Dust after or before the figure: "1,234.56:", "'1,234".
    const core = t
      .replace(/^['‘’`:;|~_.,]+/, "")
      .replace(/['‘’`:;|~_,]+$/, "")
      .replace(/(\d)\.$/, "$1");
    const value = parseAmount(core);
    if (value !== null) return { kind: "money", value, fixed: fixed || core !== t };
    const p = parsePercent(core);
    if (p !== null) return { kind: "percent", value: p, fixed: true };
    return { kind: "garbled", value: null, fixed };
  }
  if (isNoise(t)) return { kind: "noise", value: null, fixed: false };
  return { kind: "word", value: null, fixed: false };
}

/**
 * The tokens of a line: words, with "$ 1,234", "( 1,234 )", "1,234 -" and "45.2 %" joined into
 * one token when the pieces sit close together. Dates and times are words, never amounts.
 */
function lineTokens(page: WordPage, wordIdx: number[]): Token[] {
  const words = wordIdx.map((i) => ({ w: page.words[i] as Word, i }));
  const h = median(words.map((x) => x.w.y1 - x.w.y0)) || 1;
  // Pieces of one amount sit close together (never across a sheet's cells).
  const near = (a: { x1: number }, b: { x0: number }) => page.source !== "sheet" && b.x0 - a.x1 <= 0.45 * h;
  const raw: Token[] = [];
  for (const { w, i } of words) {
    const prev = raw.at(-1);
    const conf = w.conf ?? 100;
    const t = w.text.trim();
    // A credit or debit mark a space after its amount ("1,150.00 CR") belongs to the amount.
    if (
      prev?.kind === "money" &&
      page.source !== "sheet" &&
      /^(?:CR|DR|Cr|Dr)\.?$/.test(t) &&
      w.x0 - prev.x1 <= 1.5 * h
    ) {
      const value = parseAmount(`${prev.text} ${t}`);
      if (value !== null) {
        prev.text = `${prev.text} ${t}`;
        prev.value = value;
        prev.x1 = w.x1;
        prev.words.push(i);
        continue;
      }
    }
    // Join pieces of one amount split into several words.
    if (prev && near(prev, w)) {
      const joined = `${prev.text}${t}`;
      const joinable =
        prev.text === "$" ||
        prev.text === "(" ||
        prev.text === "($" ||
        prev.text === "-" ||
        prev.text === "$(" ||
        ((prev.kind === "money" || prev.kind === "garbled") && /^[)%-]$|^\)%$/.test(t)) ||
        (prev.kind === "money" && /^\.\d+$/.test(t));
      if (joinable) {
        const c = classifyText(joined.replace(/^\$\(/, "($"));
        if (c.kind !== "word" && c.kind !== "noise") {
          prev.text = joined;
          prev.kind = c.kind;
          prev.value = c.value;
          prev.x1 = w.x1;
          prev.conf = Math.min(prev.conf, conf, c.fixed ? 60 : 100);
          prev.words.push(i);
          continue;
        }
      }
    }
    const c = classifyText(t);
    // On scans, a dash read with almost no confidence is a speck, not a zero.
    if (c.kind === "dash" && page.source === "ocr" && conf < DUST_CONFIDENCE) c.kind = "noise";
    raw.push({
      text: t,
      kind: c.kind,
      value: c.value,
      x0: w.x0,
      x1: w.x1,
      conf: c.fixed ? Math.min(conf, 60) : conf,
      words: [i],
    });
  }
  // Dates and times (and the years inside them) are words.
  const text = raw.map((x) => x.text).join(" ");
  const dateChars = new Set<number>();
  for (const m of text.matchAll(DATE_RE))
    for (let k = m.index ?? 0; k < (m.index ?? 0) + m[0].length; k++) dateChars.add(k);
  let pos = 0;
  for (const tok of raw) {
    if (tok.kind !== "word" && tok.kind !== "noise" && dateChars.has(pos)) {
      tok.kind = "word";
      tok.value = null;
    }
    pos += tok.text.length + 1;
  }
  return raw;
}

const isAmountKind = (k: TokenKind) => k === "money" || k === "dash" || k === "garbled";

/**
 * Tokens at the end of a line that could be amounts: back from the right, over dust, up to the
 * first word. In a sheet, every figure after the label counts (a comment may follow them).
 */
/**
 * Scan dust read as letters where the amount columns are ("i", "oe", "LnosABEEqs" between two
 * figures): short or mixed-case junk right of `amountLeft`, never a word of a label.
 */
const junkInColumns = (t: Token, amountLeft: number) =>
  t.x0 >= amountLeft && (t.text.length <= 3 || !/^[A-Z]?[a-z]+[.,:]?$/.test(t.text));

function trailingRun(tokens: Token[], sheet = false, amountLeft = Number.POSITIVE_INFINITY): Token[] {
  if (sheet) {
    const first = tokens.findIndex((t) => t.kind === "word");
    return tokens.filter((t, i) => i > first && t.kind !== "word" && t.kind !== "noise");
  }
  const out: Token[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i] as Token;
    if (t.kind === "noise") continue;
    if (t.kind === "word") {
      // A lone "$" or "%" between amounts does not end the run.
      if (t.text === "$" || t.text === "%") continue;
      if (junkInColumns(t, amountLeft) && out.length > 0) continue;
      break;
    }
    out.unshift(t);
  }
  return out;
}

/** Clusters right edges: numbers in a column end at the same x. */
function clusterAnchors(tokens: Token[], tol: number, minCount: number): Anchor[] {
  const sorted = [...tokens].sort((a, b) => a.x1 - b.x1);
  const groups: Token[][] = [];
  for (const t of sorted) {
    const g = groups.at(-1);
    if (g && t.x1 - (g[0] as Token).x1 <= 2 * tol && t.x1 - (g.at(-1) as Token).x1 <= tol) g.push(t);
    else groups.push([t]);
  }
  return groups
    .filter((g) => g.length >= minCount)
    .map((g) => ({
      x: median(g.map((t) => t.x1)),
      left: Math.min(...g.map((t) => t.x0)),
      right: Math.max(...g.map((t) => t.x1)),
      count: g.length,
      percent: g.filter((t) => t.kind === "percent").length * 2 >= g.length,
      header: [],
    }));
}

/** Which column a token belongs to: its right edge on the column's, or inside the column's span. */
function anchorFor(t: Token, anchors: Anchor[], tol: number): number {
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  anchors.forEach((a, i) => {
    const d = Math.abs(t.x1 - a.x);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  if (best >= 0 && bestD <= tol * 1.5) return best;
  // Centred or left-aligned figures: inside the column's span.
  const mid = (t.x0 + t.x1) / 2;
  const inside = anchors.findIndex((a) => mid >= a.left - tol * 0.5 && mid <= a.right + tol * 0.5);
  return inside;
}

const toBox = (page: WordPage, x0: number, y0: number, x1: number, y1: number): Box | null => {
  if (!(page.width > 0 && page.height > 0) || page.source === "sheet") return null;
  const c = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10000) / 10000));
  return { x0: c(x0 / page.width), y0: c(y0 / page.height), x1: c(x1 / page.width), y1: c(y1 / page.height) };
};

/** Lines of a page with their tokens. */
function pageLines(page: WordPage): PageLine[] {
  return wordsToLines(page).map((l, index) => {
    const tokens = lineTokens(page, l.words);
    const ws = l.words.map((i) => page.words[i] as Word);
    const confs = ws.map((w) => w.conf ?? 100);
    return {
      index,
      y0: l.y0,
      y1: l.y1,
      tokens,
      text: tokens.map((t) => t.text).join(" "),
      conf: confs.reduce((a, b) => a + b, 0) / Math.max(1, confs.length),
      box: toBox(page, Math.min(...ws.map((w) => w.x0)), l.y0, Math.max(...ws.map((w) => w.x1)), l.y1),
    };
  });
}

/** Header words group into cells: words closer than about a space and a half belong together. */
function headerCells(line: PageLine, unit: number, sheet = false) {
  const cells: { text: string; x0: number; x1: number }[] = [];
  for (const t of line.tokens) {
    if (t.kind === "noise") continue;
    const c = cells.at(-1);
    if (c && !sheet && t.x0 - c.x1 <= 0.6 * unit) {
      c.text += ` ${t.text}`;
      c.x1 = t.x1;
    } else cells.push({ text: t.text, x0: t.x0, x1: t.x1 });
  }
  return cells;
}

/** Below this confidence an OCR word between a header and the figures is a speck's reading, not ink. */
const DUST_CONFIDENCE = 40;

/**
 * The line without what is not ink: rules and dust marks ("::", "—"), and on scans the words
 * OCR read from specks or a rule's shadow ("meome. © 0 a amen", confidence 0–35). A scan's
 * header row or section heading then reads as it is printed.
 */
export function inkOnly(line: PageLine, ocr: boolean): PageLine {
  const tokens = line.tokens.filter((t) => t.kind !== "noise" && !(ocr && t.conf < DUST_CONFIDENCE));
  return tokens.length === line.tokens.length
    ? line
    : { ...line, tokens, text: tokens.map((t) => t.text).join(" ") };
}

/** A header-like line: only header words (periods, years, months, actual/budget/variance, %). */
export function headerLike(line: PageLine): boolean {
  const words = line.tokens.filter((t) => t.kind !== "noise").flatMap((t) => t.text.split(/\s+/));
  if (words.length === 0) return false;
  if (line.tokens.some((t) => t.kind === "money" && !isYearToken(t.text) && !/^\d{1,2}$/.test(t.text)))
    return false;
  const good = words.filter((w) => isHeaderWord(w)).length;
  return good / words.length >= 0.75;
}

/**
 * Lays out one page: lines, columns (from right edges of trailing amounts), the header rows
 * just above the first line of figures, and every line's amounts by column.
 * `inherit` gives the previous page's columns for a page that prints no header.
 */
export function layoutPage(page: WordPage, opts: { skip?: (line: PageLine) => boolean } = {}): PageLayout {
  const lines = pageLines(page);
  if (page.source === "ocr") {
    settleScanFigures(lines.flatMap((l) => l.tokens));
    for (const l of lines) l.text = l.tokens.map((t) => t.text).join(" ");
  }
  const sheet = page.source === "sheet";
  const unit = page.source === "sheet" ? 1 : median(lines.map((l) => l.y1 - l.y0).filter((h) => h > 0)) || 10;
  const tol = page.source === "sheet" ? 0.3 : 0.8 * unit;
  const candidates: Token[] = [];
  let withAmounts = 0;
  for (const l of lines) {
    if (opts.skip?.(l)) continue;
    const run = trailingRun(l.tokens, sheet).filter((t) => t.kind !== "word");
    if (run.length) withAmounts++;
    candidates.push(...run);
  }
  // Plain text without positions (no page size): amounts are counted from the right.
  const plain = page.source === "text" && !(page.width > 0);
  const anchors = sheet
    ? sheetAnchors(candidates)
    : plain
      ? []
      : clusterAnchors(candidates, tol, withAmounts <= 3 ? 1 : 2);

  // Header rows: header-like lines right above the first line with figures in the columns.
  const headerLines = new Set<number>();
  const headerInk = new Map<number, PageLine>();
  // On scans, dust read as a word among the figures ("168,226 42.77% 1,533,359 © 40.76%") does
  // not end them, as in cellsOf.
  const ocr = page.source === "ocr";
  const amountLeft =
    ocr && anchors.length ? Math.min(...anchors.map((x) => x.left)) : Number.POSITIVE_INFINITY;
  const firstFigures = lines.findIndex(
    (l) =>
      !opts.skip?.(l) &&
      !headerLike(l) &&
      trailingRun(inkOnly(l, ocr).tokens, sheet, amountLeft).some(
        (t) => isAmountKind(t.kind) && anchorFor(t, anchors, tol) >= 0,
      ),
  );
  if (anchors.length && firstFigures > 0) {
    const labelRight = Math.min(...anchors.map((a) => a.left)) - (sheet ? 0.05 : tol);
    let headings = 0;
    for (let i = firstFigures - 1; i >= 0 && headerLines.size < 3; i--) {
      const l = inkOnly(lines[i] as PageLine, ocr);
      if (l.tokens.length === 0) continue;
      // Section headings between the header and the first figures sit in the label column.
      // A long heading ("Operating Income & Expense") may reach under the first column: it
      // starts in the label column and holds neither figures nor column header words. Text
      // layers only: on the MRI scan it let a page's header name new columns of its own.
      const heading =
        l.tokens.every((t) => t.x1 <= labelRight) ||
        (page.source === "text" &&
          (l.tokens[0]?.x0 ?? 0) < labelRight &&
          !l.tokens.some((t) => isAmountKind(t.kind)) &&
          !headerLike(l));
      if (headerLines.size === 0 && headings < 4 && heading) {
        headings++;
        continue;
      }
      // (Furniture and period titles by the line as printed: "Period = Jan 2024-Dec 2024".)
      if (!headerLike(l) || opts.skip?.(lines[i] as PageLine)) break;
      const cells = headerCells(l, unit, sheet).filter((c) => c.x1 > labelRight);
      if (cells.length === 0) break;
      headerInk.set(l.index, l);
      // A title centred on the page is not a column header.
      if (cells.length === 1 && page.source !== "sheet" && page.width > 0 && anchors.length > 1) {
        const mid = ((cells[0] as { x0: number }).x0 + (cells[0] as { x1: number }).x1) / 2;
        if (Math.abs(mid - page.width / 2) < page.width * 0.03) break;
      }
      headerLines.add(l.index);
    }
    // Top to bottom: spanning group headers first, the columns' own labels last.
    for (const i of [...headerLines].sort((a, b) => a - b)) {
      assignHeader(
        headerCells(headerInk.get(i) as PageLine, unit, sheet).filter((c) => c.x1 > labelRight),
        anchors,
        tol,
      );
    }
  }

  // A "%" header makes a column of percentages even when its figures carry no "%" sign.
  for (const a of anchors) if (/%|\bpercent\b|\bpct\b/i.test(a.header.join(" "))) a.percent = true;
  const rows: LineCells[] = [];
  if (anchors.length === 0 && candidates.length > 0) {
    // No columns line up (text without positions): count the amounts from the right.
    const width = Math.max(...lines.map((l) => trailingRun(l.tokens).length));
    for (let i = 0; i < width; i++)
      anchors.push({
        x: Number.NaN,
        left: Number.NaN,
        right: Number.NaN,
        count: 0,
        percent: false,
        header: [],
      });
    for (const line of lines) rows.push(cellsFromRight(line, width));
  } else for (const line of lines) rows.push(cellsOf(line, anchors, tol, sheet, page.source === "ocr"));
  const centers = lines.map((l) => (l.y0 + l.y1) / 2);
  const gaps = centers
    .slice(1)
    .map((c, i) => c - (centers[i] as number))
    .filter((g) => g > 0);
  return { page, lines, anchors, headerLines, rows, pitch: median(gaps) || unit * 1.4, tol, unit };
}

/** Spreadsheets: every sheet column that holds amounts is a column. */
function sheetAnchors(tokens: Token[]): Anchor[] {
  const byCol = new Map<number, Token[]>();
  for (const t of tokens) {
    const k = Math.round(t.x0);
    byCol.set(k, [...(byCol.get(k) ?? []), t]);
  }
  return [...byCol.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([col, ts]) => ({
      x: col + 0.9,
      left: col,
      right: col + 0.9,
      count: ts.length,
      percent: ts.filter((t) => t.kind === "percent").length * 2 >= ts.length,
      header: [],
    }));
}

/**
 * Gives each column its header text. A cell over one column labels it; a cell spanning
 * several (a group header such as "Year to Date") labels the columns nearest to it, up to
 * half-way to the next group cell.
 */
function assignHeader(cells: { text: string; x0: number; x1: number }[], anchors: Anchor[], tol: number) {
  if (cells.length === 0) return;
  const owner = anchors.map(() => -1);
  // Direct hits: a cell that ends at a column's right edge, or overlaps one column's span.
  cells.forEach((c, ci) => {
    anchors.forEach((a, ai) => {
      const overlap = Math.min(c.x1, a.right) - Math.max(c.x0, a.left);
      const rightAligned = Math.abs(c.x1 - a.x) <= tol * 1.5;
      if (rightAligned || overlap > 0.3 * Math.min(c.x1 - c.x0, a.right - a.left)) {
        if (owner[ai] === -1) owner[ai] = ci;
      }
    });
  });
  const centers = cells.map((c) => (c.x0 + c.x1) / 2);
  anchors.forEach((a, ai) => {
    if (owner[ai] !== -1) return;
    const mid = (a.left + a.x) / 2;
    // Nearest cell, if the column lies within the cell's reach (half-way to its neighbours).
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    centers.forEach((c, ci) => {
      const d = Math.abs(mid - c);
      if (d < bestD) {
        bestD = d;
        best = ci;
      }
    });
    if (best === -1) return;
    const c = centers[best] as number;
    const leftN = centers[best - 1];
    const rightN = centers[best + 1];
    const reachL =
      leftN !== undefined
        ? (c - leftN) / 2
        : rightN !== undefined
          ? (rightN - c) / 2
          : (cells[best] as { x1: number }).x1 - c + tol;
    const reachR =
      rightN !== undefined
        ? (rightN - c) / 2
        : leftN !== undefined
          ? (c - leftN) / 2
          : (cells[best] as { x1: number }).x1 - c + tol;
    if (mid >= c - reachL && mid <= c + reachR) owner[ai] = best;
  });
  anchors.forEach((a, ai) => {
    const o = owner[ai] as number;
    if (o >= 0) a.header.push((cells[o] as { text: string }).text);
  });
}

/** A word of symbols only that no label starts or ends with ("©", "®", "«", "¢"): scan dust. */
const SPECK_SYMBOL = /^[^\p{L}\p{N}$()#&%*+\-–—/]+$/u;

/**
 * A scanned line's whole label that is only a speck (a symbol, or a lone lower-case letter such
 * as "i"): dust on a line of its own, never a heading or the start or end of a wrapped label.
 */
export const isSpeck = (label: string) => /^[a-z]$/.test(label) || SPECK_SYMBOL.test(label);

/**
 * On scans, a "word" in the amount columns that is a figure OCR misread: it holds digits
 * ("©7$35,13755", "+111,189", "ia;763"), or it was read with almost no confidence and ends where
 * a column's figures end ("LnosABEEqs." for "$4,555.13"). Such a cell is unreadable (garbled:
 * read again, or corrected by staff), and it no longer ends the line's amounts or joins its label.
 */
function misreadFigure(t: Token, anchors: Anchor[], amountLeft: number, tol: number): boolean {
  if (t.kind !== "word" || t.x1 <= amountLeft + tol) return false;
  if (/\d.*\d/.test(t.text)) return true;
  return (
    t.conf < DUST_CONFIDENCE &&
    t.text.length >= 4 &&
    anchors.some((a) => !a.percent && Math.abs(t.x1 - a.x) <= tol * 0.5)
  );
}

/** A line's label (words before its amounts) and its amounts by column. */
function cellsOf(line: PageLine, anchors: Anchor[], tol: number, sheet: boolean, ocr = false): LineCells {
  // On scans, dust read as letters in the amount columns does not end the amounts.
  const amountLeft =
    ocr && anchors.length ? Math.min(...anchors.map((x) => x.left)) : Number.POSITIVE_INFINITY;
  if (ocr) for (const t of line.tokens) if (misreadFigure(t, anchors, amountLeft, tol)) t.kind = "garbled";
  const run = new Set(trailingRun(line.tokens, sheet, amountLeft));
  const cells = new Map<number, Token>();
  const percents = new Map<number, Token>();
  const stray: Token[] = [];
  let firstAmount = line.tokens.length;
  line.tokens.forEach((t, i) => {
    if (!run.has(t) || t.kind === "word") return;
    const a = anchorFor(t, anchors, tol);
    if (a < 0) {
      stray.push(t);
      return;
    }
    const anchor = anchors[a] as Anchor;
    if (t.kind === "percent" || anchor.percent) {
      percents.set(a, t);
    } else {
      const held = cells.get(a);
      if (held && Math.abs(held.x1 - anchor.x) <= Math.abs(t.x1 - anchor.x)) {
        stray.push(t);
        return;
      }
      if (held) stray.push(held);
      cells.set(a, t);
    }
    firstAmount = Math.min(firstAmount, i);
  });
  // Stray numbers before the first placed amount belong to the label ("Unit 4B", "Suite 1400").
  // Dust at either end of the label goes; a "·" or ":" inside it stays ("6100 · Repairs").
  const before = line.tokens
    .slice(0, firstAmount)
    .filter((t) => !(run.has(t) && stray.includes(t) && t.kind !== "money"))
    .filter((t) => !(t.kind === "word" && junkInColumns(t, amountLeft)));
  let a = 0;
  let b = before.length;
  while (a < b && before[a]?.kind === "noise") a++;
  while (b > a && before[b - 1]?.kind === "noise") b--;
  // On scans, a speck read as a symbol ("©", "®", "«") before the label (or its account number)
  // is dust: no label starts with one.
  while (ocr && b - a > 1 && SPECK_SYMBOL.test((before[a] as Token).text)) a++;
  // On scans, words OCR read with almost no confidence at either end of a label ("Po 6010 -
  // Super Salary", "ia Legal Fees", "7 Total …") are specks, not the label's first or last word.
  // Short ones only: OCR reads real words with low confidence too ("Boiler", "GARAGE").
  const speckWord = (t: Token) => t.conf < DUST_CONFIDENCE && t.text.length <= 2;
  while (ocr && b - a > 1 && speckWord(before[a] as Token)) a++;
  while (ocr && b - a > 1 && speckWord(before[b - 1] as Token)) b--;
  // On scans, a speck read as "3", "oe" or "LnosABEEqs" well apart from the label's last word is
  // dust too; a lone lower-case letter or symbol after it ("Audit Fees i") is dust however near.
  while (ocr && b - a > 1) {
    const last = before[b - 1] as Token;
    const prev = before[b - 2] as Token;
    if (/^[a-z]$/.test(last.text) || SPECK_SYMBOL.test(last.text)) {
      b--;
      continue;
    }
    const junk = last.text.length <= 3 || /[a-z][A-Z]/.test(last.text);
    if (!junk || last.x0 - prev.x1 <= 3 * tol) break;
    b--;
  }
  const labelTokens = before.slice(a, b);
  const label = labelTokens
    .map((t) => t.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .replace(/[\s.·_:…$]+$/u, "")
    .replace(/^[\s.·_:…]+/u, "")
    // A speck before an account number reads as a quote ('"6330 - Cleaning Supplies').
    .replace(ocr ? /^["'“”‘’`]+(?=\d)/u : /^$/, "")
    .trim();
  return {
    line,
    label,
    labelX0: labelTokens[0]?.x0 ?? line.tokens[0]?.x0 ?? 0,
    cells,
    percents,
    stray: stray.filter((t) => line.tokens.indexOf(t) > firstAmount),
  };
}

/** Without columns: the last amount is the last column, and so on leftwards. */
function cellsFromRight(line: PageLine, width: number): LineCells {
  const run = trailingRun(line.tokens);
  const cells = new Map<number, Token>();
  const percents = new Map<number, Token>();
  run.forEach((t, j) => {
    const col = width - run.length + j;
    if (t.kind === "percent") percents.set(col, t);
    else if (t.kind !== "word") cells.set(col, t);
  });
  const first = run[0] ? line.tokens.indexOf(run[0]) : line.tokens.length;
  const labelTokens = line.tokens.slice(0, first).filter((t) => t.kind !== "noise");
  return {
    line,
    label: labelTokens
      .map((t) => t.text)
      .join(" ")
      .replace(/[\s.·_:…$]+$/u, "")
      .replace(/^[\s.·_:…]+/u, "")
      .trim(),
    labelX0: labelTokens[0]?.x0 ?? 0,
    cells,
    percents,
    stray: [],
  };
}
