import type { Word, WordPage } from "../../domain/line-items";

/** A text item of pdfjs's text content. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Advance widths (thousandths of an em) of a Helvetica-like font, for placing words inside an item. */
function advance(ch: string): number {
  if (ch === " ") return 278;
  if (/[0-9$]/.test(ch)) return 556;
  if (/[.,:;'|!il]/.test(ch)) return 250;
  if (/[()\-[\]/ftrj]/.test(ch)) return 333;
  if (/[mwMW%]/.test(ch)) return 833;
  if (/[A-Z]/.test(ch)) return 667;
  return 520;
}

const mul = (m1: number[], m2: number[]) => [
  (m1[0] ?? 0) * (m2[0] ?? 0) + (m1[2] ?? 0) * (m2[1] ?? 0),
  (m1[1] ?? 0) * (m2[0] ?? 0) + (m1[3] ?? 0) * (m2[1] ?? 0),
  (m1[0] ?? 0) * (m2[2] ?? 0) + (m1[2] ?? 0) * (m2[3] ?? 0),
  (m1[1] ?? 0) * (m2[2] ?? 0) + (m1[3] ?? 0) * (m2[3] ?? 0),
  (m1[0] ?? 0) * (m2[4] ?? 0) + (m1[2] ?? 0) * (m2[5] ?? 0) + (m1[4] ?? 0),
  (m1[1] ?? 0) * (m2[4] ?? 0) + (m1[3] ?? 0) * (m2[5] ?? 0) + (m1[5] ?? 0),
];

/**
 * The words of a PDF page's text layer in page points, origin top-left (through the page's
 * viewport, so rotated pages come out upright). An item often holds several words ("Rent
 * Income    12,000.00" from fixed-width exports): it is split at spaces, each word placed
 * by the font's advance widths scaled to the item's measured width.
 */
export function textLayerPage(
  number: number,
  items: readonly PdfTextItem[],
  viewport: { width: number; height: number; transform: number[] },
): WordPage {
  const words: Word[] = [];
  for (const it of items) {
    if (!it.str?.trim()) continue;
    const t = mul(viewport.transform, it.transform);
    const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || Math.abs(it.height) || 10;
    const x = t[4] ?? 0;
    const baseline = t[5] ?? 0;
    // Width in viewport units: the item's width scaled like its x axis.
    const scaleX = Math.hypot(viewport.transform[0] ?? 1, viewport.transform[1] ?? 0) || 1;
    const width = it.width * scaleX;
    const chars = [...it.str];
    const adv = chars.map(advance);
    const total = adv.reduce((a, b) => a + b, 0) || 1;
    let pos = 0;
    let start = -1;
    let startX = 0;
    const flush = (endX: number, end: number) => {
      if (start === -1) return;
      words.push({
        text: chars.slice(start, end).join(""),
        x0: x + startX,
        x1: x + endX,
        y0: baseline - size * 0.8,
        y1: baseline + size * 0.2,
      });
      start = -1;
    };
    chars.forEach((ch, i) => {
      const w = ((adv[i] as number) / total) * width;
      if (/\s/.test(ch)) flush(pos, i);
      else if (start === -1) {
        start = i;
        startX = pos;
      }
      pos += w;
    });
    flush(pos, chars.length);
  }
  return { number, width: viewport.width, height: viewport.height, words, source: "text" };
}
