import type { OcrEngine, OcrSetup } from "./ocr-engine";

/**
 * Which OCR engine this thread reads with (ocr-engine.ts holds the interface): the server's
 * choice, made once at start (ocr-setup.ts), else the default's.
 */
export type { OcrEngine, OcrSetup, Reading } from "./ocr-engine";

let setup: OcrSetup | null = null;
let fallback: Promise<OcrSetup> | null = null;
const engines = new Map<string, Promise<OcrEngine>>();

/** The engine this thread reads with from now on (the server's choice, made at start); null: the default. */
export function selectOcr(chosen: OcrSetup | null) {
  setup = chosen;
}

/**
 * The thread's engine, created on first use and reused. Without `selectOcr` (tests, benchmarks)
 * the environment's OCR settings are chosen as a server would (OCR_ENGINE, default auto).
 */
export async function ocrEngine(): Promise<OcrEngine> {
  const chosen = setup ?? (await defaultSetup());
  const key = chosen.engine === "native" ? `native:${chosen.binary}:${chosen.tessdata}` : "wasm";
  let engine = engines.get(key);
  if (!engine) {
    engine =
      chosen.engine === "native"
        ? import("./ocr-native").then((m) => m.nativeEngine(chosen))
        : import("./ocr-wasm").then((m) => m.wasmEngine());
    engines.set(key, engine);
    engine.catch(() => engines.delete(key));
  }
  return engine;
}

function defaultSetup(): Promise<OcrSetup> {
  fallback ??= Promise.all([import("../config"), import("./ocr-setup")]).then(
    async ([c, s]) => (await s.chooseOcr(c.defaultOcrConfig())).setup,
  );
  fallback.catch(() => {
    fallback = null;
  });
  return fallback;
}
