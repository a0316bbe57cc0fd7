import { readFile } from "node:fs/promises";
import heicDecode from "heic-decode";
import sharp, { type Metadata } from "sharp";
import { EXTRACTION_LIMITS, imageSizeProblem } from "./limits";
import { greyPixels, type PagePixels } from "./page-pixels";
import { DocumentProblem } from "./types";

/** Largest image decoded (the limit of item photos, limits.ts); bigger ones are refused unread. */
export const MAX_IMAGE_PIXELS = EXTRACTION_LIMITS.image.maxPixels;

/**
 * Reads the image header only (no decoding) and refuses decompression bombs, then yields
 * each page (TIFFs can hold several), turned upright by its EXIF orientation, as grey pixels
 * ready for OCR (page-pixels.ts; no PNG in between).
 */
export async function* imagePagesForOcr(
  path: string,
  maxPages: number,
  kind?: string,
): AsyncGenerator<PagePixels> {
  if (kind === "heic") {
    yield* heicPagesForOcr(path, maxPages);
    return;
  }
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new DocumentProblem(imageReadProblem(err));
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (imageSizeProblem(width, height)) throw new DocumentProblem(tooLarge(width, height));
  const pages = meta.pages ?? 1;
  if (pages > maxPages) {
    throw new DocumentProblem(
      `This image has ${pages} pages; the limit is ${maxPages} pages per file. Split it and upload the parts.`,
    );
  }
  for (let page = 0; page < pages; page++) {
    try {
      yield await greyPixels(sharp(path, { page, limitInputPixels: MAX_IMAGE_PIXELS }).rotate());
    } catch (err) {
      throw new DocumentProblem(imageReadProblem(err));
    }
  }
}

export function tooLarge(width: number, height: number): string {
  return imageSizeProblem(width, height) ?? "This image is too large to read.";
}

/** HEIC (iPhone photos): libvips here has no HEVC decoder, so libheif (WebAssembly) decodes it. */
async function* heicPagesForOcr(path: string, maxPages: number): AsyncGenerator<PagePixels> {
  const heicProblem =
    "This HEIC image is damaged or cannot be read. Export it as JPEG or PNG and upload again.";
  let images: Awaited<ReturnType<typeof heicDecode.all>>;
  try {
    images = await heicDecode.all({ buffer: new Uint8Array(await readFile(path)) });
  } catch {
    throw new DocumentProblem(heicProblem);
  }
  try {
    if (images.length > maxPages) {
      throw new DocumentProblem(
        `This image has ${images.length} pages; the limit is ${maxPages} pages per file.`,
      );
    }
    for (const image of images) {
      if (imageSizeProblem(image.width, image.height))
        throw new DocumentProblem(tooLarge(image.width, image.height));
      let decoded: Awaited<ReturnType<typeof image.decode>>;
      try {
        decoded = await image.decode();
      } catch {
        throw new DocumentProblem(heicProblem);
      }
      yield await greyPixels(
        sharp(Buffer.from(decoded.data.buffer), {
          raw: { width: decoded.width, height: decoded.height, channels: 4 },
        }),
      );
    }
  } finally {
    images.dispose?.();
  }
}

export function imageReadProblem(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (/heif|heic|compression format|bad seek|codec/i.test(msg)) {
    return "This HEIC image cannot be read here. Export it as JPEG or PNG and upload again.";
  }
  if (/pixel limit/i.test(msg)) {
    const { maxPixels, maxSide } = EXTRACTION_LIMITS.image;
    return `This image is too large to read; the limit is ${maxPixels / 1_000_000} megapixels and ${maxSide.toLocaleString("en-US")} pixels per side.`;
  }
  return "This image is damaged or incomplete and cannot be read.";
}
