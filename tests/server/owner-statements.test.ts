import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCorpus } from "../fixtures/owner-statements/corpus";
import { type Measured, measureCorpus, totals } from "../fixtures/owner-statements/measure";

/**
 * Issue 23's goals on the owner-statement corpus, text files (PDFs from pdf-lib and
 * Chromium, workbooks): every statement is extracted by the server's extractor and its
 * line items, columns, totals and default column compared with its truth. The scans are
 * measured by the bench (`npm run bench -- owner-statements`: OCR of every page is too slow
 * for the test run); owner-statements-scan-dust.test.ts tests the scan parser on word boxes.
 */
let dir: string;
let measured: Measured[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "blocklot-owner-statements-"));
  measured = await measureCorpus(await buildCorpus(dir));
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("owner statements as text PDFs and workbooks", () => {
  it("covers at least ten statements from more than one PDF engine and a workbook", () => {
    expect(measured.length).toBeGreaterThanOrEqual(10);
    const engines = new Set(measured.map((m) => m.file.engine));
    expect([...engines].sort()).toEqual(["chromium", "pdf-lib", "xlsx"]);
  });

  it("reads every amount exactly, each in its right column, blank cells blank", () => {
    for (const { file, score } of measured) {
      expect(score.missing, `${file.id}: lines not found`).toEqual([]);
      expect(score.amounts.exact, `${file.id}: amounts`).toBe(score.amounts.total);
      expect(score.wrong, `${file.id}: amounts in the wrong column`).toEqual([]);
      expect(score.columns.right).toBe(score.columns.total);
    }
  });

  it("takes no totals, headers, page furniture or notes as line items (≤ 1 % spurious)", () => {
    for (const { file, score } of measured) expect(score.extra, `${file.id}: spurious items`).toEqual([]);
    expect(totals(measured).spurious).toBeLessThanOrEqual(0.01);
  });

  it("chooses the statement year's annual figure as the default column on every file", () => {
    for (const { file, score } of measured)
      expect(score.defaultColumn, `${file.id}: ${score.defaultColumn.reason}`).toMatchObject({ right: true });
  });

  it("flags every total that does not add up, and no total that does", () => {
    const t = totals(measured);
    expect(t.badTotals.of).toBeGreaterThan(0);
    expect(t.badTotals.flagged).toBe(t.badTotals.of);
    expect(t.falseFlags).toBe(0);
  });

  it("suggests the right RPIE line first for ≥ 97 % of the extracted lines", () => {
    const misses = measured.flatMap((m) => m.score.mapping.misses.map((x) => `${m.file.id}: ${x}`));
    expect(totals(measured).mappingTop1, misses.join("\n")).toBeGreaterThanOrEqual(0.97);
  });
});
