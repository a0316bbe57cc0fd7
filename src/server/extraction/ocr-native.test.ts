import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NativeOcrSetup } from "./ocr-engine";
import { figureReading, NativeOcrError, nativeEngine, parseTsv, runTesseract } from "./ocr-native";

const TSV = [
  "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
  "1\t1\t0\t0\t0\t0\t0\t0\t2550\t3300\t-1\t",
  "2\t1\t1\t0\t0\t0\t150\t200\t2000\t90\t-1\t",
  "3\t1\t1\t1\t0\t0\t150\t200\t2000\t90\t-1\t",
  "4\t1\t1\t1\t1\t0\t150\t200\t2000\t40\t-1\t",
  "5\t1\t1\t1\t1\t1\t150\t200\t120\t40\t96.541870\tRental",
  "5\t1\t1\t1\t1\t2\t290\t202\t130\t38\t91.2\tIncome",
  "5\t1\t1\t1\t1\t3\t1900\t201\t150\t39\t58.49\t1,250.00",
  "4\t1\t1\t1\t2\t0\t150\t250\t2000\t40\t-1\t",
  "5\t1\t1\t1\t2\t1\t150\t250\t60\t40\t95\t ",
  "5\t1\t1\t1\t2\t2\t240\t250\t90\t40\t93.7\tTaxes",
  "1\t2\t0\t0\t0\t0\t0\t0\t400\t120\t-1\t",
  "4\t2\t1\t1\t1\t0\t20\t20\t300\t60\t-1\t",
  "5\t2\t1\t1\t1\t1\t20\t20\t140\t60\t87.9\t4,210",
  "5\t2\t1\t1\t1\t2\t170\t20\t60\t60\t80.4\t.00",
  "",
].join("\n");

describe("tesseract TSV", () => {
  it("gives each page's words with boxes (right and bottom edges) and rounded confidences, in reading order", () => {
    const pages = parseTsv(TSV);
    expect([...pages.keys()]).toEqual([1, 2]);
    const first = pages.get(1);
    expect(first?.words).toEqual([
      { text: "Rental", x0: 150, y0: 200, x1: 270, y1: 240, conf: 97 },
      { text: "Income", x0: 290, y0: 202, x1: 420, y1: 240, conf: 91 },
      { text: "1,250.00", x0: 1900, y0: 201, x1: 2050, y1: 240, conf: 58 },
      { text: "Taxes", x0: 240, y0: 250, x1: 330, y1: 290, conf: 94 },
    ]);
    expect(first?.lines).toEqual(["Rental Income 1,250.00", "Taxes"]);
  });

  it("reads a crop as its words joined, with tesseract's mean word confidence", () => {
    expect(figureReading(parseTsv(TSV).get(2))).toEqual({ text: "4,210 .00", conf: 83 });
    expect(figureReading(parseTsv(TSV).get(3))).toBeNull();
    expect(figureReading(parseTsv("1\t1\t0\t0\t0\t0\t0\t0\t10\t10\t-1\t\n").get(1))).toBeNull();
  });
});

describe("the tesseract child process", () => {
  let dir: string;
  const script = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const setup = (binary: string, timeoutMs = 10_000): NativeOcrSetup => ({
    engine: "native",
    binary,
    version: "5.3.0",
    tessdata: join(dir, "tessdata"),
    tmpDir: join(dir, "tmp"),
    timeoutMs,
  });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "blocklot-ocr-native-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("passes the image on stdin, no shell, and only OMP_THREAD_LIMIT=1 in its environment", async () => {
    const echo = script("echo-env", 'printf "%s|" "$@"; env | grep -v "^PWD=" | sort | tr "\\n" "|"; wc -c');
    const out = await runTesseract(setup(echo), ["stdin", "a b;$(touch x)"], Buffer.alloc(1234));
    expect(out).toBe("stdin|a b;$(touch x)|OMP_THREAD_LIMIT=1|1234\n");
    expect(readdirSync(dir)).not.toContain("x");
  });

  it("a missing binary, a failure and a hang are errors that say so", async () => {
    const missing = await runTesseract(setup(join(dir, "nope")), ["--version"]).catch((e) => e);
    expect(missing).toBeInstanceOf(NativeOcrError);
    expect(missing.missing).toBe(true);
    const fails = script("fails", 'echo "Error in pixReadMem: Unknown format" >&2; exit 1');
    await expect(runTesseract(setup(fails), ["stdin", "stdout"], Buffer.from("x"))).rejects.toThrow(
      "Native tesseract failed (exit code 1): Error in pixReadMem: Unknown format",
    );
    const hangs = script("hangs", "exec sleep 30");
    const t = performance.now();
    await expect(runTesseract(setup(hangs, 300), ["stdin", "stdout"], Buffer.from("x"))).rejects.toThrow(
      "Native tesseract took longer than 0.3 s on one image and was stopped (OCR_TIMEOUT_SECONDS)",
    );
    expect(performance.now() - t).toBeLessThan(10_000);
  });

  it("re-read crops are files listed for one run, removed afterwards even when the run fails", async () => {
    const lists = script("lists", 'cat "$1" > "$(dirname "$0")/list-seen"; exit 3');
    const engine = nativeEngine(setup(lists));
    await expect(engine.readFigures([Buffer.from("a"), Buffer.from("b")])).rejects.toThrow(/exit code 3/);
    const listed = readFileSync(join(dir, "list-seen"), "utf8").trim().split("\n");
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(new RegExp(`^${join(dir, "tmp")}/figures-[^/]+/0001\\.pnm$`));
    expect(readdirSync(join(dir, "tmp"))).toEqual([]);
  });
});
