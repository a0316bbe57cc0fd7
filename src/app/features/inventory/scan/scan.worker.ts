/// <reference lib="webworker" />
/**
 * The scanner's Web Worker: decodes camera frames and photos off the main thread, so the page
 * never stutters while ZXing works. Each frame arrives as an ImageBitmap at the camera's
 * native size; the scan area is cut from it pixel for pixel (never scaled down to the size it
 * has on screen) and read first, then the whole frame when the area read nothing, then (ZXing
 * only, on every other empty frame) the area turned by 4°, one way and then the other.
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

/**
 * The turned pass: 4°, on every other frame that read nothing, one way and then the other
 * (frames with no code cost one extra read every second frame, not one each).
 */
const TURN_DEG = 4;
const TURNS = [TURN_DEG, 0, -TURN_DEG, 0];
let turnStep = 0;

/**
 * The pixels of `area` of the bitmap (all of it when null), at their native size; turned by
 * `deg` degrees about the area's centre when asked.
 */
function pixels(image: ImageBitmap, area: FrameArea | null, deg = 0): ImageData {
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
  if (deg === 0) {
    ctx.drawImage(image, a.x, a.y, a.w, a.h, 0, 0, a.w, a.h);
  } else {
    ctx.fillStyle = "#808080"; // corners turned in from outside the frame: plain grey, no edge
    ctx.fillRect(0, 0, a.w, a.h);
    ctx.translate(a.w / 2, a.h / 2);
    ctx.rotate((deg * Math.PI) / 180);
    ctx.translate(-(a.x + a.w / 2), -(a.y + a.h / 2));
    ctx.drawImage(image, 0, 0);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }
  return ctx.getImageData(0, 0, a.w, a.h);
}

async function decode(image: ImageBitmap, area: FrameArea | null) {
  const r = await getReader();
  const read = (where: FrameArea | null, pass: ReadPass, deg = 0) =>
    r.detect(pixels(image, where, deg), pass);
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
  if (!codes.length && area && r.engine === "zxing") {
    // the native detector reads at any angle; ZXing's linear readers need a row across the code
    const deg = TURNS[turnStep++ % TURNS.length] ?? 0;
    if (deg !== 0) {
      codes = await read(area, "turned", deg);
      if (codes.length) where = "turned";
    }
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
