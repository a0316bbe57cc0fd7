import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NativeOcrSetup } from "./ocr-engine";
import {
  FigureRuns,
  figureReading,
  NativeOcrError,
  nativeEngine,
  parseTsv,
  runTesseract,
} from "./ocr-native";

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

  it("starts before its input is there (the model loads meanwhile); an input that fails ends it with that error", async () => {
    const waits = script("waits", 'echo $$ > "$(dirname "$0")/waits-pid"; exec wc -c');
    const pidFile = join(dir, "waits-pid");
    const written = () => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n");
    let give: (parts: readonly Buffer[]) => void = () => {};
    const out = runTesseract(
      setup(waits),
      ["stdin"],
      new Promise<readonly Buffer[]>((resolve) => {
        give = resolve;
      }),
    );
    await expect.poll(written).toBe(true);
    give([Buffer.alloc(10), Buffer.alloc(5)]);
    expect((await out).trim()).toBe("15");
    rmSync(pidFile);
    let fail: (err: Error) => void = () => {};
    const failed = runTesseract(
      setup(waits),
      ["stdin"],
      new Promise<readonly Buffer[]>((_, reject) => {
        fail = reject;
      }),
    );
    await expect.poll(written).toBe(true);
    const pid = Number(readFileSync(pidFile, "utf8"));
    fail(new Error("Input buffer contains unsupported image format"));
    await expect(failed).rejects.toThrow("Input buffer contains unsupported image format");
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive).toBe(false);
  });

  it("re-read crops are files whose paths go to the stdin of one run, removed afterwards even when the run fails", async () => {
    const lists = script("lists", 'cat >> "$(dirname "$0")/list-seen"; exit 3');
    const engine = nativeEngine(setup(lists));
    await expect(engine.readFigures([Buffer.from("a"), Buffer.from("b")])).rejects.toThrow(/exit code 3/);
    const listed = readFileSync(join(dir, "list-seen"), "utf8").trim().split("\n");
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(new RegExp(`^${join(dir, "tmp")}/figures-[^/]+/0001\\.pnm$`));
    expect(readdirSync(join(dir, "tmp"))).toEqual([]);
  });
});

/**
 * The crops' tesseract run is started when a page's recognition starts (it loads its model
 * beside it) and waits for the crops' paths on stdin; benchmarks.md, "fifth session". A fake
 * tesseract: a page run prints an empty TSV; a figure run (`stream_filelist=1`) notes its pid
 * in `started`, reads paths line by line and prints each file's content as the crop's word, then
 * notes its pid in `ended`.
 */
