import { describe, expect, it } from "vitest";
import { defaultColumn } from "./columns";
import { parseWordPages } from "./parse";
import { type ScanFigure, settleScanFigures } from "./scan-figures";
import { checkTotals } from "./structure";
import type { Word, WordPage } from "./types";

/**
 * Scanned pages as OCR returns them (issue 23): words with boxes and confidences, dust read as
 * words. Text is 10 units high, a character 5 units wide; labels start at x 50, the two amount
 * columns end at x 300 and 400.
 */
type W = [text: string, x0: number, conf?: number];
const RIGHTS = [300, 400];

function ocrPage(lines: { y: number; words: W[] }[]): WordPage {
  const words: Word[] = [];
  for (const { y, words: ws } of lines)
    for (const [text, x0, conf] of ws)
      words.push({ text, x0, x1: x0 + text.length * 5, y0: y, y1: y + 10, conf: conf ?? 95 });
  return { number: 1, width: 600, height: 800, words, source: "ocr" };
}

/** Words of a label at x 50 and figures right-aligned in the columns (null: blank cell). */
function row(y: number, label: string, cells: (string | null)[], extra: W[] = []): { y: number; words: W[] } {
  const words: W[] = [];
  let x = 50;
  for (const part of label.split(" ")) {
    words.push([part, x]);
    x += part.length * 5 + 4;
  }
  cells.forEach((c, i) => {
    if (c) words.push([c, (RIGHTS[i] as number) - c.length * 5]);
  });
  return { y, words: [...words, ...extra] };
}

/** A header cell right-aligned on a column: its words with a space between them. */
function header(text: string, right: number): W[] {
  const parts = text.split(" ");
  let x = right - text.length * 5;
  return parts.map((p) => {
    const w: W = [p, x];
    x += (p.length + 1) * 5;
    return w;
  });
}

const FIGURES = [
  row(100, "Rent Income - Market Rate", ["$39,058.70", "$507,153.08"]),
  row(114, "Commercial Rent - Retail", ["$18,939.11", "$180,767.73"]),
  row(128, "Laundry Income", ["$2,747.27", "$23,942.46"]),
  row(142, "Late Fees", ["$628.60", "$4,646.61"]),
];

describe("a scan's column header behind dust", () => {
  it("reads the header over a line of specks and a heading with a speck in the columns", () => {
    const page = ocrPage([
      { y: 40, words: [["Account", 50], ...header("December 2024", 300), ...header("Year to date", 400)] },
      // The "Income" heading and a rule read as junk, almost without confidence (one "0").
      {
        y: 56,
        words: [
          ["meome.", 50, 0],
          ["0", 120, 17],
          ["amen", 180, 2],
          ["eo", 330, 32],
        ],
      },
      // A heading, with dust read as ":" under the second column.
      row(72, "Rent Income", [], [[":", 380, 69]]),
      ...FIGURES,
    ]);
    const parsed = parseWordPages([page]);
    expect(parsed.layout.columns.map((c) => c.label)).toEqual(["December 2024", "Year to date"]);
    expect(defaultColumn(parsed.layout.columns).why).toBe("ytd");
    expect(parsed.items.map((i) => i.label)).toEqual([
      "Rent Income - Market Rate",
      "Commercial Rent - Retail",
      "Laundry Income",
      "Late Fees",
    ]);
  });

  it("reads the header under a period title with a speck before it, over a line with a speck among its figures", () => {
    const page = ocrPage([
      // "Se" from dust; "2024" ends inside the first column's span.
      {
        y: 20,
        words: [
          ["Se", 10, 11],
          ["PERIOD:", 200, 96],
          ["DEC", 240, 96],
          ["2024", 262, 95],
        ],
      },
      { y: 40, words: [...header("Current Period", 300), ...header("Year to Date", 400)] },
      // The first line of figures, a speck ("©") read before its last figure, a percentage.
      row(
        60,
        "4010-000 GROSS POTENTIAL RENT",
        ["168,226"],
        [
          ["©", 330, 22],
          ["40.76%", 370],
        ],
      ),
      ...FIGURES,
    ]);
    const parsed = parseWordPages([page]);
    expect(parsed.layout.columns.map((c) => c.label)).toEqual(["Current Period", "Year to Date"]);
    expect(defaultColumn(parsed.layout.columns).why).toBe("ytd");
  });
});

