import { describe, expect, it } from "vitest";
import { parseWordPages, type Word, type WordPage } from "../../src/domain/line-items";
import { statements } from "../fixtures/owner-statements/layouts";
import { type TruthLine, truthOf } from "../fixtures/owner-statements/model";

/**
 * Scan dust around labels, as tesseract read the MRI scan of the owner-statement corpus: a "©"
 * speck on the line above an item or before its account number, a lone "i" on the line below.
 * Each line must still be the truth's line (label, account, amounts by column), and the dust no
 * item of its own. Pages are built as OCR word boxes (250 dpi pixels) from the corpus truth.
 */
const mri = (() => {
  const doc = statements().find((e) => e.doc.id === "mri")?.doc;
  if (!doc) throw new Error("no MRI statement in the corpus");
  return truthOf(doc);
})();
const line = (label: string) => {
  const l = mri.lines.find((x) => x.label === label);
  if (!l) throw new Error(`no line ${label}`);
  return l;
};

const H = 30;
const RIGHTS = { period: 1520, ytd: 2113 };
const figure = (n: number | null) =>
  n === null || n === 0
    ? "-"
    : n < 0
      ? `(${Math.abs(n).toLocaleString("en-US")})`
      : n.toLocaleString("en-US");

function scanPage(rows: ({ dust: string; x: number } | { item: TruthLine; before?: string })[]): WordPage {
  const words: Word[] = [];
  const put = (text: string, x0: number, y: number) =>
    words.push({ text, x0, x1: x0 + text.length * 18, y0: y, y1: y + H, conf: 90 });
  const putRight = (text: string, x1: number, y: number) => put(text, x1 - text.length * 18, y);
  let y = 300;
  put("Current", 1300, y);
  put("Period", 1440, y);
  put("Year", 1880, y);
  put("to", 1970, y);
  put("Date", 2020, y);
  y += 60;
  for (const r of rows) {
    if ("dust" in r) put(r.dust, r.x, y);
    else {
      let x = 172;
      if (r.before) {
        put(r.before, 120, y);
      }
      if (r.item.account) put(r.item.account, x, y);
      x = 418;
      for (const w of r.item.label.split(" ")) {
        put(w, x, y);
        x += w.length * 18 + 12;
      }
      putRight(figure(r.item.amounts.period ?? null), RIGHTS.period, y);
      putRight(figure(r.item.amounts.ytd ?? null), RIGHTS.ytd, y);
    }
    y += 42;
  }
  return { number: 1, width: 2125, height: 2750, words, source: "ocr" };
}

const expected = (l: TruthLine) => ({
  label: l.label,
  account: l.account,
  amounts: [l.amounts.period ?? 0, l.amounts.ytd ?? 0],
});

describe("scan dust around labels (MRI scan of the owner-statement corpus)", () => {
  it("leaves out a speck on the line above, before the account number, and a lone letter below", () => {
    const laundry = line("Laundry Income");
    const audit = line("Accounting & Audit Fees");
    const supplies = line("Building Supplies");
    const { items } = parseWordPages([
      scanPage([
        { dust: "©", x: 120 },
        { item: laundry },
        { item: supplies, before: "©" },
        { item: audit },
        { dust: "i", x: 430 },
      ]),
    ]);
    expect(items.map((i) => ({ label: i.label, account: i.account, amounts: i.amounts }))).toEqual([
      expected(laundry),
      expected(supplies),
      expected(audit),
    ]);
  });

  it("keeps a wrapped label's first line and a lone capital letter that ends a label", () => {
    const laundry = line("Laundry Income");
    const { items } = parseWordPages([
      scanPage([{ item: { ...laundry, label: "Laundry Income Building B" } }, { item: laundry }]),
    ]);
    expect(items.map((i) => i.label)).toEqual(["Laundry Income Building B", "Laundry Income"]);
  });
});
