import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { OcrConfig } from "../config";
import { engModelFile, type OcrSetup } from "./ocr-engine";
import { NativeOcrError, runTesseract } from "./ocr-native";

/**
 * Which OCR engine reads scans, decided once at start (docs/files.md "OCR"): native tesseract
 * when OCR_ENGINE is auto or native and the binary runs (version 5 or later), tesseract.js
 * otherwise. OCR_ENGINE=native without a working binary is a start-up error.
 */
export async function chooseOcr(config: OcrConfig): Promise<{ setup: OcrSetup; why: string }> {
  if (config.engine === "wasm") return { setup: { engine: "wasm" }, why: "OCR_ENGINE=wasm" };
  const probe = await probeTesseract(config);
  if (!probe.ok) {
    if (config.engine === "native") {
      throw new Error(
        `OCR_ENGINE=native, but ${probe.why}. Install it (Debian/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng), set TESSERACT_PATH to the binary, or set OCR_ENGINE=auto or wasm.`,
      );
    }
    return { setup: { engine: "wasm" }, why: probe.why };
  }
  const tessdata = await installModel(join(config.workDir, "tessdata"));
  return {
    setup: {
      engine: "native",
      binary: config.tesseractPath,
      version: probe.version,
      tessdata,
      tmpDir: join(config.workDir, "tmp"),
      timeoutMs: config.timeoutMs,
    },
    why: `OCR_ENGINE=${config.engine}`,
  };
}

/** `chooseOcr`, said once in the log, and crops a stopped thread left behind removed. */
export async function startOcr(
  config: OcrConfig,
  log: { info(obj: object, msg?: string): void },
): Promise<OcrSetup> {
  const { setup, why } = await chooseOcr(config);
  if (setup.engine === "native") {
    await removeStale(setup.tmpDir);
    log.info(
      { ocr: "native", binary: setup.binary, version: setup.version },
      `OCR: native tesseract ${setup.version} (${setup.binary}; ${why})`,
    );
  } else {
    const hint =
      config.engine === "auto"
        ? " Native tesseract reads scans faster: apt-get install tesseract-ocr tesseract-ocr-eng."
        : "";
    log.info({ ocr: "wasm", why }, `OCR: tesseract.js (WebAssembly; ${why}).${hint}`);
  }
  return setup;
}

type Probe = { ok: true; version: string } | { ok: false; why: string };

/** Runs `tesseract --version`: whether the binary runs, and which version it is. */
export async function probeTesseract(config: Pick<OcrConfig, "tesseractPath">): Promise<Probe> {
  const binary = config.tesseractPath;
  let out: string;
  try {
    out = await runTesseract({ binary, timeoutMs: 15_000 }, ["--version"]);
  } catch (err) {
    if (err instanceof NativeOcrError && err.missing) {
      const where = binary.includes("/") ? `there is no tesseract at ${binary}` : `no ${binary} on PATH`;
      return { ok: false, why: `native tesseract is not installed (${where})` };
    }
    return { ok: false, why: `${binary} --version did not run: ${(err as Error).message}` };
  }
  const m = /tesseract\s+v?(\d+)\.(\d+)(?:\.(\d+))?/i.exec(out);
  if (!m) return { ok: false, why: `${binary} --version did not name a tesseract version` };
  const version = m.slice(1).filter(Boolean).join(".");
  if (Number(m[1]) < 5)
    return { ok: false, why: `${binary} is tesseract ${version}; version 5 or later is needed` };
  return { ok: true, version };
}

/**
 * Our English model unpacked into `dir` (as `eng.traineddata`), where `--tessdata-dir` points
 * native runs: the file tesseract.js reads, so both engines read alike. Unpacked again when
 * the copy's size is not the packed file's (gzip's trailer says it): a new model version or a
 * damaged copy. Written under a temporary name and renamed, so processes sharing DATA_DIR never
 * see half a file.
 */
export async function installModel(dir: string): Promise<string> {
  const packed = engModelFile();
  const file = join(dir, "eng.traineddata");
  const [size, copy] = await Promise.all([unpackedSize(packed), stat(file).catch(() => null)]);
  if (copy?.size === size) return dir;
  const data = gunzipSync(await readFile(packed));
  await mkdir(dir, { recursive: true });
  const part = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.part`;
  await writeFile(part, data);
  await rename(part, file);
  return dir;
}

/** A gzip file's unpacked size: its last four bytes (little-endian, modulo 4 GiB). */
async function unpackedSize(path: string): Promise<number> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(4);
    await handle.read(tail, 0, 4, size - 4);
    return tail.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

/** Crops older than an hour: left by a thread stopped mid-read (a timeout, a crash). */
async function removeStale(tmpDir: string, olderThanMs = 60 * 60_000) {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  for (const name of names) {
    const path = join(tmpDir, name);
    const s = await stat(path).catch(() => null);
    if (s && s.mtimeMs < before) await rm(path, { recursive: true, force: true });
  }
}
