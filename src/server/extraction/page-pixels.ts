import sharp, { type Sharp } from "sharp";

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

/** A page rendered to a canvas: its RGBA pixels (a PDF page, never encoded as PNG). */
export interface RgbaImage {
  rgba: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** A page to read: an encoded image, a rendered page's RGBA pixels, or grey pixels already. */
export type PageImage = Buffer | RgbaImage | PagePixels;

/**
 * A page image as grey pixels (grey pixels as they are). A page that is grey and opaque already
 * (a scan: every pixel's colour channels equal, no transparency) keeps its one channel as it
 * is, the values `greyPixels` would give, without sharp's flatten and greyscale (a rendered
 * canvas is not handed to sharp at all); other images go through `greyPixels`.
 */
export async function decodePage(image: PageImage): Promise<PagePixels> {
  if ("raw" in image) return image;
  if (Buffer.isBuffer(image)) {
    const { data, info } = await sharp(image).raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
    return opaqueGrey(data, info.width, info.height, info.channels) ?? greyPixels(sharp(image));
  }
  return (
    opaqueGrey(image.rgba, image.width, image.height, 4) ??
    greyPixels(
      sharp(Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength), {
        raw: { width: image.width, height: image.height, channels: 4 },
      }),
    )
  );
}

/**
 * 8-bit pixels of 1–4 channels (grey, grey and alpha, RGB, RGBA) as one grey channel when every
 * pixel is opaque and its colour channels are equal; null otherwise.
 */
export function opaqueGrey(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: number,
): PagePixels | null {
  const raw = { width, height, channels: 1 as const };
  const n = width * height;
  if (channels === 1) return { data: Buffer.from(data.buffer, data.byteOffset, n), raw };
  const grey = Buffer.allocUnsafe(n);
  if (channels === 4 && data.byteOffset % 4 === 0) {
    // A pixel at a time as one 32-bit word (little-endian: alpha in the top byte).
    const words = new Uint32Array(data.buffer, data.byteOffset, n);
    for (let i = 0; i < n; i++) {
      const w = words[i] as number;
      const v = w & 0xff;
      if (w !== (0xff000000 | (v * 0x010101)) >>> 0) return null;
      grey[i] = v;
    }
    return { data: grey, raw };
  }
  const alpha = channels === 2 || channels === 4;
  const colours = alpha ? channels - 1 : channels;
  for (let i = 0, j = 0; i < n; i++, j += channels) {
    const v = data[j] as number;
    for (let c = 1; c < colours; c++) if (data[j + c] !== v) return null;
    if (alpha && data[j + channels - 1] !== 255) return null;
    grey[i] = v;
  }
  return { data: grey, raw };
}

/** An image's pixels as one 8-bit grey channel, white where it was transparent. */
export async function greyPixels(image: Sharp): Promise<PagePixels> {
  const { data, info } = await image
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
  async get(page: number, image: () => Promise<PageImage>): Promise<PagePixels> {
    return this.pages.get(page) ?? decodePage(await image());
  }
}
