import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCorpus } from "../fixtures/owner-statements/corpus";
import { measureCorpus, table, totals } from "../fixtures/owner-statements/measure";
import type { Figure } from "./util";

const BENCH = "owner-statements";

/**
 * Issue 23's measures on the owner-statement corpus (text PDFs, workbooks and five scans),
 * per file: prints the Markdown table for docs/benchmarks.md and the totals against the goals.
 */
export async function ownerStatementsBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "blocklot-bench-owner-statements-"));
  try {
    const measured = await measureCorpus(await buildCorpus(dir, { scans: true }));
    console.log(`\n${table(measured)}\n`);
    const text = totals(measured.filter((m) => m.file.engine !== "scan"));
    const scans = totals(measured.filter((m) => m.file.engine === "scan"));
    const all = totals(measured);
    const pct = (n: number) => Math.round(n * 1000) / 10;
    return [
      {
        bench: BENCH,
        metric: "amounts exact, text",
        value: pct(text.amountsExact),
        unit: "%",
        target: { op: ">=", value: 100 },
      },
      {
        bench: BENCH,
        metric: "amounts exact, scans",
        value: pct(scans.amountsExact),
        unit: "%",
        target: { op: ">=", value: 98 },
      },
      {
        bench: BENCH,
        metric: "right column, text",
        value: pct(text.rightColumn),
        unit: "%",
        target: { op: ">=", value: 100 },
      },
      {
        bench: BENCH,
        metric: "right column, scans",
        value: pct(scans.rightColumn),
        unit: "%",
        target: { op: ">=", value: 98 },
      },
      {
        bench: BENCH,
        metric: "spurious items",
        value: pct(all.spurious),
        unit: "%",
        target: { op: "<", value: 1.0001 },
      },
      {
        bench: BENCH,
        metric: "default column wrong",
        value: all.defaultColumn.of - all.defaultColumn.right,
        unit: "files",
        target: { op: "<", value: 1 },
      },
      {
        bench: BENCH,
        metric: "mapping top-1",
        value: pct(all.mappingTop1),
        unit: "%",
        target: { op: ">=", value: 97 },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
