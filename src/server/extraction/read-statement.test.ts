import { describe, expect, it, vi } from "vitest";
import { parseWordPages, type Word, type WordPage } from "../../domain/line-items";
import type { OcrEngine } from "./ocr";
import { unsureFigures } from "./ocr-read";
import { readStatement, vouchedFigures } from "./read-statement";

/** The engine's figure readings, call by call (each call is one tesseract run): how many crops. */
const figureCalls: number[] = [];
vi.mock("./ocr", () => ({
  ocrEngine: async (): Promise<OcrEngine> => ({
    name: "native",
    readPage: async () => ({ words: [], lines: [] }),
    readFigures: async (crops) => {
      const all = [...crops];
      figureCalls.push(all.length);
      return all.map(() => null);
    },
  }),
}));

/**
 * Which figures of a scanned page are read again: unreadable ones always, figures read with
 * low confidence unless a total they belong to adds up in their column (each re-read is a
 * tesseract run on a crop: throughput, benchmarks.md "OCR throughput").
 */
function scan(total: string, rentConf: number): WordPage {
  const words: Word[] = [];
  const put = (text: string, x0: number, y: number, conf = 95) =>
    words.push({ text, x0, x1: x0 + text.length * 5, y0: y, y1: y + 10, conf });
  const row = (y: number, label: string, figure: string, conf?: number) => {
    let x = 50;
    for (const w of label.split(" ")) {
      put(w, x, y);
      x += w.length * 5 + 4;
    }
    put(figure, 300 - figure.length * 5, y, conf);
  };
  put("Year", 250, 40);
  put("to", 275, 40);
  put("Date", 290, 40);
  put("Income", 50, 60);
  row(74, "Rent Income", "$39,058.70", rentConf);
  row(88, "Laundry Income", "$2,747.27");
  row(102, "Late Fees", "$628.60");
  row(116, "Total Income", total);
  return { number: 1, width: 600, height: 800, words, source: "ocr" };
}
const rent = (page: WordPage) => [page.words.findIndex((w) => w.text === "$39,058.70")];

describe("figures read again on a scanned page", () => {
  it("leaves a figure read with low confidence as read when its total adds up", () => {
    const page = scan("$42,434.57", 70);
    const parsed = parseWordPages([page]);
    expect(unsureFigures(page, vouchedFigures(parsed).get(1))).toEqual([]);
  });

  it("reads it again when its total does not add up, or without a total's word", () => {
    const page = scan("$42,484.57", 70);
    expect(unsureFigures(page, vouchedFigures(parseWordPages([page])).get(1))).toEqual([rent(page)]);
    expect(unsureFigures(page)).toEqual([rent(page)]);
  });

  it("never re-reads figures read surely", () => {
    const page = scan("$42,484.57", 96);
    expect(unsureFigures(page, vouchedFigures(parseWordPages([page])).get(1))).toEqual([]);
  });
});

describe("reading figures again", () => {
  it("reads a figure once, in one tesseract run, when it is both unsure and under a total that does not add up", async () => {
    figureCalls.length = 0;
    const page = scan("$42,484.57", 70);
    const pixels = {
      data: Buffer.alloc(600 * 800, 255),
      raw: { width: 600, height: 800, channels: 1 as const },
    };
    await readStatement(
      [{ number: 1, text: "", source: "ocr", words: page, imageWords: [...page.words] }],
      async () => pixels,
    );
    // The rent (unsure) and, in the same run, the failing total's figures: the total and its
    // other two parts, not the rent twice (its crop, so its reading, would be the same). The
    // total still fails after that run, and its figures are not read again: one run, not two.
    expect(figureCalls).toEqual([4]);
  });
});