describe("the crops' run, started ahead", () => {
  let dir: string;
  let n = 0;
  const fake = (extra = "") => {
    const d = join(dir, `case-${++n}`);
    rmSync(d, { recursive: true, force: true });
    const path = join(d, "tesseract");
    const body = [
      "#!/bin/sh",
      'd="$(dirname "$0")"',
      'case "$*" in *stream_filelist=1*) ;; *) printf "level\\tpage_num\\n"; exit 0;; esac',
      'echo $$ >> "$d/started"',
      extra,
      "n=0",
      'while read -r p; do n=$((n+1)); [ -f "$p" ] || exit 5; printf "5\\t%s\\t1\\t1\\t1\\t1\\t0\\t0\\t9\\t9\\t90\\t%s\\n" $n "$(cat "$p")"; done',
      'echo $$ >> "$d/ended"',
    ].join("\n");
    mkdirSync(d, { recursive: true });
    writeFileSync(path, `${body}\n`);
    chmodSync(path, 0o755);
    return { path, dir: d };
  };
  const setup = (binary: string, tmp: string, timeoutMs = 10_000): NativeOcrSetup => ({
    engine: "native",
    binary,
    version: "5.3.0",
    tessdata: join(tmp, "tessdata"),
    tmpDir: join(tmp, "tmp"),
    timeoutMs,
  });
  const pids = (d: string, file: "started" | "ended") =>
    existsSync(join(d, file)) ? readFileSync(join(d, file), "utf8").trim().split("\n").filter(Boolean) : [];
  const page = { data: Buffer.alloc(4, 255), raw: { width: 2, height: 2, channels: 1 as const } };
  const crops = () => [Buffer.from("1,250.00"), Buffer.from("(3.00)")];
  const readings = [
    { text: "1,250.00", conf: 90 },
    { text: "(3.00)", conf: 90 },
  ];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "blocklot-ocr-figure-runs-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("starts when a page is read, waits for its crops, and reads them in the run it started", async () => {
    const t = fake();
    const engine = nativeEngine(setup(t.path, t.dir));
    await engine.readPage(page);
    await expect.poll(() => pids(t.dir, "started")).toHaveLength(1);
    const [ahead] = pids(t.dir, "started");
    expect(pids(t.dir, "ended")).toEqual([]);
    expect(await engine.readFigures(crops())).toEqual(readings);
    // The crops were read by the run started with the page; the next page's run is waiting.
    expect(pids(t.dir, "ended")).toEqual([ahead]);
    await expect.poll(() => pids(t.dir, "started")).toHaveLength(2);
    expect(readdirSync(join(t.dir, "tmp"))).toEqual([]);
  });

  it("a run that gets no crops ends by itself, cleanly, and leaves no files", async () => {
    const t = fake();
    const runs = new FigureRuns(setup(t.path, t.dir), ["-c", "stream_filelist=1"], 100);
    runs.prepare();
    const run = runs.waiting;
    expect(run).not.toBeNull();
    expect(await run?.ended).toEqual({ code: 0, signal: null });
    expect(pids(t.dir, "ended")).toEqual(pids(t.dir, "started"));
    expect(runs.waiting).toBeNull();
    expect(existsSync(join(t.dir, "tmp"))).toBe(false);
  });

  it("a run started ahead that was killed before its crops: a new run reads them", async () => {
    const t = fake();
    const engine = nativeEngine(setup(t.path, t.dir));
    await engine.readPage(page);
    await expect.poll(() => pids(t.dir, "started")).toHaveLength(1);
    const killed = pids(t.dir, "started");
    process.kill(Number(killed[0]), "SIGKILL");
    // At once, before its end is known here, and again after.
    expect(await engine.readFigures(crops())).toEqual(readings);
    const waiting = () =>
      pids(t.dir, "started").filter((p) => !pids(t.dir, "ended").includes(p) && !killed.includes(p));
    await expect.poll(waiting).toHaveLength(1);
    process.kill(Number(waiting()[0]), "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    expect(await engine.readFigures(crops())).toEqual(readings);
    expect(readdirSync(join(t.dir, "tmp"))).toEqual([]);
  });

  it("a figure run that fails or hangs fails the read with its reason, removes its files and is not waited for", async () => {
    const fails = fake('echo "Error in pixRead: image file not found" >&2; exit 1');
    const engine = nativeEngine(setup(fails.path, fails.dir));
    await engine.readPage(page);
    await expect(engine.readFigures(crops())).rejects.toThrow(
      "Native tesseract failed (exit code 1): Error in pixRead: image file not found",
    );
    expect(readdirSync(join(fails.dir, "tmp"))).toEqual([]);
    const hangs = fake("exec sleep 5");
    const slow = nativeEngine(setup(hangs.path, hangs.dir, 300));
    await slow.readPage(page);
    const t = performance.now();
    await expect(slow.readFigures(crops())).rejects.toThrow(
      "Native tesseract took longer than 0.3 s on one image and was stopped (OCR_TIMEOUT_SECONDS)",
    );
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(readdirSync(join(hangs.dir, "tmp"))).toEqual([]);
    const missing = nativeEngine(setup(join(dir, "nope"), dir));
    await expect(missing.readFigures(crops())).rejects.toMatchObject({
      name: "NativeOcrError",
      missing: true,
    });
  });
});
