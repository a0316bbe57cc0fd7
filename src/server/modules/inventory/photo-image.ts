import sharp, { type Metadata, type OutputInfo } from "sharp";
import { PHOTO_LIMITS } from "../../../domain/inventory/photos";
import { httpError } from "../../plugins/errors";

/**
 * Item photo processing (docs/warehouse.md "Photos by link"): the upload is decided to be an
 * image by decoding it (never by its name or declared type), then re-encoded as WebP — turned
 * upright from its EXIF orientation, at most PHOTO_LIMITS.storedLongSide pixels on its long
 * side, sRGB, with every piece of metadata (EXIF GPS location, camera serials, XMP) dropped —
 * and a thumbnail is made from it.
 */

/** Formats read from uploads. SVG (scripts, external references) and RAW are refused. */
const READABLE = new Set(["jpeg", "png", "webp", "heif", "gif", "tiff"]);

const NOT_AN_IMAGE = "This file is not a photo we can read: send a JPEG, PNG, WebP, AVIF, GIF or TIFF image";
const SVG_REFUSED = "SVG drawings are not accepted as photos: send a JPEG, PNG or WebP image";
const DAMAGED_IMAGE = "This photo is damaged or incomplete and cannot be read; take it again";
const HEIC_REFUSED =
  "This HEIC photo cannot be read here: set the camera to JPEG (Most Compatible) or use the photo page's camera";

export interface ProcessedPhoto {
  image: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
  thumbWidth: number;
  thumbHeight: number;
  contentType: "image/webp";
}

/** The first bytes of a JPEG, PNG, GIF, WebP, TIFF or HEIF/AVIF file. */
function looksLikeImage(b: Buffer): boolean {
  const ascii = (from: number, to: number) => b.subarray(from, to).toString("latin1");
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    ascii(0, 8) === "\x89PNG\r\n\x1a\n" ||
    ascii(0, 4) === "GIF8" ||
    (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") ||
    ascii(0, 4) === "II*\0" ||
    ascii(0, 4) === "MM\0*" ||
    ascii(4, 8) === "ftyp"
  );
}

const grouped = (n: number) => n.toLocaleString("en-US");

/** Turns an upload into the stored photo and its thumbnail, or throws a 4xx the phone can show. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw httpError(400, "The photo is empty (0 bytes)");
  const head = input.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) {
    throw httpError(415, SVG_REFUSED);
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    // An image whose header is cut off or broken is damaged, not "not an image".
    throw looksLikeImage(input) ? httpError(422, DAMAGED_IMAGE) : httpError(415, NOT_AN_IMAGE);
  }
  if (meta.format === "svg") throw httpError(415, SVG_REFUSED);
  if (!meta.format || !READABLE.has(meta.format)) throw httpError(415, NOT_AN_IMAGE);
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (!w || !h) throw httpError(422, DAMAGED_IMAGE);
  if (w > PHOTO_LIMITS.maxInputSide || h > PHOTO_LIMITS.maxInputSide || w * h > PHOTO_LIMITS.maxInputPixels) {
    throw httpError(
      422,
      `This photo is too large to read (${grouped(w)} × ${grouped(h)} pixels); the limit is ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels and ${grouped(PHOTO_LIMITS.maxInputSide)} pixels per side`,
    );
  }
  const long = PHOTO_LIMITS.storedLongSide;
  let full: { data: Buffer; info: OutputInfo };
  try {
    full = await sharp(input, {
      limitInputPixels: PHOTO_LIMITS.maxInputPixels,
      failOn: "warning",
      pages: 1,
    })
      .autoOrient()
      .resize({ width: long, height: long, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    if (meta.format === "heif" && meta.compression === "hevc") throw httpError(415, HEIC_REFUSED);
    throw httpError(422, DAMAGED_IMAGE);
  }
  const t = PHOTO_LIMITS.thumbLongSide;
  const thumb = await sharp(full.data)
    .resize({ width: t, height: t, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 75, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return {
    image: full.data,
    width: full.info.width,
    height: full.info.height,
    thumb: thumb.data,
    thumbWidth: thumb.info.width,
    thumbHeight: thumb.info.height,
    contentType: "image/webp",
  };
}

/** At most `n` photos are decoded at once (a 12-megapixel decode holds ~50 MB). */
export function gate(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    // A finishing call hands its slot straight to the next waiting one.
    if (running >= n) await new Promise<void>((r) => waiting.push(r));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