describe("a scan's title with a speck beside it on one page", () => {
  it("is still the title every page repeats, so the income total is a part of net operating income", () => {
    // As native tesseract read the Buildium scan: "Income Statement Lo" on page 1 (the "Lo" a speck,
    // confidence 4), "Income Statement" on page 2. Taken as a sub-heading, the title on page 1 took
    // "Total income" as its own total, and the net line lost it.
    const title = (speck: boolean): { y: number; words: W[] }[] => [
      {
        y: 10,
        words: [
          ["Riverside", 200],
          ["Gardens", 250],
          ["LLC", 290],
        ],
      },
      { y: 24, words: [["Income", 210], ["Statement", 245], ...(speck ? [["Lo", 340, 4] as W] : [])] },
      { y: 40, words: [["Account", 50], ...header("December 2024", 300), ...header("Year to date", 400)] },
    ];
    const page1 = ocrPage([
      ...title(true),
      ...FIGURES,
      row(156, "Total income", ["$61,373.68", "$716,509.88"]),
    ]);
    const page2 = {
      ...ocrPage([
        ...title(false),
        { y: 60, words: [["Expenses", 50]] },
        row(74, "Payroll Taxes", ["$1,496.33", "$22,894.52"]),
        row(88, "Fuel Oil", ["$2,292.34", "$30,068.38"]),
        row(102, "Total expenses", ["$3,788.67", "$52,962.90"]),
        row(116, "Net operating income", ["$57,585.01", "$663,546.98"]),
      ]),
      number: 2,
    };
    const { items } = parseWordPages([page1, page2]);
    const line = (label: string) => items.findIndex((i) => i.label === label);
    expect(items.find((i) => i.label === "Net operating income")?.parts).toEqual([
      { line: line("Total income"), sign: 1 },
      { line: line("Total expenses"), sign: -1 },
    ]);
    for (const c of [0, 1]) expect(checkTotals(items, c).filter((t) => !t.ok)).toEqual([]);
  });
});

describe("a scan's labels and cells with dust", () => {
  const headerRow = { y: 40, words: [...header("December 2024", 300), ...header("Year to date", 400)] };

  it("leaves low-confidence specks at a label's ends and a quote before an account number out", () => {
    const page = ocrPage([
      headerRow,
      ...FIGURES,
      // "Po" (confidence 0) far left of the account number; a quote read before another.
      {
        y: 156,
        words: [["Po", 10, 0], ...row(156, "6010 - Super Salary", ["$9,412.36", "$98,803.36"]).words],
      },
      row(170, '"6330 - Cleaning Supplies', ["$605.40", "$5,580.13"]),
      // A lone "J" (confidence 15) on a line of its own under an item: dust, not its label's end.
      { y: 178, words: [["J", 200, 15]] },
      row(186, "Building Supplies", ["$1,929.55", "$15,848.45"]),
    ]);
    const items = parseWordPages([page]).items.slice(4);
    expect(items.map((i) => [i.account ?? null, i.label])).toEqual([
      ["6010", "Super Salary"],
      ["6330", "Cleaning Supplies"],
      [null, "Building Supplies"],
    ]);
  });

  it("keeps a figure OCR misread in its column as an unreadable cell, not as label words", () => {
    const page = ocrPage([
      headerRow,
      ...FIGURES,
      // "ia;763" for "1,763" and "LnosABEEqs." (confidence 0) for "$4,555.13", in the first column.
      row(156, "Building Supplies", [null, "$15,848.45"], [["ia;763", 270, 0]]),
      row(170, "Cell Tower License", [null, "$57,158.14"], [["LnosABEEqs.", 245, 0]]),
      // "©7$35,13755" in the second column ended the amounts before: the first one joined the label.
      row(184, "Elevator Maintenance Contract", ["$2,394.03"], [["©7$35,13755", 345, 0]]),
    ]);
    const items = parseWordPages([page]).items.slice(4);
    expect(items.map((i) => [i.label, i.amounts])).toEqual([
      ["Building Supplies", [null, 15848.45]],
      ["Cell Tower License", [null, 57158.14]],
      ["Elevator Maintenance Contract", [2394.03, null]],
    ]);
  });

  // Tesseract.js read the Buildium scan's speck at confidence 31, native tesseract at 42.
  it.each([31, 42])(
    "joins a wrapped label across a speck read as a line of its own (confidence %i)",
    (conf) => {
      const page = ocrPage([
        headerRow,
        ...FIGURES,
        row(156, "Legal and Professional Fees -", []),
        row(167, "Housing Court and Landlord Tenant Matters", ["$0.00", "$20,315.91"]),
      ]);
      // A speck between the two lines of the label, low enough to be read as a line of its own.
      page.words.push({ text: "©", x0: 290, x1: 293, y0: 166, y1: 168, conf });
      const items = parseWordPages([page]).items.slice(4);
      // (The trailing dash is read as a blank cell's dash, so the joined label has none.)
      expect(items.map((i) => i.label)).toEqual([
        "Legal and Professional Fees Housing Court and Landlord Tenant Matters",
      ]);
    },
  );

  it("recognises the notes heading behind a speck and a prose line ending in a hyphen", () => {
    const page = ocrPage([
      headerRow,
      ...FIGURES,
      // A report's sentence whose line ends in a hyphen, read as a dash under the first column.
      row(180, "we did not do it and we are not in", ["-"]),
      { y: 210, words: [["*", 20, 15], ...row(210, "NOTES TO FINANCIAL STATEMENTS", []).words] },
      row(230, "Actual assessed value", ["$3,412,000", "$3,288,000"]),
      row(244, "J-51 abatement", ["$18,220", "$18,220"]),
    ]);
    const items = parseWordPages([page]).items;
    expect(items.map((i) => i.label)).toEqual([
      "Rent Income - Market Rate",
      "Commercial Rent - Retail",
      "Laundry Income",
      "Late Fees",
    ]);
  });
});

