/**
 * The camera side of the scanner, over html5-qrcode. The library (ZXing inside, ≈ 100 KB
 * gzipped) is imported dynamically here only, so no other page downloads it. It decodes
 * CODE128, EAN-13, UPC-A and QR only (fewer formats = faster and fewer misreads), and uses the
 * browser's native BarcodeDetector where there is one (Chrome on Android and macOS, Safari 17+
 * on iOS does not expose it; desktop Linux/Windows Chrome have none) and ZXing elsewhere.
 */
import type { Html5Qrcode } from "html5-qrcode";
import type { CameraChoice } from "./scan-logic";

type Lib = typeof import("html5-qrcode");
let lib: Promise<Lib> | null = null;

/** The library, loaded on first use. */
export function loadScannerLib(): Promise<Lib> {
  lib ??= import("html5-qrcode").catch((err) => {
    lib = null; // a failed chunk load (offline before it was cached) may work later
    throw err;
  });
  return lib;
}

async function makeReader(elementId: string): Promise<Html5Qrcode> {
  const { Html5Qrcode, Html5QrcodeSupportedFormats: F } = await loadScannerLib();
  return new Html5Qrcode(elementId, {
    verbose: false,
    formatsToSupport: [F.CODE_128, F.EAN_13, F.UPC_A, F.QR_CODE],
    useBarCodeDetectorIfSupported: true,
    experimentalFeatures: { useBarCodeDetectorIfSupported: true },
  });
}

/** Whether this browser has a native BarcodeDetector (the library then uses it). */
export function hasNativeBarcodeDetector(): boolean {
  return typeof window !== "undefined" && "BarcodeDetector" in window;
}

/** The cameras, after asking for permission (labels are empty before it). Rejects like getUserMedia. */
export async function listCameras(): Promise<CameraChoice[]> {
  const { Html5Qrcode } = await loadScannerLib();
  const cams = await Html5Qrcode.getCameras();
  return cams.map((c) => ({ id: c.id, label: c.label }));
}

export interface TorchControl {
  on: boolean;
  set(on: boolean): Promise<void>;
}

export interface ZoomControl {
  min: number;
  max: number;
  step: number;
  value: number;
  set(value: number): Promise<void>;
}

export interface RunningScanner {
  /** The device actually running (to show in the camera chooser). */
  deviceId: string | null;
  torch: TorchControl | null;
  zoom: ZoomControl | null;
  stop(): Promise<void>;
}

/**
 * Starts continuous scanning in the element `elementId` with a camera (its id, or the rear
 * one by `facingMode`). `onDecode` gets every decoded text (debounce it). If `signal` aborts
 * while the camera is starting, it is stopped as soon as it started.
 */
export async function startScanner(opts: {
  elementId: string;
  cameraId: string | null;
  onDecode: (text: string) => void;
  signal: AbortSignal;
}): Promise<RunningScanner | null> {
  const reader = await makeReader(opts.elementId);
  if (opts.signal.aborted) return null;
  await reader.start(
    opts.cameraId ?? { facingMode: "environment" },
    {
      fps: 10,
      // a wide box: 1D barcodes are long and low
      qrbox: (w, h) => ({
        width: Math.max(50, Math.floor(w * 0.9)),
        height: Math.max(50, Math.floor(Math.min(h * 0.6, w * 0.6))),
      }),
      disableFlip: false,
    },
    (text) => opts.onDecode(text),
    () => undefined, // "no code in this frame" — every frame without one
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await reader.stop();
    } catch {
      // already stopped
    }
    try {
      reader.clear();
    } catch {
      // element gone
    }
  };
  if (opts.signal.aborted) {
    await stop();
    return null;
  }
  let deviceId: string | null = null;
  let torch: TorchControl | null = null;
  let zoom: ZoomControl | null = null;
  try {
    deviceId = reader.getRunningTrackSettings().deviceId ?? null;
    const caps = reader.getRunningTrackCameraCapabilities();
    const t = caps.torchFeature();
    if (t.isSupported()) {
      torch = {
        on: t.value() ?? false,
        async set(on) {
          await t.apply(on);
          this.on = on;
        },
      };
    }
    const z = caps.zoomFeature();
    if (z.isSupported()) {
      zoom = {
        min: z.min(),
        max: z.max(),
        step: z.step(),
        value: z.value() ?? z.min(),
        async set(value) {
          await z.apply(value);
          this.value = value;
        },
      };
    }
  } catch {
    // no capabilities API (Firefox): no torch or zoom controls
  }
  return { deviceId, torch, zoom, stop };
}

/**
 * Decodes a still photo (the gallery fallback). Needs an empty element to work in; rejects
 * when no supported code is found.
 */
export async function scanImageFile(elementId: string, file: File): Promise<string> {
  const reader = await makeReader(elementId);
  try {
    const result = await reader.scanFileV2(file, false);
    return result.decodedText;
  } finally {
    try {
      reader.clear();
    } catch {
      // nothing rendered
    }
  }
}
