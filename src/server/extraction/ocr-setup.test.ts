import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOcrConfig, type OcrConfig } from "../config";
import { engModelFile } from "./ocr-engine";
import { chooseOcr, startOcr } from "./ocr-setup";

let dir: string;
const fake = (name: string, version: string) => {
  const path = join(dir, "bin", name);
  mkdirSync(join(dir, "bin"), { recursive: true });
  writeFileSync(path, `#!/bin/sh\necho "tesseract ${version}"\necho " leptonica-1.82.0"\n`);
  chmodSync(path, 0o755);
  return path;
};
const config = (over: Partial<OcrConfig>): OcrConfig => ({
  engine: "auto",
  tesseractPath: join(dir, "bin", "missing"),
  timeoutMs: 60_000,
  workDir: join(dir, "data", "ocr"),
  ...over,
});
const logged = () => {
  const lines: string[] = [];
  return { lines, log: { info: (_obj: object, msg?: string) => lines.push(msg ?? "") } };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "blocklot-ocr-setup-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("OCR_ENGINE settings", () => {
  it("defaults to auto, with tesseract found on PATH for auto and native; refuses an unknown engine", () => {
    const bin = fake("tesseract", "5.3.0");
    const c = loadOcrConfig({ PATH: `/nonexistent:${join(dir, "bin")}` }, "data/ocr");
    expect(c).toMatchObject({ engine: "auto", tesseractPath: bin, timeoutMs: 300_000 });
    expect(c.workDir).toBe(join(process.cwd(), "data", "ocr"));
    expect(
      loadOcrConfig({ OCR_ENGINE: "AUTO", TESSERACT_PATH: "bin/t", OCR_TIMEOUT_SECONDS: "20" }, "/d"),
    ).toEqual({
      engine: "auto",
      tesseractPath: join(process.cwd(), "bin", "t"),
      timeoutMs: 20_000,
      workDir: "/d",
    });
    expect(() => loadOcrConfig({ OCR_ENGINE: "tesseract" }, "/d")).toThrow(
      'OCR_ENGINE must be auto, native or wasm, got "tesseract"',
    );
    expect(() => loadOcrConfig({ OCR_TIMEOUT_SECONDS: "0" }, "/d")).toThrow(
      /OCR_TIMEOUT_SECONDS must be at least 10/,
    );
  });
});

describe("choosing the OCR engine at start", () => {
  it("auto without tesseract: tesseract.js, said once in the log with how to install native", async () => {
    const { lines, log } = logged();
    expect(await startOcr(config({}), log)).toEqual({ engine: "wasm" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^OCR: tesseract.js \(WebAssembly; native tesseract is not installed .*install tesseract-ocr/,
    );
  });

  it("native without tesseract: a start-up error that says how to install it", async () => {
    await expect(chooseOcr(config({ engine: "native" }))).rejects.toThrow(
      /^OCR_ENGINE=native, but native tesseract is not installed \(there is no tesseract at .*missing\)\. Install it \(Debian\/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng\)/,
    );
  });

  it("tesseract older than 5 is not used: auto falls back, native refuses", async () => {
    const old = fake("tesseract4", "4.1.1");
    expect((await chooseOcr(config({ tesseractPath: old }))).setup).toEqual({ engine: "wasm" });
    await expect(chooseOcr(config({ engine: "native", tesseractPath: old }))).rejects.toThrow(
      /is tesseract 4\.1\.1; version 5 or later is needed/,
    );
  });

  it("auto with tesseract 5: native, with our model (tesseract.js's file) unpacked for --tessdata-dir", async () => {
    const bin = fake("tesseract", "5.3.0");
    const workDir = join(dir, "data", "ocr");
    // A crop a stopped thread left two hours ago goes; one being read now stays.
    mkdirSync(join(workDir, "tmp", "figures-old"), { recursive: true });
    mkdirSync(join(workDir, "tmp", "figures-now"), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(workDir, "tmp", "figures-old"), twoHoursAgo, twoHoursAgo);
    const { lines, log } = logged();
    const setup = await startOcr(config({ tesseractPath: bin }), log);
    expect(setup).toEqual({
      engine: "native",
      binary: bin,
      version: "5.3.0",
      tessdata: join(workDir, "tessdata"),
      tmpDir: join(workDir, "tmp"),
      timeoutMs: 60_000,
    });
    expect(lines).toEqual([`OCR: native tesseract 5.3.0 (${bin}; OCR_ENGINE=auto)`]);
    const model = readFileSync(join(workDir, "tessdata", "eng.traineddata"));
    expect(model.equals(gunzipSync(readFileSync(engModelFile())))).toBe(true);
    expect(readdirSync(join(workDir, "tmp"))).toEqual(["figures-now"]);
    // A damaged copy is written again.
    writeFileSync(join(workDir, "tessdata", "eng.traineddata"), "half a file");
    await chooseOcr(config({ tesseractPath: bin }));
    expect(readFileSync(join(workDir, "tessdata", "eng.traineddata")).equals(model)).toBe(true);
  });

  it("wasm is used without looking for tesseract", async () => {
    expect(await chooseOcr(config({ engine: "wasm", tesseractPath: fake("tesseract", "5.3.0") }))).toEqual({
      setup: { engine: "wasm" },
      why: "OCR_ENGINE=wasm",
    });
  });
});
