import sharp from "sharp";

/**
 * A scanned page decoded once (greyscale, raw, white where the image was transparent): the
 * deskew and every re-read crop are cut from these pixels, and they are kept for the
 * statement's re-reads after all pages are read, so no page image is decoded or rendered twice.
 */
export interface PagePixels {
  data: Buffer;
  /** One 8-bit channel (grey) from `decodePage`; crops keep it. */
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export async function decodePage(image: Buffer): Promise<PagePixels> {
  const { data, info } = await sharp(image)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .extractChannel(0)
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: 1 } };
}

/**
 * Pixels as a binary PNM image (PGM for grey, PPM for colour): what the OCR engines are given
 * instead of a PNG. Tesseract then neither decodes a PNG nor, for a page, thresholds three colour
 * channels (a third of its time on a 300-dpi page; benchmarks.md, 2026-11-28 second session).
 * The header and the pixels, as two buffers to write one after the other.
 */
export function pnm(pixels: PagePixels): [Buffer, Buffer] {
  const { width, height, channels } = pixels.raw;
  if (channels !== 1 && channels !== 3) throw new Error(`pnm: 1 or 3 channels, not ${channels}`);
  const magic = channels === 1 ? "P5" : "P6";
  return [Buffer.from(`${magic}\n${width} ${height}\n255\n`, "latin1"), pixels.data];
}

/** A rectangle of the pixels, copied row by row (a crop's pipeline then never sees the page). */
export function cropPixels(
  pixels: PagePixels,
  rect: { left: number; top: number; width: number; height: number },
): PagePixels {
  const { width: w, channels: ch } = pixels.raw;
  const row = rect.width * ch;
  const data = Buffer.allocUnsafe(row * rect.height);
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.top + y) * w + rect.left) * ch;
    pixels.data.copy(data, y * row, from, from + row);
  }
  return { data, raw: { width: rect.width, height: rect.height, channels: ch } };
}

/** The share of a thread's memory (EXTRACTION_MEMORY_MB) kept as decoded pages for re-reads. */
const KEPT_SHARE = 1 / 6;

/**
 * Most bytes of decoded pages one extraction keeps for its re-reads, for a thread of `memoryMb`
 * (EXTRACTION_MEMORY_MB): a sixth, about 170 MB or 20 letter pages at 300 dpi at the default
 * 1,024 MB. A page past that is decoded again from its image if a figure on it is re-read.
 */
export const keptPixelBytes = (memoryMb: number) => Math.floor(memoryMb * 1024 * 1024 * KEPT_SHARE);

/** This thread's cap (set from the pool's memory limit at the thread's start, `keepPixelsWithin`). */
let maxKeptBytes = keptPixelBytes(1024);

/** Sets this thread's cap on kept pages from its memory limit in MB (extraction thread start). */
export function keepPixelsWithin(memoryMb: number) {
  maxKeptBytes = keptPixelBytes(memoryMb);
}

/** The decoded pages of one document, kept within this thread's cap (`keepPixelsWithin`). */
export class PagePixelStore {
  private readonly pages = new Map<number, PagePixels>();
  private bytes = 0;

  constructor(private readonly maxBytes = maxKeptBytes) {}

  keep(page: number, pixels: PagePixels) {
    if (this.bytes + pixels.data.length > this.maxBytes) return;
    this.pages.set(page, pixels);
    this.bytes += pixels.data.length;
  }

  /** Page `page`'s pixels: kept ones, else decoded from `image()` (the page rendered or read again). */
  async get(page: number, image: () => Promise<Buffer>): Promise<PagePixels> {
    return this.pages.get(page) ?? decodePage(await image());
  }
}
