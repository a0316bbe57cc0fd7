/// <reference lib="webworker" />
/**
 * The scanner's Web Worker: decodes camera frames and photos off the main thread, so the page
 * never stutters while ZXing works. Each frame arrives as an ImageBitmap at the camera's
 * native size; the scan area is cut from it pixel for pixel (never scaled down to the size it
 * has on screen) and read first, then the whole frame when the area read nothing.
 */
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { type BarcodeReader, createBarcodeReader, type ReadPass } from "./barcode-reader";
import type { DecodeWhere, DetectedCode, FrameArea, FromScanWorker, ToScanWorker } from "./decoder-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let reader: Promise<BarcodeReader> | null = null;
let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

function getReader(): Promise<BarcodeReader> {
  reader ??= createBarcodeReader(wasmUrl).catch((err) => {
    reader = null; // offline before the .wasm was cached: the next frame tries again
    throw err;
  });
  return reader;
}

/** The pixels of `area` of the bitmap (all of it when null), at their native size. */
function pixels(image: ImageBitmap, area: FrameArea | null): ImageData {
  const a = area ?? { x: 0, y: 0, w: image.width, h: image.height };
  if (!canvas || !ctx) {
    canvas = new OffscreenCanvas(a.w, a.h);
    ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no 2D canvas in this worker");
  }
  if (canvas.width !== a.w || canvas.height !== a.h) {
    canvas.width = a.w;
    canvas.height = a.h;
  }
  ctx.drawImage(image, a.x, a.y, a.w, a.h, 0, 0, a.w, a.h);
  return ctx.getImageData(0, 0, a.w, a.h);
}

async function decode(image: ImageBitmap, area: FrameArea | null) {
  const r = await getReader();
  const read = (where: FrameArea | null, pass: ReadPass) => r.detect(pixels(image, where), pass);
  let codes: DetectedCode[] = [];
  let where: DecodeWhere = "none";
  if (area) {
    codes = await read(area, "area");
    if (codes.length) where = "area";
  }
  if (!codes.length) {
    codes = await read(null, area ? "full" : "area");
    if (codes.length) where = "full";
  }
  return { codes, where, engine: r.engine };
}

scope.onmessage = async (e: MessageEvent<ToScanWorker>) => {
  const msg = e.data;
  if (msg.type !== "decode") return;
  const t0 = performance.now();
  let answer: FromScanWorker;
  try {
    const { codes, where, engine } = await decode(msg.image, msg.area);
    answer = { type: "result", id: msg.id, codes, where, engine, ms: performance.now() - t0 };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    answer = {
      type: "error",
      id: msg.id,
      message,
      loadFailed: /fetch|wasm|WebAssembly|import|Load/i.test(message),
    };
  } finally {
    msg.image.close();
  }
  scope.postMessage(answer);
};
