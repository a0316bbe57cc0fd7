/**
 * Reads printed labels back: renders each page of a PDF (pdf.js on @napi-rs/canvas, as the
 * server renders statement pages) and decodes the barcodes in a region — with ZXing (the
 * JavaScript port, which shares nothing with bwip-js, the labels' Data Matrix encoder), or, as a
 * thermal printer would print them, with every pixel made a printer dot that is either burnt
 * or not (`thermalDots`) and read by zbar (Debian's zbar-tools: `zbarimg`), a decoder that has
 * nothing in common with the product's encoders.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import {
  BarcodeFormat,
  BinaryBitmap,
  Code128Reader,
  DataMatrixReader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from "@zxing/library";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

export interface RenderedPage {
  /** Page size in inches, from the PDF. */
  widthIn: number;
  heightIn: number;
  dpi: number;
  width: number;
  height: number;
  /** Grey levels, row by row (0 black … 255 white). */
  gray: Uint8ClampedArray;
}

export async function renderPdf(bytes: Uint8Array, dpi = 300): Promise<RenderedPage[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${join(pdfjsRoot, "standard_fonts")}/`,
    verbosity: 0,
  }).promise;
  const pages: RenderedPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: ctx as never,
        viewport,
      }).promise;
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const gray = new Uint8ClampedArray(canvas.width * canvas.height);
      for (let i = 0, j = 0; i < gray.length; i++, j += 4) {
        gray[i] =
          ((rgba[j] as number) * 299 + (rgba[j + 1] as number) * 587 + (rgba[j + 2] as number) * 114) / 1000;
      }
      pages.push({
        widthIn: base.width / 72,
        heightIn: base.height / 72,
        dpi,
        width: canvas.width,
        height: canvas.height,
        gray,
      });
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}

/** A rectangle of a page, in inches from its top-left corner. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

function crop(page: RenderedPage, r: Region) {
  const x0 = Math.max(0, Math.round(r.x * page.dpi));
  const y0 = Math.max(0, Math.round(r.y * page.dpi));
  const x1 = Math.min(page.width, Math.round((r.x + r.w) * page.dpi));
  const y1 = Math.min(page.height, Math.round((r.y + r.h) * page.dpi));
  const w = Math.max(0, x1 - x0);
  const h = Math.max(0, y1 - y0);
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++)
    out.set(page.gray.subarray((y0 + y) * page.width + x0, (y0 + y) * page.width + x0 + w), y * w);
  return { w, h, out };
}

/** The CODE128 text in a region of a page, or null when none reads. */
export function decodeCode128(page: RenderedPage, region?: Region): string | null {
  const { w, h, out } = crop(page, region ?? { x: 0, y: 0, w: page.widthIn, h: page.heightIn });
  if (w === 0 || h === 0) return null;
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(out, w, h)));
    return new Code128Reader().decode(bitmap, hints).getText();
  } catch {
    return null;
  }
}

/** The Data Matrix text in a region of a page (the symbol and its quiet zone), or null when none reads. */
export function decodeDataMatrix(page: RenderedPage, region: Region): string | null {
  const { w, h, out } = crop(page, region);
  if (w === 0 || h === 0) return null;
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.DATA_MATRIX]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(out, w, h)));
    return new DataMatrixReader().decode(bitmap, hints).getText();
  } catch {
    return null;
  }
}

/** Share of dark pixels in a region (0 = blank paper). */
export function inkIn(page: RenderedPage, region: Region): number {
  const { out } = crop(page, region);
  if (out.length === 0) return 0;
  let dark = 0;
  for (const v of out) if (v < 128) dark++;
  return dark / out.length;
}

/**
 * The page as a thermal head prints it at its resolution: each pixel (one printer dot when the
 * page was rendered at the printer's dpi) is burnt black when at least half of it is ink.
 */
export function thermalDots(page: RenderedPage): RenderedPage {
  const gray = new Uint8ClampedArray(page.gray.length);
  for (let i = 0; i < gray.length; i++) gray[i] = (page.gray[i] as number) < 128 ? 0 : 255;
  return { ...page, gray };
}

/**
 * Every symbol zbar reads in a region, as "TYPE:text" (e.g. "CODE-128:SKU-1", "QR-Code:…").
 * The region is written as a PGM with a white border of 10 dots (the paper around a label).
 */
export function zbarRead(page: RenderedPage, region?: Region): string[] {
  const { w, h, out } = crop(page, region ?? { x: 0, y: 0, w: page.widthIn, h: page.heightIn });
  if (w === 0 || h === 0) return [];
  const border = 10;
  const W = w + 2 * border;
  const H = h + 2 * border;
  const pixels = new Uint8Array(W * H).fill(255);
  for (let y = 0; y < h; y++) pixels.set(out.subarray(y * w, (y + 1) * w), (y + border) * W + border);
  const dir = mkdtempSync(join(tmpdir(), "zbar-"));
  try {
    const file = join(dir, "label.pgm");
    writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${W} ${H}\n255\n`), Buffer.from(pixels)]));
    try {
      const text = execFileSync("zbarimg", ["-q", file], { encoding: "utf8" });
      return text.split("\n").filter(Boolean);
    } catch (err) {
      // zbarimg exits 4 when it found no symbol
      if ((err as { status?: number }).status === 4) return [];
      throw err;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
