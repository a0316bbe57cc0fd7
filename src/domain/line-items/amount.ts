/**
 * Money amounts as they appear in financial statements.
 *
 * Accepted: `1234`, `1,234`, `1,234.56`, `$1,234`, `$ 1,234` (the caller joins `$` and the
 * digits), `(1,234)` and `1,234-` and `-1,234` for negatives, `$(1,234.00)`, European
 * `1.234,56` (spreadsheets saved with a comma decimal), and a lone dash (`-`, `–`, `—`,
 * `$ -`) for zero, and a credit mark `1,234.00 CR` (negative; `DR` positive). Not amounts: percentages, dates, times, words.
 */
const US = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$|^\.\d+$/;
const EU = /^\d{1,3}(?:\.\d{3})+,\d{1,2}$|^\d+,\d{1,2}$/;
const DASH = /^[-–—]+$/;
/** An amount followed by an accounting credit or debit mark. */
const CREDIT_DEBIT = /^(.*\d\)?)\s*(CR|DR|Cr|Dr)\.?$/;

export function parseAmount(raw: string): number | null {
  // Accounting credits and debits: "1,150.00 CR" is -1,150.00; "1,150.00 DR" is 1,150.00.
  const marked = CREDIT_DEBIT.exec(raw.trim());
  if (marked) {
    const v = parseAmount(marked[1] as string);
    if (v === null) return null;
    return /^cr/i.test(marked[2] as string) && v !== 0 ? -v : v;
  }
  let s = raw.trim().replace(/\s+/g, "");
  if (s === "") return null;
  if (/^\$?[-–—]+\$?$/.test(s)) return 0;
  let negative = false;
  // Peel signs, currency and parentheses in whatever order they were written: -$(1,234) etc.
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    if (s.startsWith("(") && s.endsWith(")")) {
      negative = !negative;
      s = s.slice(1, -1);
    }
    if (/^[-−]./.test(s) && !DASH.test(s)) {
      negative = !negative;
      s = s.slice(1);
    }
    if (/\d-$/.test(s)) {
      negative = !negative;
      s = s.slice(0, -1);
    }
    if (s.startsWith("$")) s = s.slice(1);
    if (s === before) break;
  }
  if (s.includes("(") || s.includes(")")) return null;
  if (DASH.test(s)) return 0;
  let value: number;
  if (US.test(s)) value = Number(s.replaceAll(",", ""));
  else if (EU.test(s)) value = Number(s.replaceAll(".", "").replace(",", "."));
  else return null;
  if (!Number.isFinite(value)) return null;
  return negative ? (value === 0 ? 0 : -value) : value;
}

/** True for a plain 4-digit year such as a column header "2023". */
export function isYearToken(raw: string): boolean {
  return /^(19|20)\d{2}$/.test(raw.trim());
}

/** A percentage as printed ("45.2%", "(3.10)%", "-12%"), as a number of percent; null otherwise. */
export function parsePercent(raw: string): number | null {
  const s = raw.trim().replace(/\s+/g, "");
  const m = /^(\(?)(-?)(\d+(?:\.\d+)?|\.\d+)(\)?)%(\)?)$/.exec(s);
  if (!m) return null;
  const negative = (m[1] === "(" && (m[4] === ")" || m[5] === ")")) || m[2] === "-";
  const v = Number(m[3]);
  return negative && v !== 0 ? -v : v;
}

/** Looks like a number that was printed (digits with money punctuation), even if it does not read as one. */
export function isNumericLike(raw: string): boolean {
  const s = raw.trim();
  return /\d/.test(s) && /^[\d$().,\-–—−%'‘’:;|~_\s]+$/.test(s);
}

/** A lone character OCR leaves from dust and rules: never part of a line's meaning. */
export function isNoise(raw: string): boolean {
  const s = raw.trim();
  return s.length > 0 && /^[.,:;'‘’`"“”|~_\-–—=*^°•·]+$/.test(s) && !/^[-–—]$/.test(s);
}
