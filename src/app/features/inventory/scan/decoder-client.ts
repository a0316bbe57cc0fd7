/**
 * The page's side of the scan worker: frames and photos go in, codes come out. One worker per
 * page load, started on first use and kept (ZXing's WebAssembly is compiled once); `warm()`
 * starts it while the camera opens, so the first frame does not wait for it.
 */
import type {
  DecoderEngine,
  DecodeWhere,
  DetectedCode,
  FrameArea,
  FromScanWorker,
  ToScanWorker,
} from "./decoder-protocol";

export interface DecodeResult {
  codes: DetectedCode[];
  where: DecodeWhere;
  engine: DecoderEngine;
  ms: number;
}

/** The decoder (or its WebAssembly) could not be loaded: offline before the app was saved. */
export class DecoderLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecoderLoadError";
  }
}

let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, { resolve(r: DecodeResult): void; reject(e: Error): void }>();

function ensure(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL("./scan.worker.ts", import.meta.url), { type: "module", name: "scan" });
  w.onmessage = (e: MessageEvent<FromScanWorker>) => {
    const msg = e.data;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.type === "result")
      p.resolve({ codes: msg.codes, where: msg.where, engine: msg.engine, ms: msg.ms });
    else p.reject(msg.loadFailed ? new DecoderLoadError(msg.message) : new Error(msg.message));
  };
  w.onerror = (e) => {
    // the worker's script itself did not load (offline, not cached yet)
    e.preventDefault();
    const err = new DecoderLoadError(e.message || "The scanner could not be loaded");
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

/** Decodes one frame (the bitmap is handed over to the worker and closed there). */
export function decodeFrame(image: ImageBitmap, area: FrameArea | null): Promise<DecodeResult> {
  const w = ensure();
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const msg: ToScanWorker = { type: "decode", id, image, area };
    w.postMessage(msg, [image]);
  });
}

/** Loads the decoder now (a 1 × 1 frame), so the camera's first frame is read at once. */
export async function warmDecoder(): Promise<void> {
  const blank = await createImageBitmap(new ImageData(1, 1));
  await decodeFrame(blank, null);
}

/** Photos are read at most this large on their long side (a 12 MP photo would take seconds). */
const PHOTO_MAX = 2000;

/** Codes in a photo (the gallery fallback), upright as the camera took it. */
export async function decodePhoto(file: Blob): Promise<DetectedCode[]> {
  const probe = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, PHOTO_MAX / Math.max(probe.width, probe.height));
  let image = probe;
  if (scale < 1) {
    image = await createImageBitmap(probe, {
      resizeWidth: Math.round(probe.width * scale),
      resizeHeight: Math.round(probe.height * scale),
      resizeQuality: "high",
    });
    probe.close();
  }
  return (await decodeFrame(image, null)).codes;
}
