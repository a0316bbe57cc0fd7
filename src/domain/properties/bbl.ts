/**
 * NYC Borough-Block-Lot (BBL) numbers: parsing, validation and formatting.
 * A BBL is 10 digits: borough (1) + block (5, 1–99999) + lot (4, 1–9999).
 */

const BOROUGHS = [
  { code: 1, name: "Manhattan", abbr: "MN" },
  { code: 2, name: "Bronx", abbr: "BX" },
  { code: 3, name: "Brooklyn", abbr: "BK" },
  { code: 4, name: "Queens", abbr: "QN" },
  { code: 5, name: "Staten Island", abbr: "SI" },
] as const;

type BoroughCode = (typeof BOROUGHS)[number]["code"];

export interface Bbl {
  borough: BoroughCode;
  block: number;
  lot: number;
}

/** Which part of the input was wrong; "format" when it is not shaped like a BBL at all. */
export type BblErrorPart = "format" | "borough" | "block" | "lot";

export type BblParseResult = { ok: true; value: Bbl } | { ok: false; part: BblErrorPart; message: string };

export const BBL_MESSAGES: Record<BblErrorPart, string> = {
  format: "Enter a BBL as 10 digits (1011190036) or as borough, block and lot (1-01119-0036)",
  borough: "Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)",
  block: "Block must be 1–99999",
  lot: "Lot must be 1–9999",
};

/** Names people write for each borough (lower case, single spaces). */
const BOROUGH_NAMES: Record<string, BoroughCode> = {
  manhattan: 1,
  mn: 1,
  mh: 1,
  "new york": 1,
  bronx: 2,
  "the bronx": 2,
  bx: 2,
  brooklyn: 3,
  bk: 3,
  kings: 3,
  queens: 4,
  qn: 4,
  qns: 4,
  "staten island": 5,
  si: 5,
  richmond: 5,
};

const fail = (part: BblErrorPart): BblParseResult => ({ ok: false, part, message: BBL_MESSAGES[part] });

function boroughFrom(text: string): BoroughCode | null | "bad" {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= 5 ? (n as BoroughCode) : "bad";
  }
  return BOROUGH_NAMES[text.toLowerCase().replace(/\s+/g, " ")] ?? null;
}

function check(borough: BoroughCode, blockText: string, lotText: string): BblParseResult {
  const block = Number(blockText);
  if (!/^\d{1,5}$/.test(blockText) || block < 1) return fail("block");
  const lot = Number(lotText);
  if (!/^\d{1,4}$/.test(lotText) || lot < 1) return fail("lot");
  return { ok: true, value: { borough, block, lot } };
}

/**
 * Reads a BBL written as 10 digits ("1011190036"), with separators ("1-01119-0036",
 * "1 1119 36", "1/1119/36") or with a borough name or abbreviation
 * ("Manhattan 1119 36", "Brooklyn-123-45", "SI 1 1"). The error names the wrong part.
 */
export function parseBbl(input: string): BblParseResult {
  const text = input.trim();
  if (!text) return fail("format");

  if (/^\d+$/.test(text)) {
    if (text.length !== 10) return fail("format");
    const borough = boroughFrom(text.slice(0, 1));
    if (borough === "bad" || borough === null) return fail("borough");
    return check(borough, text.slice(1, 6), text.slice(6));
  }

  // Borough (digits or a name, which may contain a space), block, lot; separated by - / . , or spaces.
  const match = /^(.+?)[\s\-/.,:]+(\d+)[\s\-/.,:]+(\d+)$/.exec(text);
  if (!match) return fail("format");
  const [, boroughText = "", blockText = "", lotText = ""] = match;
  const borough = boroughFrom(boroughText.trim());
  if (borough === "bad") return fail("borough");
  if (borough === null) return /^[a-z\s]+$/i.test(boroughText.trim()) ? fail("borough") : fail("format");
  return check(borough, blockText, lotText);
}

/** "1011190036" */
export function formatBbl(bbl: Bbl): string {
  return `${bbl.borough}${String(bbl.block).padStart(5, "0")}${String(bbl.lot).padStart(4, "0")}`;
}

/** "1-01119-0036" */
export function formatBblDashed(bbl: Bbl): string {
  return `${bbl.borough}-${String(bbl.block).padStart(5, "0")}-${String(bbl.lot).padStart(4, "0")}`;
}

/** A BBL as the screens show it ("1-01119-0036") from any accepted spelling; other text as it is. */
export function dashedBbl(text: string): string {
  const parsed = parseBbl(text);
  return parsed.ok ? formatBblDashed(parsed.value) : text;
}

/** The 10-digit form of any accepted spelling, or null. */
export function normalizeBbl(input: string): string | null {
  const parsed = parseBbl(input);
  return parsed.ok ? formatBbl(parsed.value) : null;
}

export function boroughName(code: number): string | null {
  return BOROUGHS.find((b) => b.code === code)?.name ?? null;
}
