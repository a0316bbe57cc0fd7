import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { defaultOcrConfig } from "../../src/server/config";
import { type OcrSetup, selectOcr } from "../../src/server/extraction/ocr";
import { ocrWords } from "../../src/server/extraction/ocr-read";
import { chooseOcr } from "../../src/server/extraction/ocr-setup";
import { decodePage } from "../../src/server/extraction/page-pixels";
import { openPdf, openPdfPage, renderPageToCanvas } from "../../src/server/extraction/pdf";
import { readStatement } from "../../src/server/extraction/read-statement";
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
 * Issue 23's throughput goal: our page OCR against a plain native Tesseract 5 run (Debian
 * `tesseract-ocr` with its own model, one thread: `OMP_THREAD_LIMIT=1`, `--psm 6`, TSV word
 * boxes) on the same pages: the five owner-statement scans rendered at 300 dpi as the server
 * renders them (12 pages), each saved as the PNG both sides start from. "ours" is the server's
 * reading of a scanned page (`ocrWords`: the page decoded once to grey pixels, which the engine
 * reads and the deskew and the crops are cut from; then `readStatement` on that
 * page: parsing, re-reading the unsure figures no total vouches for and the figures of totals
 * that do not add up) with the engine OCR_ENGINE=auto picks (native where tesseract is
 * installed, as here), and again with tesseract.js (`wasm`), the engine of machines without it.
 * Interleaved page by page (ours, native, ours with wasm…) so load changes hit all alike; times
 * are medians of the rounds' totals, each ratio the median of the rounds' own ratios (native
 * time / our time); the load average is printed at the start of every round and at the end.
 * Beside the ratio, the server's step before OCR on a scanned PDF page: the rendered canvas to
 * grey pixels, and the same through a PNG as it was done before 2026-11-28.
 */
export async function ocrNativeBench(): Promise<Figure[]> {
  const { setup: auto } = await chooseOcr({ ...defaultOcrConfig(), engine: "auto" });
  if (auto.engine !== "native") {
    console.log("  native tesseract not installed (Debian: apt-get install tesseract-ocr); skipped");
    return [];
  }
  const wasm: OcrSetup = { engine: "wasm" };
  const dir = mkdtempSync(join(tmpdir(), "blocklot-bench-ocr-native-"));
  try {
    const files = (await buildCorpus(dir, { scans: true, only: [] })).filter((f) => f.engine === "scan");
    const pages: { name: string; png: Buffer; path: string }[] = [];
    // A rendered PDF page to grey pixels, as the server does it (the canvas's pixels) and as it
    // did before (the canvas encoded as PNG, then decoded): not part of the ratio, whose two
    // sides both start from the PNG file.
    let viaPixels = 0;
    let viaPng = 0;
    for (const f of files) {
      const doc = await openPdf(f.path);
      for (let n = 1; n <= doc.numPages; n++) {
        const canvas = await renderPageToCanvas(await openPdfPage(doc, n), 300 / 72);
        let t = performance.now();
        const png = canvas.toBuffer("image/png");
        await decodePage(png);
        viaPng += performance.now() - t;
        t = performance.now();
        const { data, width, height } = canvas
          .getContext("2d")
          .getImageData(0, 0, canvas.width, canvas.height);
        await decodePage({ rgba: data, width, height });
        viaPixels += performance.now() - t;
        const path = join(dir, `${f.id}-${n}.png`);
        writeFileSync(path, png);
        pages.push({ name: `${f.id} p${n}`, png, path });
      }
      await doc.destroy();
    }
    console.log(
      `  a rendered page to grey pixels: ${(viaPixels / pages.length / 1000).toFixed(2)} s (through a PNG: ${(viaPng / pages.length / 1000).toFixed(2)} s), load average ${load()}`,
    );
    const plainNative = (path: string) =>
      run(auto.binary, [path, "stdout", "--psm", "6", "-l", "eng", "tsv"], {
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
        maxBuffer: 64 << 20,
      });
    const ours = async (setup: OcrSetup, i: number, png: Buffer) => {
      selectOcr(setup);
      const t = performance.now();
      const ocr = await ocrWords(i + 1, png);
      const page = { number: i + 1, text: ocr.text, source: "ocr" as const, words: ocr.page };
      await readStatement([{ ...page, imageWords: ocr.imageWords }], async () => ocr.pixels);
      return performance.now() - t;
    };
    // Untimed: the tesseract.js worker starts once per extraction thread and is kept.
    const first = pages[0] as { png: Buffer };
    await ours(wasm, 0, first.png);
    await ours(auto, 0, first.png);
    const native: number[] = [];
    const oursAuto: number[] = [];
    const oursWasm: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      console.log(`  round ${r + 1}/${ROUNDS}, load average ${load()}`);
      let a = 0;
      let n = 0;
      let w = 0;
      for (const [i, p] of pages.entries()) {
        a += await ours(auto, i, p.png);
        const t = performance.now();
        await plainNative(p.path);
        n += performance.now() - t;
        w += await ours(wasm, i, p.png);
      }
      oursAuto.push(a / 1000);
      native.push(n / 1000);
      oursWasm.push(w / 1000);
      console.log(
        `    ${pages.length} pages: ours (native) ${(a / 1000).toFixed(1)} s, plain native ${(n / 1000).toFixed(1)} s, ours (wasm) ${(w / 1000).toFixed(1)} s; ratios ${(n / a).toFixed(2)} and ${(n / w).toFixed(2)}`,
      );
    }
    console.log(`  load average at the end ${load()}`);
    const perPage = (xs: number[]) => Math.round((median(xs) / pages.length) * 100) / 100;
    // Each round's own ratio (all sides under that round's load), then their median.
    const ratio = (xs: number[]) =>
      Math.round(median(native.map((t, r) => t / (xs[r] as number))) * 100) / 100;
    return [
      {
        bench: BENCH,
        metric: "a rendered 300-dpi PDF page to grey pixels (server), s per page",
        value: Math.round(viaPixels / pages.length) / 1000,
        unit: "s",
      },
      {
        bench: BENCH,
        metric: "the same through a PNG (encode, decode; before 2026-11-28), s per page",
        value: Math.round(viaPng / pages.length) / 1000,
        unit: "s",
      },
      {
        bench: BENCH,
        metric: `ours, engine auto picks (native ${auto.version}), s per page (${pages.length} scan pages, median of ${ROUNDS})`,
        value: perPage(oursAuto),
        unit: "s",
      },
      {
        bench: BENCH,
        metric: "ours, wasm engine (tesseract.js), s per page",
        value: perPage(oursWasm),
        unit: "s",
      },
      {
        bench: BENCH,
        metric: "plain native tesseract 5 (1 thread, Debian model), s per page",
        value: perPage(native),
        unit: "s",
      },
      {
        bench: BENCH,
        metric: "throughput, ours (auto: native) / plain native",
        value: ratio(oursAuto),
        unit: "×",
        target: { op: ">=", value: 0.8 },
      },
      {
        bench: BENCH,
        metric: "throughput, ours with wasm (no tesseract installed) / plain native",
        value: ratio(oursWasm),
        unit: "×",
      },
    ];
  } finally {
    selectOcr(null);
    rmSync(dir, { recursive: true, force: true });
  }
}
