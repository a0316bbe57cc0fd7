import { PHOTO_LIMITS } from "../../domain/inventory/photos";
import { DocumentProblem } from "./types";

const MiB = 1024 * 1024;

/**
 * Limits on everything extraction opens, checked while reading, before memory is spent (see
 * docs/security.md, "Uploaded files"). A file over a limit fails at once with a reason its owner
 * can read; it is not retried.
 */
export const EXTRACTION_LIMITS = {
  zip: {
    /** Parts (entries) in one ZIP-based file (an XLSX has a dozen or two). */
    maxEntries: 10_000,
    /** All parts unpacked together. */
    maxTotalBytes: 100 * MiB,
    /** A part unpacking to more than this many times its packed size is refused... */
    maxRatio: 100,
    /** ...once it unpacks to more than this (tiny parts compress very well and are harmless). */
    ratioGraceBytes: 1 * MiB,
  },
  pdf: {
    /** One stream (page content, image, font) decoded. A 600 dpi colour letter page is ≈ 100 MB. */
    maxStreamBytes: 128 * MiB,
    /** Every stream of the file decoded, added up (≈ 240 scanned pages stored losslessly). */
    maxTotalBytes: 2048 * MiB,
  },
  /** One image (a statement scan or photo, or an image inside a PDF): the same limits as item photos. */
  image: { maxPixels: PHOTO_LIMITS.maxInputPixels, maxSide: PHOTO_LIMITS.maxInputSide },
  text: {
    /** Characters in one spreadsheet cell: Excel's own limit, so only a forged file goes past it. */
    maxCellChars: 32_767,
    /** Characters extracted from one file, all pages together. */
    maxFileChars: 5_000_000,
  },
} as const;

/** A size for people: "33 KB", "4.2 MB", "400 MB". */
export function megabytes(bytes: number): string {
  if (bytes < MiB) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} KB`;
  const mb = bytes / MiB;
  return `${mb >= 10 ? Math.round(mb).toLocaleString("en-US") : mb.toFixed(1)} MB`;
}

const grouped = (n: number) => n.toLocaleString("en-US");

/** Counts the characters extracted from one file and stops at the limit, as they are read. */
export class TextBudget {
  private used = 0;
  constructor(private readonly max: number = EXTRACTION_LIMITS.text.maxFileChars) {}

  /** Adds one page's (or sheet's) text; a DocumentProblem once the file holds too much. */
  add(text: string) {
    this.used += text.length;
    if (this.used > this.max) {
      throw new DocumentProblem(
        `This file holds more text than we read from one file (over ${grouped(this.max)} characters). Split it into smaller files and upload them separately.`,
      );
    }
  }
}

/** A spreadsheet cell longer than any spreadsheet program writes. */
export function assertCellLength(text: string, where: string) {
  const max = EXTRACTION_LIMITS.text.maxCellChars;
  if (text.length > max) {
    throw new DocumentProblem(
      `Cell ${where} holds ${grouped(text.length)} characters; a cell can hold at most ${grouped(max)} (Excel's own limit), so this file was not made by a spreadsheet program. Save it again from Excel and upload it again.`,
    );
  }
}

/** The image pixel limit (statements, photos and images inside PDFs alike): a reason, or null. */
export function imageSizeProblem(width: number, height: number): string | null {
  const { maxPixels, maxSide } = EXTRACTION_LIMITS.image;
  if (width * height <= maxPixels && width <= maxSide && height <= maxSide) return null;
  return `This image is too large to read (${grouped(width)} × ${grouped(height)} pixels); the limit is ${maxPixels / 1_000_000} megapixels and ${grouped(maxSide)} pixels per side. Scan at 300 dpi and upload again.`;
}
