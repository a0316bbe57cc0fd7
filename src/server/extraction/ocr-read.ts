import type { Word, WordPage } from "../../domain/line-items";
import { isNumericLike, parseAmount, parsePercent } from "../../domain/line-items";
import { layoutPage } from "../../domain/line-items/page";
import { figureCrop } from "./crop-pixels";
import { skewAngle, straighten } from "./deskew";
import { ocrEngine, type Reading } from "./ocr";
import { decodePage, type PageImage, type PagePixels, pnm } from "./page-pixels";

/**
 * OCR of a scanned page as positioned words (tesseract's word boxes and confidences), for
 * the column model; and re-reading of single figures from a sharper, larger crop of the page
 * when the first reading is unsure or a total does not add up (read-statement.ts decides which).
 */

/** Amounts read with less confidence than this are read again, unless a total vouches for them. */
const REREAD_CONFIDENCE = 85;
/** Crops are enlarged this much before they are read again. */
const REREAD_SCALE = 2.5;
/** White pixels around a crop (tesseract reads a line better with a margin). */
const CROP_BORDER = 20;

export interface OcrWords {
  page: WordPage;
  /** The page's text, line by line (for the extraction's page text). */
  text: string;
  /** The skew the words were straightened by (degrees). */
  angle: number;
  /** Words before straightening: where they are on the image (for crops). */
  imageWords: Word[];
  /** The page decoded once: the deskew's source, and the re-read crops'. */
  pixels: PagePixels;
}

/**
 * The words of a page image (an encoded image, a rendered PDF page's pixels, or grey pixels, or
 * a promise of one still being rendered), straightened. The image is decoded once to greyscale
 * pixels: the engine reads those, the skew is measured from them beside recognition, and the
 * crops of figures read again later (`readStatement`) are cut from them.
 */
export async function ocrWords(number: number, image: PageImage | Promise<PageImage>): Promise<OcrWords> {
  // The engine is handed the page while it is rendered or decoded: native tesseract starts and
  // loads its model meanwhile (benchmarks.md, 2026-11-28 fifth session). A failed render or
  // decode is the answer below; it is marked handled here in case the engine fails first.
  const decoded = Promise.resolve(image).then(decodePage);
  decoded.catch(() => {});
  const engine = await ocrEngine();
  const [reading, angle] = await Promise.all([engine.readPage(decoded), decoded.then(skewAngle)]);
  const pixels = await decoded;
  const { width, height } = pixels.raw;
  const imageWords = reading.words;
  const page: WordPage = {
    number,
    width,
    height,
    words: straighten(imageWords, angle, width, height),
    source: "ocr",
  };
  return { page, text: reading.lines.join("\n"), angle, imageWords, pixels };
}

/** A figure's words as one key (the same in the parser's trace and the page layout). */
export const figureKey = (words: readonly number[]) => words.join(",");

/**
 * Figures in the page's columns that OCR was unsure of, or could not read as a number. A
 * figure read as a number but with low confidence is left as read when `vouched` holds it:
 * a total it belongs to adds up in its column, which a misread digit would not.
 */
export function unsureFigures(page: WordPage, vouched: ReadonlySet<string> = new Set()): number[][] {
  const layout = layoutPage(page);
  const out: number[][] = [];
  for (const row of layout.rows)
    for (const t of [...row.cells.values(), ...row.percents.values()])
      if (t.kind === "garbled" || (t.conf < REREAD_CONFIDENCE && !vouched.has(figureKey(t.words))))
        out.push(t.words);
  for (const row of layout.rows)
    for (const t of row.stray) if (t.kind === "garbled" || t.kind === "money") out.push(t.words);
  return out;
}

/**
 * Reads figures again from the page's pixels: each group of words (one figure) cropped with a
 * margin, enlarged, sharpened and read as a single line of digits and money signs (all of a
 * page's crops in one engine call).
 */
export async function rereadFigures(
  pixels: PagePixels,
  words: readonly Word[],
  groups: readonly number[][],
): Promise<(Reading | null)[]> {
  if (groups.length === 0) return [];
  const meta = pixels.raw;
  // Crops of figures that are not on the page (no words, no area) are not read. Each crop is
  // made when the engine takes it, so native tesseract reads the first while the next are made.
  const cropOf: (number | null)[] = [];
  function* crops(): Generator<Buffer> {
    let made = 0;
    for (const g of groups) {
      const ws = g.map((i) => words[i]).filter((x): x is Word => !!x);
      if (ws.length === 0) {
        cropOf.push(null);
        continue;
      }
      const x0 = Math.min(...ws.map((x) => x.x0));
      const x1 = Math.max(...ws.map((x) => x.x1));
      const y0 = Math.min(...ws.map((x) => x.y0));
      const y1 = Math.max(...ws.map((x) => x.y1));
      const h = Math.max(8, y1 - y0);
      const left = Math.max(0, Math.floor(x0 - h * 0.6));
      const top = Math.max(0, Math.floor(y0 - h * 0.45));
      const width = Math.min(meta.width - left, Math.ceil(x1 - x0 + h * 1.2));
      const height = Math.min(meta.height - top, Math.ceil(h * 1.9));
      if (width <= 2 || height <= 2) {
        cropOf.push(null);
        continue;
      }
      cropOf.push(made++);
      // One grey channel as PGM: the same pixels without encoding them (a third less of
      // tesseract's time on a crop than three equal channels).
      const crop = figureCrop(pixels, { left, top, width, height }, REREAD_SCALE, CROP_BORDER);
      yield Buffer.concat(
        pnm({
          data: Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength),
          raw: { width: crop.width, height: crop.height, channels: 1 },
        }),
      );
    }
  }
  const readings = await (await ocrEngine()).readFigures(crops());
  return cropOf.map((k) => (k === null ? null : (readings[k] ?? null)));
}

const readsAsFigure = (t: string) =>
  isNumericLike(t) && (parseAmount(t.replace(/\s+/g, "")) !== null || parsePercent(t) !== null);

/**
 * Puts re-read figures in place of the first reading: the group's first word takes the new
 * text, its other words are emptied. With `onlyBetter`, only where the new reading is a
 * figure and surer than the old one (or the old one was not a figure at all).
 */
export function applyReadings(
  ocr: Pick<OcrWords, "page" | "imageWords">,
  groups: readonly number[][],
  readings: readonly (Reading | null)[],
  opts: { onlyBetter: boolean },
): number {
  let changed = 0;
  groups.forEach((g, k) => {
    const r = readings[k];
    if (!r || !readsAsFigure(r.text)) return;
    const words = g.map((i) => ocr.page.words[i]).filter((x): x is Word => !!x);
    const old = words.map((x) => x.text).join(" ");
    const oldConf = Math.min(...words.map((x) => x.conf ?? 100));
    if (opts.onlyBetter && readsAsFigure(old) && r.conf < oldConf) return;
    const first = g[0] as number;
    const word = ocr.page.words[first] as Word;
    const text = r.text.replace(/\s+/g, "");
    if (text === old.replace(/\s+/g, "") && r.conf <= oldConf) return;
    const x1 = Math.max(...words.map((x) => x.x1));
    ocr.page.words[first] = { ...word, text, x1, conf: Math.max(r.conf, 1), reread: true };
    for (const i of g.slice(1)) {
      const x = ocr.page.words[i] as Word;
      ocr.page.words[i] = { ...x, text: "" };
    }
    changed++;
  });
  return changed;
}
