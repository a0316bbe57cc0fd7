import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtractionPool, ExtractionCrash } from "../../src/server/extraction/pool";

let dir: string;
let csv: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "blocklot-pool-"));
  csv = join(dir, "s.csv");
  writeFileSync(csv, 'Account,2024\nINCOME\nRent,"1,000"\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("extraction thread pool", () => {
  it("a task that takes too long is stopped, its thread replaced, and the next task still runs", async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 1 });
    try {
      await expect(pool.run({ path: csv, kind: "csv", maxPages: 10 })).rejects.toBeInstanceOf(
        ExtractionCrash,
      );
    } finally {
      await pool.close();
    }
    const healthy = createExtractionPool({ size: 1 });
    try {
      const out = await healthy.run({ path: csv, kind: "csv", maxPages: 10 });
      expect(out).toMatchObject({
        ok: true,
        lineItems: [{ page: 1, section: "INCOME", label: "Rent", amounts: [1000], isTotal: false }],
      });
    } finally {
      await healthy.close();
    }
  }, 60_000);

  it("a thread that dies (out of memory at start) is reported as a crash, not a hang", async () => {
    const pool = createExtractionPool({ size: 1, memoryMb: 1 });
    try {
      const err = await pool.run({ path: csv, kind: "csv", maxPages: 10 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExtractionCrash);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("runs tasks in parallel up to its size and answers each by id", async () => {
    const pool = createExtractionPool({ size: 2 });
    try {
      const files = [1, 2, 3].map((n) => {
        const p = join(dir, `p${n}.csv`);
        writeFileSync(p, `Item,2024\nRent ${n},${n * 100}\n`);
        return p;
      });
      const outs = await Promise.all(files.map((path) => pool.run({ path, kind: "csv", maxPages: 10 })));
      expect(outs.map((o) => (o.ok ? o.lineItems[0]?.amounts[0] : null))).toEqual([100, 200, 300]);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
