/**
 * One decoder interface over the best reader this browser has: the native Barcode Detection
 * API where it exists and reads every format the scanner needs (Chrome on Android, macOS,
 * ChromeOS), otherwise ZXing-C++ compiled to WebAssembly (zxing-wasm). Runs inside the scan
 * worker. The .wasm file is the app's own asset (`wasmUrl`, precached by the service worker),
 * never the package's default CDN address.
 */
import type { ReaderOptions } from "zxing-wasm/reader";
import type { DecoderEngine, DetectedCode } from "./decoder-protocol";
import { isScanFormat, SCAN_FORMATS, type ScanFormat } from "./symbologies";

/**
 * "area": the scan area, read thoroughly; "full": the whole frame, a quicker look; "turned":
 * the scan area turned by a few degrees, read like the area but for linear codes only.
 */
export type ReadPass = "area" | "full" | "turned";

export interface BarcodeReader {
  engine: DecoderEngine;
  detect(image: ImageData, pass: ReadPass): Promise<DetectedCode[]>;
}

/** ZXing-C++ names of the scanner's formats. */
const ZXING_FORMATS = {
  ean_13: "EAN13",
  ean_8: "EAN8",
  upc_a: "UPCA",
  upc_e: "UPCE",
  code_128: "Code128",
  code_39: "Code39",
  itf: "ITF",
  qr_code: "QRCode",
  data_matrix: "DataMatrix",
} as const satisfies Record<ScanFormat, string>;

const FROM_ZXING = new Map<string, ScanFormat>(
  Object.entries(ZXING_FORMATS).map(([ours, theirs]) => [theirs, ours as ScanFormat]),
);

/** The scanner's name of a format ZXing-C++ reports (null for one it was not asked for). */
function fromZxingFormat(format: string): ScanFormat | null {
  return FROM_ZXING.get(format) ?? null;
}

/**
 * Reader settings per pass. The area is read with tryHarder (more scan lines, both
 * binarizers) — it is where the person holds the code; the whole frame, the fallback when the
 * area read nothing, with the quick settings plus 90° turns (a code held upright). At least
 * two scan lines must agree on a linear code (`minLineCount`), another guard against misreads.
 */
const AREA_OPTIONS: ReaderOptions = {
  tryHarder: true,
  tryRotate: false,
  tryInvert: false,
  tryDownscale: true,
  minLineCount: 2,
  maxNumberOfSymbols: 4,
  textMode: "Plain",
};
const ZXING_OPTIONS: Record<ReadPass, ReaderOptions> = {
  area: AREA_OPTIONS,
  full: { ...AREA_OPTIONS, tryHarder: false, tryRotate: true },
  // the turned area is read like the area, for the linear formats only (see LINEAR)
  turned: AREA_OPTIONS,
};

/**
 * The linear formats, the only ones the turned pass looks for: ZXing-C++ reads them along
 * horizontal rows, so a short code (a UPC-E on a box label) turned by 8-10° leaves no row that
 * crosses all of its bars in some frames; the area turned by 4° (either way) gives it one. 2D codes are found at
 * any angle already.
 */
const LINEAR: readonly ScanFormat[] = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "code_39", "itf"];

interface NativeDetector {
  detect(image: ImageData): Promise<{ format: string; rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (opts: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<BarcodeReader | null> {
  const Ctor = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const supported = new Set(await Ctor.getSupportedFormats());
    if (!SCAN_FORMATS.every((f) => supported.has(f))) return null;
    const detector = new Ctor({ formats: [...SCAN_FORMATS] });
    return {
      engine: "native",
      async detect(image) {
        const found = await detector.detect(image);
        return found.flatMap((b) => (isScanFormat(b.format) ? [{ format: b.format, text: b.rawValue }] : []));
      },
    };
  } catch {
    return null; // a detector that cannot start: ZXing reads instead
  }
}

async function zxingReader(wasmUrl: string): Promise<BarcodeReader> {
  const zxing = await import("zxing-wasm/reader");
  await zxing.prepareZXingModule({
    overrides: {
      // the app's own copy of the .wasm, never the package's default CDN
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const formats = Object.values(ZXING_FORMATS);
  const linear = LINEAR.map((f) => ZXING_FORMATS[f]);
  return {
    engine: "zxing",
    async detect(image, pass) {
      const results = await zxing.readBarcodes(image, {
        ...ZXING_OPTIONS[pass],
        formats: pass === "turned" ? [...linear] : [...formats],
      });
      return results.flatMap((r) => {
        const format = r.isValid ? fromZxingFormat(r.format) : null;
        return format ? [{ format, text: r.text }] : [];
      });
    },
  };
}

/** The native detector when it reads every format, else ZXing-C++ (WebAssembly). */
export async function createBarcodeReader(wasmUrl: string): Promise<BarcodeReader> {
  return (await nativeReader()) ?? (await zxingReader(wasmUrl));
}