describe("settleScanFigures: a figure's shape from the page's conventions", () => {
  let x = 0;
  const fig = (text: string, value: number | null, conf = 96, kind: ScanFigure["kind"] = "money") => {
    x += 200;
    return { text, kind, value, x0: x - text.length * 16, x1: x, conf };
  };
  const centsPage = () => [
    fig("1,474.18", 1474.18),
    fig("2,130.16", 2130.16),
    fig("23,994.54", 23994.54),
    fig("(1,567.37)", -1567.37),
    fig("(5,783.65)", -5783.65),
    fig("8,031.82", 8031.82),
  ];
  const wholePage = () => [
    fig("168,226", 168226),
    fig("1,533,359", 1533359),
    fig("(5,763)", -5763),
    fig("(69,534)", -69534),
    fig("32,752", 32752),
    fig("455,320", 455320),
  ];

  it("reads a last comma followed by two digits as the decimal point on a page in cents", () => {
    const t = fig("(3,555,59)", null, 90, "garbled");
    settleScanFigures([...centsPage(), t]);
    expect([t.kind, t.value]).toEqual(["money", -3555.59]);
    expect(t.conf).toBeLessThan(85);
  });

  it("reads points as thousands commas on a page in whole dollars, not on a page in cents", () => {
    const whole = fig("9.087", 9.087, 30);
    settleScanFigures([...wholePage(), whole]);
    expect(whole.value).toBe(9087);
    const cents = fig("9.087", 9.087, 30);
    settleScanFigures([...centsPage(), cents]);
    expect(cents.value).toBe(9.087);
  });

  it("drops a sign the page never uses, only from a figure read unsurely", () => {
    const lead = fig("-982", -982, 45);
    settleScanFigures([...wholePage(), lead]);
    expect(lead.value).toBe(982);
    const sure = fig("-982", -982, 96);
    settleScanFigures([...wholePage(), sure]);
    expect(sure.value).toBe(-982);
    // A trailing minus after a leading-minus page's figures; "8020-" (an account number) stays.
    const page = [
      fig("-7,807.22", -7807.22, 88),
      fig("-23,011.45", -23011.45, 92),
      fig("12,345.67", 12345.67),
    ];
    const trail = fig("1,505,695.59-", -1505695.59, 81);
    const account = fig("8020-", -8020, 0);
    settleScanFigures([...page, trail, account]);
    expect([trail.value, account.value]).toEqual([1505695.59, -8020]);
  });

  it('reads a "$" misread as a digit on a page where every figure starts with "$"', () => {
    const page = Array.from({ length: 12 }, (_, i) => fig(`$${i + 1},234.56`, (i + 1) * 1000 + 234.56));
    const t = fig("90.00", 90, 24);
    settleScanFigures([...page, t]);
    expect(t.value).toBe(0);
  });

  it("reads a lone digit narrower than the page's digits as a dash", () => {
    const narrow = { text: "2", kind: "money" as const, value: 2, x0: 1514, x1: 1523, conf: 46 };
    const wide = { text: "7", kind: "money" as const, value: 7, x0: 1503, x1: 1523, conf: 46 };
    settleScanFigures([...wholePage(), narrow, wide]);
    expect([narrow.kind, narrow.value]).toEqual(["dash", 0]);
    expect([wide.kind, wide.value]).toEqual(["money", 7]);
  });
});
