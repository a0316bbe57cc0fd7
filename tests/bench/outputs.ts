import { performance } from "node:perf_hooks";
import {
  prepareWorksheet,
  renderCsv,
  renderTc309Checklist,
  renderWorksheetPdf,
  renderXlsx,
} from "../../src/server/outputs";
import { fullRpie } from "../fixtures/outputs";
import type { Figure } from "./util";

const BENCH = "outputs";
const RUNS = Number(process.env.BENCH_OUTPUTS_RUNS || 20);
const ITEMS = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ms = (n: number) => Math.round(n * 10) / 10;

async function time(run: () => unknown): Promise<{ first: number; median: number; size: number }> {
  let t = performance.now();
  const out = (await run()) as Uint8Array | null;
  const first = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { first, median: median(times), size: out?.length ?? 0 };
}

/**
 * Time to produce the outputs of a full RPIE worksheet (every line of Sections J, K, L(I),
 * L(II) and the excluded items filled, other income and miscellaneous expenses itemised
 * with 40 items each: 4 pages), in-process from input to bytes: validation, layout and
 * writing included. The first call in a process (cold JIT, fonts embedded for the first
 * time) and the median of 20 later calls.
 */
export async function outputsBench(): Promise<Figure[]> {
  const input = fullRpie(ITEMS);
  prepareWorksheet(input); // fail fast on a bad fixture
  const pdf = await time(() => renderWorksheetPdf(input));
  const csv = await time(() => renderCsv(input));
  const xlsx = await time(() => renderXlsx(input));
  const tc309 = await time(() => renderTc309Checklist(input));
  const target = { op: "<" as const, value: 500 };
  return [
    { bench: BENCH, metric: "full RPIE PDF, first call", value: ms(pdf.first), unit: "ms", target },
    { bench: BENCH, metric: "full RPIE PDF, median", value: ms(pdf.median), unit: "ms", target },
    { bench: BENCH, metric: "full RPIE PDF, size", value: Math.round(pdf.size / 102.4) / 10, unit: "KB" },
    { bench: BENCH, metric: "full RPIE CSV, first call", value: ms(csv.first), unit: "ms" },
    { bench: BENCH, metric: "full RPIE CSV, median", value: ms(csv.median), unit: "ms" },
    { bench: BENCH, metric: "full RPIE XLSX, first call", value: ms(xlsx.first), unit: "ms" },
    { bench: BENCH, metric: "full RPIE XLSX, median", value: ms(xlsx.median), unit: "ms" },
    { bench: BENCH, metric: "TC309 checklist PDF, median", value: ms(tc309.median), unit: "ms" },
  ];
}
