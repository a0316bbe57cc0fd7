import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultOcrConfig } from "../../src/server/config";
import { chooseOcr } from "../../src/server/extraction/ocr-setup";
import { createExtractionPool, type ExtractionPool } from "../../src/server/extraction/pool";
import { expectedItems, makeStatement } from "../fixtures/statements/model";
import { scannedPdf, statementImage } from "../fixtures/statements/render";
import { amountAccuracy } from "../fixtures/statements/score";

/**
 * OCR on this 2-core machine: one letter page per test at 300 dpi, through the same worker
 * thread pool the server uses, with native tesseract (OCR_ENGINE=native, or auto where
 * scripts/test-deps.sh installs it) and with tesseract.js (wasm, where native is not installed).
 */
let pool: ExtractionPool;
let wasmPool: ExtractionPool;
let dir: string;

beforeAll(async () => {
  const { setup } = await chooseOcr({ ...defaultOcrConfig(), engine: "native" });
  pool = createExtractionPool({ size: 1, ocr: setup });
  wasmPool = createExtractionPool({ size: 1, ocr: { engine: "wasm" } });
  dir = mkdtempSync(join(tmpdir(), "blocklot-ocr-"));
});
afterAll(async () => {
  await Promise.all([pool.close(), wasmPool.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** A two-column statement scanned into an image-only PDF, read by `p`: ≥ 95 % of amounts exact. */
async function readsScannedPdf(p: ExtractionPool) {
  const s = makeStatement(101, { columns: 2 });
  const path = join(dir, "scan.pdf");
  writeFileSync(path, await scannedPdf(await statementImage(s, { format: "png" }), "png"));
  const out = await p.run({ path, kind: "pdf", maxPages: 500 });
  if (!out.ok) throw new Error(out.reason);
  expect(out.pages).toHaveLength(1);
  expect(out.pages[0]?.source).toBe("ocr");
  // The page's text, line by line, as well as its items.
  expect(out.pages[0]?.text.split("\n").length).toBeGreaterThanOrEqual(expectedItems(s).length);
  const acc = amountAccuracy(expectedItems(s), out.lineItems);
  expect(acc.share, JSON.stringify(out.lineItems)).toBeGreaterThanOrEqual(0.95);
  // OCR'd lines carry their position on the page too.
  const first = out.lineItems[0]?.box;
  const last = out.lineItems.at(-1)?.box;
  expect(first && last && first.y0 < last.y0 && last.y1 < 1).toBe(true);
}

describe("OCR", () => {
  it("auto picks native tesseract where it is installed (as on CI)", async () => {
    const { setup } = await chooseOcr({ ...defaultOcrConfig(), engine: "auto" });
    expect(setup).toMatchObject({ engine: "native", version: expect.stringMatching(/^5\./) });
  });

  it("a scanned PDF (image only, no text layer) is rendered and read natively: ≥ 95% of amounts exact", async () => {
    await readsScannedPdf(pool);
  }, 180_000);

  it("the same with tesseract.js (OCR_ENGINE=wasm, what auto takes without native)", async () => {
    await readsScannedPdf(wasmPool);
  }, 180_000);

  it("a 300-dpi JPEG photo of a statement: ≥ 95% of amounts exact, sections kept", async () => {
    const s = makeStatement(202, { columns: 1 });
    const path = join(dir, "scan.jpg");
    writeFileSync(path, await statementImage(s, { format: "jpeg" }));
    const out = await pool.run({ path, kind: "jpeg", maxPages: 500 });
    if (!out.ok) throw new Error(out.reason);
    const acc = amountAccuracy(expectedItems(s), out.lineItems);
    expect(acc.share, JSON.stringify(out.lineItems)).toBeGreaterThanOrEqual(0.95);
    const sections = new Set(out.lineItems.map((i) => i.section));
    expect(sections).toEqual(new Set(s.sections.map((x) => x.heading)));
  }, 180_000);
});
