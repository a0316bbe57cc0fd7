import { readFile } from "node:fs/promises";
import heicDecode from "heic-decode";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { imageReadProblem, MAX_IMAGE_PIXELS, tooLarge } from "./images";
import { imageSizeProblem } from "./limits";
import { assertPdfWithinLimits } from "./pdf-guard";
import { DocumentProblem, type PageImageOutcome, type PageImageTask } from "./types";

/** Preview images are WebP; text stays crisp at this quality. */
const WEBP = { quality: 88, effort: 2 } as const;
/** A rendered PDF page is capped at this many pixels (a very tall page gets narrower). */
const MAX_PREVIEW_PIXELS = 1600 * 2400;

const HEIC_PROBLEM =
  "This HEIC image is damaged or cannot be read. Export it as JPEG or PNG and upload again.";

/**
 * One page of a stored document as a WebP image for the file preview: PDFs are rendered
 * with pdfjs onto a canvas (the same code OCR uses), images are converted with sharp
 * (HEIC through libheif). Runs inside an extraction thread, so a broken file costs a thread,
 * never the API.
 */
export async function renderPageImage(task: PageImageTask): Promise<PageImageOutcome> {
  try {
    switch (task.kind) {
      case "pdf":
        return await pdfPage(task);
      case "png":
      case "jpeg":
      case "tiff":
        return await imagePage(task);
      case "heic":
        return await heicPage(task);
      default:
        return { ok: false, problem: "unreadable", reason: "Spreadsheets have no page image." };
    }
  } catch (err) {
    if (err instanceof DocumentProblem) return { ok: false, problem: "unreadable", reason: err.message };
    throw err;
  }
}

/** Stored files this thread already checked against the PDF limits (by path: content-addressed on disk). */
const checkedPdfs = new Set<string>();

async function pdfPage(task: PageImageTask): Promise<PageImageOutcome> {
  const { openPdf, openPdfPage, renderPageToCanvas } = await import("./pdf");
  if (!checkedPdfs.has(task.path)) {
    await assertPdfWithinLimits(task.path);
    if (checkedPdfs.size > 200) checkedPdfs.clear();
    checkedPdfs.add(task.path);
  }
  const doc = await openPdf(task.path);
  try {
    const pageCount = doc.numPages;
    if (pageCount === 0) throw new DocumentProblem("This PDF has no pages.");
    if (task.page > pageCount) return { ok: false, problem: "out-of-range", pageCount };
    const page = await openPdfPage(doc, task.page);
    try {
      const base = page.getViewport({ scale: 1 });
      if (!(base.width > 0 && base.height > 0)) throw new DocumentProblem("This PDF page has no size.");
      let canvas: Awaited<ReturnType<typeof renderPageToCanvas>>;
      try {
        canvas = await renderPageToCanvas(page, task.width / base.width, MAX_PREVIEW_PIXELS);
      } catch {
        throw new DocumentProblem(
          `This PDF is damaged or incomplete and cannot be read (page ${task.page}).`,
        );
      }
      const image = await canvas.encode("webp", WEBP.quality);
      return {
        ok: true,
        image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength),
        contentType: "image/webp",
        width: canvas.width,
        height: canvas.height,
        pageCount,
      };
    } finally {
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
}

async function imagePage(task: PageImageTask): Promise<PageImageOutcome> {
  let meta: Metadata;
  try {
    meta = await sharp(task.path, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new DocumentProblem(imageReadProblem(err));
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (imageSizeProblem(width, height)) throw new DocumentProblem(tooLarge(width, height));
  const pageCount = meta.pages ?? 1;
  if (task.page > pageCount) return { ok: false, problem: "out-of-range", pageCount };
  try {
    const out = await sharp(task.path, { page: task.page - 1, limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: task.width, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    return toOutcome(out, pageCount);
  } catch (err) {
    throw new DocumentProblem(imageReadProblem(err));
  }
}

async function heicPage(task: PageImageTask): Promise<PageImageOutcome> {
  let images: Awaited<ReturnType<typeof heicDecode.all>>;
  try {
    images = await heicDecode.all({ buffer: new Uint8Array(await readFile(task.path)) });
  } catch {
    throw new DocumentProblem(HEIC_PROBLEM);
  }
  try {
    const pageCount = images.length;
    const image = images[task.page - 1];
    if (!image) return { ok: false, problem: "out-of-range", pageCount };
    if (imageSizeProblem(image.width, image.height))
      throw new DocumentProblem(tooLarge(image.width, image.height));
    let decoded: Awaited<ReturnType<typeof image.decode>>;
    try {
      decoded = await image.decode();
    } catch {
      throw new DocumentProblem(HEIC_PROBLEM);
    }
    const out = await sharp(
      Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
      {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
      },
    )
      .resize({ width: task.width, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    return toOutcome(out, pageCount);
  } finally {
    images.dispose?.();
  }
}

function toOutcome(out: { data: Buffer; info: OutputInfo }, pageCount: number): PageImageOutcome {
  return {
    ok: true,
    image: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength),
    contentType: "image/webp",
    width: out.info.width,
    height: out.info.height,
    pageCount,
  };
}
