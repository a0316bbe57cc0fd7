import sharp from "sharp";
import type { Word, WordPage } from "../../domain/line-items";
import { isNumericLike, parseAmount, parsePercent } from "../../domain/line-items";
import { layoutPage } from "../../domain/line-items/page";
import { skewAngle, straighten } from "./deskew";
import { ocrEngine, type Reading } from "./ocr";

/**
 * OCR of a scanned page as positioned words (tesseract's word boxes and confidences), for
 * the column model; and re-reading of single figures from a sharper, larger crop of the page
 * when the first reading is unsure or a total does not add up.
 */

/** Amounts read with less confidence than this are read again. */
const REREAD_CONFIDENCE = 85;
/** Crops are enlarged this much before they are read again. */
const REREAD_SCALE = 2.5;

export interface OcrWords {
  page: WordPage;
  /** The page's text, line by line (for the extraction's page text). */
  text: string;
  /** The skew the words were straightened by (degrees). */
  angle: number;
  /** Words before straightening: where they are on the image (for crops). */
  imageWords: Word[];
  /** Figures read again. */
  rereads: number;
}

const pngSize = (image: Buffer) =>
  image.length > 24 && image.readUInt32BE(12) === 0x49484452
    ? { width: image.readUInt32BE(16), height: image.readUInt32BE(20) }
    : null;

/** The words of a page image (PNG), straightened, with the unsure figures read again. */
export async function ocrWords(number: number, image: Buffer): Promise<OcrWords> {
  const size: { width: number; height: number } =
    pngSize(image) ??
    (await sharp(image)
      .metadata()
      .then((m) => ({ width: m.width ?? 0, height: m.height ?? 0 })));
  const engine = await ocrEngine();
  const [reading, angle] = await Promise.all([engine.readPage(image), skewAngle(image)]);
  const imageWords = reading.words;
  const page: WordPage = {
    number,
    width: size.width,
    height: size.height,
    words: straighten(imageWords, angle, size.width, size.height),
    source: "ocr",
  };
  const out: OcrWords = { page, text: reading.lines.join("\n"), angle, imageWords, rereads: 0 };
  out.rereads = await rereadUnsure(out, image);
  return out;
}

/** Figures in the page's columns that OCR was unsure of, or could not read as a number. */
function unsureFigures(page: WordPage): number[][] {
  const layout = layoutPage(page);
  const out: number[][] = [];
  for (const row of layout.rows)
    for (const t of [...row.cells.values(), ...row.percents.values()])
      if (t.kind === "garbled" || t.conf < REREAD_CONFIDENCE) out.push(t.words);
  for (const row of layout.rows)
    for (const t of row.stray) if (t.kind === "garbled" || t.kind === "money") out.push(t.words);
  return out;
}

async function rereadUnsure(ocr: OcrWords, image: Buffer): Promise<number> {
  const groups = unsureFigures(ocr.page);
  if (groups.length === 0) return 0;
  const readings = await rereadFigures(image, ocr.imageWords, groups);
  return applyReadings(ocr, groups, readings, { onlyBetter: true });
}

/**
 * Reads figures again from the page image: each group of words (one figure) cropped with a
 * margin, enlarged, sharpened and read as a single line of digits and money signs.
 */
export async function rereadFigures(
  image: Buffer,
  words: readonly Word[],
  groups: readonly number[][],
): Promise<(Reading | null)[]> {
  if (groups.length === 0) return [];
  // The page is decoded once (greyscale, raw pixels) and every crop cut from that: decoding
  // the whole 300-dpi page for each figure cost more than reading the figure.
  const { data: pixels, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const meta = { width: info.width, height: info.height };
  const raw = { width: info.width, height: info.height, channels: info.channels };
  // Crops of figures that are not on the page (no words, no area) are not read.
  const crops: Buffer[] = [];
  const cropOf: (number | null)[] = [];
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
    cropOf.push(crops.length);
    crops.push(
      await sharp(pixels, { raw })
        .extract({ left, top, width, height })
        .resize({ width: Math.round(width * REREAD_SCALE), kernel: "lanczos3" })
        .median(3)
        .normalise()
        .sharpen()
        .extend({ top: 20, bottom: 20, left: 20, right: 20, background: "#ffffff" })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
  }
  const readings = await (await ocrEngine()).readFigures(crops);
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
