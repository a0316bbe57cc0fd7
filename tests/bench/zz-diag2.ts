import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultOcrConfig } from "../../src/server/config";
import { selectOcr } from "../../src/server/extraction/ocr";
import { ocrWords } from "../../src/server/extraction/ocr-read";
import { chooseOcr } from "../../src/server/extraction/ocr-setup";
import { openPdf, openPdfPage, renderPageToCanvas } from "../../src/server/extraction/pdf";
import { buildCorpus } from "../fixtures/owner-statements/corpus";
const dir = mkdtempSync(join(tmpdir(), "diag-"));
const f = (await buildCorpus(dir, { scans: true, only: [] })).find((x) => x.id === "buildium-scan")!;
const doc = await openPdf(f.path);
const native = (await chooseOcr({ ...defaultOcrConfig(), engine: "auto" })).setup;
for (let n = 1; n <= doc.numPages; n++) {
  const png = (await renderPageToCanvas(await openPdfPage(doc, n), 300 / 72)).toBuffer("image/png");
  for (const s of [native, { engine: "wasm" as const }]) {
    selectOcr(s);
    const o = await ocrWords(n, png);
    const lines = o.text.split("\n").filter((l) => /Legal|Housing|Leasing|Professional/.test(l));
    console.log(n, s.engine, JSON.stringify(lines));
    const ws = o.page.words.filter((w, i) => { const y = w.y0; return o.page.words.some((v) => /Legal|Housing/.test(v.text) && Math.abs(v.y0 - y) < 25); });
    console.log("   ", ws.map((w) => `${w.text}:${w.conf}@${Math.round(w.x0)},${Math.round(w.y0)}-${Math.round(w.x1)},${Math.round(w.y1)}`).join(" "));
  }
}
process.exit(0);
