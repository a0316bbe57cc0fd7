import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { ocrWorker } from "../../src/server/extraction/ocr";
import { ocrWords } from "../../src/server/extraction/ocr-read";
import { openPdf, openPdfPage, renderPageToCanvas } from "../../src/server/extraction/pdf";
import { buildCorpus } from "../fixtures/owner-statements/corpus";
import type { Figure } from "./util";

const BENCH = "ocr-native";
const run = promisify(execFile);
const ROUNDS = Number(process.env.BENCH_OCR_ROUNDS ?? 3);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/**
 * Issue 23's throughput goal: our OCR of a page against native Tesseract 5 (Debian
 * `tesseract-ocr`, one thread: `OMP_THREAD_LIMIT=1`, `--psm 6`, TSV word boxes) on the same
 * pages, the five owner-statement scans rendered at 300 dpi as the server renders them.
 * Interleaved page by page (ours, native, ours, native…) so load changes hit both alike;
 * times are medians of the rounds' totals, the ratio the median of the rounds' ratios; the load average is printed at the start of every round.
 * "ours" is the server's page OCR (`ocrWords`: recognition, deskew, re-reading unsure figures);
 * "recognize" is the tesseract.js call alone.
 */
export async function ocrNativeBench(): Promise<Figure[]> {
  try {
    await run("tesseract", ["--version"]);
  } catch {
    console.log("  native tesseract not installed (Debian: apt-get install tesseract-ocr); skipped");
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), "blocklot-bench-ocr-native-"));
  try {
    const files = (await buildCorpus(dir, { scans: true, only: [] })).filter((f) => f.engine === "scan");
    const pages: { name: string; png: Buffer; path: string }[] = [];
    for (const f of files) {
      const doc = await openPdf(f.path);
      for (let n = 1; n <= doc.numPages; n++) {
        const canvas = await renderPageToCanvas(await openPdfPage(doc, n), 300 / 72);
        const png = canvas.toBuffer("image/png");
        const path = join(dir, `${f.id}-${n}.png`);
        writeFileSync(path, png);
        pages.push({ name: `${f.id} p${n}`, png, path });
      }
      await doc.destroy();
    }
    // Debian's eng.traineddata is tessdata_fast (LSTM only, a smaller network); ours is
    // 4.0.0_best_int. Native is also timed with our model, to tell the model from the engine.
    const ourModel = join(dir, "best_int");
    mkdirSync(ourModel);
    const { langPath } = createRequire(import.meta.url)("@tesseract.js-data/eng") as { langPath: string };
    writeFileSync(
      join(ourModel, "eng.traineddata"),
      gunzipSync(readFileSync(join(langPath.replace(/4\.0\.0$/, "4.0.0_best_int"), "eng.traineddata.gz"))),
    );
    await ocrWorker(); // started before timing, as the server's thread keeps its worker
    const ours: number[] = [];
    const recog: number[] = [];
    const native: number[] = [];
    const nativeOurs: number[] = [];
    const tesseract = (path: string, model?: string) =>
      run(
        "tesseract",
        [path, "stdout", ...(model ? ["--tessdata-dir", model] : []), "--psm", "6", "-l", "eng", "tsv"],
        {
          env: { ...process.env, OMP_THREAD_LIMIT: "1" },
          maxBuffer: 64 << 20,
        },
      );
    for (let r = 0; r < ROUNDS; r++) {
      console.log(`  round ${r + 1}/${ROUNDS}, load average ${load()}`);
      let o = 0;
      let g = 0;
      let nt = 0;
      let nb = 0;
      for (const [i, p] of pages.entries()) {
        let t = performance.now();
        await ocrWords(i + 1, p.png);
        o += performance.now() - t;
        t = performance.now();
        await tesseract(p.path);
        nt += performance.now() - t;
        t = performance.now();
        await (await ocrWorker()).recognize(p.png, {}, { text: true, blocks: true });
        g += performance.now() - t;
        t = performance.now();
        await tesseract(p.path, ourModel);
        nb += performance.now() - t;
      }
      ours.push(o / 1000);
      recog.push(g / 1000);
      native.push(nt / 1000);
      nativeOurs.push(nb / 1000);
      console.log(
        `    ${pages.length} pages: ours ${(o / 1000).toFixed(1)} s, recognize ${(g / 1000).toFixed(1)} s, native ${(nt / 1000).toFixed(1)} s, native with our model ${(nb / 1000).toFixed(1)} s; ratio ${(nt / o).toFixed(2)}`,
      );
    }
    console.log(`  load average at the end ${load()}`);
    const perPage = (xs: number[]) => Math.round((median(xs) / pages.length) * 100) / 100;
    // Each round's own ratio (both sides under that round's load), then their median.
    const ratio = Math.round(median(native.map((n, r) => n / (ours[r] as number))) * 100) / 100;
    return [
      {
        bench: BENCH,
        metric: `ours, s per page (${pages.length} scan pages, median of ${ROUNDS})`,
        value: perPage(ours),
        unit: "s",
      },
      { bench: BENCH, metric: "tesseract.js recognize alone, s per page", value: perPage(recog), unit: "s" },
      {
        bench: BENCH,
        metric: "native tesseract 5 (1 thread), s per page",
        value: perPage(native),
        unit: "s",
      },
      {
        bench: BENCH,
        metric: "native tesseract 5 with our model (best_int), s per page",
        value: perPage(nativeOurs),
        unit: "s",
      },
      {
        bench: BENCH,
        metric: "throughput, ours / native with our model",
        value: Math.round(median(nativeOurs.map((n, r) => n / (ours[r] as number))) * 100) / 100,
        unit: "×",
      },
      {
        bench: BENCH,
        metric: "throughput, ours / native",
        value: ratio,
        unit: "×",
        target: { op: ">=", value: 0.8 },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
