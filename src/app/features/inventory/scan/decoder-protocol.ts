/**
 * Messages between the page and the scan worker (scan.worker.ts). A frame goes over as an
 * ImageBitmap at the video's native size (transferred, not copied) with the scan area in
 * the frame's own pixels; the worker answers with the codes it read and where.
 */
import type { ScanFormat } from "./symbologies";

/** A rectangle in a frame's pixels. */
export interface FrameArea {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DetectedCode {
  format: ScanFormat;
  text: string;
}

/**
 * "area": the scan area read it; "full": only the whole frame did; "turned": only the area
 * turned by a few degrees did; "none": nothing read.
 */
export type DecodeWhere = "area" | "full" | "turned" | "none";

export type ToScanWorker = {
  type: "decode";
  id: number;
  image: ImageBitmap;
  /** The scan area to read first; null = the whole frame only (a photo). */
  area: FrameArea | null;
};

export type FromScanWorker =
  | {
      type: "result";
      id: number;
      codes: DetectedCode[];
      where: DecodeWhere;
      /** "native" (the browser's BarcodeDetector) or "zxing" (ZXing-C++ WebAssembly). */
      engine: DecoderEngine;
      /** Time spent decoding in the worker. */
      ms: number;
    }
  | { type: "error"; id: number; message: string; loadFailed: boolean };

export type DecoderEngine = "native" | "zxing";
