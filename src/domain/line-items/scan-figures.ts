import { parseAmount } from "./amount";

/**
 * Figures on a scanned page put right by the page's own conventions. OCR misreads a figure's
 * shape in ways the figure alone cannot show: a decimal point read as a comma ("(3,555,59)"),
 * a thousands comma read as a point ("9.087" on a statement in whole dollars), a speck read as a
 * sign the statement never uses ("-982" where negatives are in parentheses), a "$" read as a
 * digit ("90.00" where every amount starts with "$"), a dash read as a digit ("2", narrower than
 * any digit the page prints). Each rule needs the page to show its convention clearly, and a
 * changed figure is marked unsure (confidence 60 at most) so that it is read again.
 */

export interface ScanFigure {
  text: string;
  kind: "money" | "percent" | "dash" | "garbled" | "noise" | "word";
  value: number | null;
  x0: number;
  x1: number;
  conf: number;
}

/** OCR confidence at or above which a figure shows the page's conventions. */
const SURE = 85;
const UNSURE = 60;

type Sign = "paren" | "lead" | "trail";
const signOf = (t: string): Sign | null =>
  /^\$?\(.*\)$/.test(t) ? "paren" : /^[-−]/.test(t) ? "lead" : /\d-$/.test(t) ? "trail" : null;

const digits = (t: string) => t.replace(/\D/g, "").length;

export function settleScanFigures(tokens: ScanFigure[]): void {
  const money = tokens.filter((t) => t.kind === "money" && digits(t.text) > 0);
  const sure = money.filter((t) => t.conf >= SURE);
  // Cents or whole dollars: what most of the surely read figures of four digits or more show.
  const large = sure.filter((t) => digits(t.text) >= 4);
  const cents = large.filter((t) => /\.\d{2}\)?-?$/.test(t.text)).length;
  const centsPage = large.length >= 5 && cents * 10 >= large.length * 8;
  const wholePage = large.length >= 5 && cents * 10 <= large.length;
  // Signs the page uses for negatives, from its surely read figures ("8010-", an account number
  // before " - Mortgage Interest", is not one: figures with a comma or decimals only).
  const signs = new Map<Sign, number>();
  for (const t of sure) {
    if (!/[.,]\d/.test(t.text)) continue;
    const s = signOf(t.text);
    if (s) signs.set(s, (signs.get(s) ?? 0) + 1);
  }
  // Figures (a comma or decimals: not account numbers or years) that print a "$".
  const figures = money.filter((t) => /[.,]\d/.test(t.text));
  const dollars = figures.filter((t) => /^[-(]?\$/.test(t.text)).length;
  const dollarPage = figures.length >= 8 && dollars * 10 >= figures.length * 9;
  // The width of one digit (figures are mostly digits; commas and points are narrow).
  const digitWidths = sure.filter((t) => digits(t.text) >= 3).map((t) => (t.x1 - t.x0) / digits(t.text));
  digitWidths.sort((a, b) => a - b);
  const digitWidth = digitWidths[Math.floor(digitWidths.length / 2)] ?? 0;

  const set = (t: ScanFigure, text: string, kind: ScanFigure["kind"], value: number | null) => {
    t.text = text;
    t.kind = kind;
    t.value = value;
    t.conf = Math.min(t.conf, UNSURE);
  };
  for (const t of tokens) {
    if (t.kind === "garbled" && centsPage) {
      // "(3,555,59)": the last comma was the decimal point.
      const m = /^(\(?-?\$?)(\d{1,3}(?:,\d{3})*),(\d{2})(\)?-?)$/.exec(t.text);
      if (m) {
        const text = `${m[1]}${m[2]}.${m[3]}${m[4]}`;
        const v = parseAmount(text);
        if (v !== null) set(t, text, "money", v);
      }
      continue;
    }
    if (t.kind !== "money" || t.conf >= SURE) continue;
    if (wholePage && /^\(?-?\$?\d{1,3}(?:\.\d{3})+\)?-?$/.test(t.text)) {
      // "9.087" among whole dollars: the points were thousands commas.
      const text = t.text.replaceAll(".", ",");
      const v = parseAmount(text);
      if (v !== null) set(t, text, "money", v);
    }
    const sign = signOf(t.text);
    // ("8020-" before " - Depreciation" is an account number: a trailing one only after decimals.)
    const figure = sign !== "trail" || /[.,]\d/.test(t.text);
    if (sign && figure && !signs.get(sign) && [...signs.values()].some((n) => n >= 2) && t.value !== null) {
      // A sign the page never uses: a speck beside the figure.
      set(t, t.text.replace(/^[-−]|-$/g, ""), "money", Math.abs(t.value));
    }
    if (dollarPage && !/\$/.test(t.text)) {
      // "90.00" where every amount starts with "$": the "$" was read as a digit.
      const m = /^([(-]?)[9853Ss](\d.*)$/.exec(t.text);
      const rest = m ? `${m[1]}$${m[2]}` : null;
      const v = rest ? parseAmount(rest) : null;
      if (rest && v !== null && (!/\./.test(t.text) || /\.\d{2}\)?$/.test(rest))) set(t, rest, "money", v);
    }
    if (/^[02-9]$/.test(t.text) && digitWidth > 0 && t.x1 - t.x0 < 0.6 * digitWidth) {
      // A lone "2" narrower than any digit: a dash (zero) read as a digit.
      set(t, "-", "dash", 0);
    }
  }
}
