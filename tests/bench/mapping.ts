import { performance } from "node:perf_hooks";
import { suggestFields } from "../../src/domain/statement-mapping/suggest";
import { HELD_OUT_LABELS, type LabelledLine, MAPPING_LABELS, TRAIN_LABELS } from "../fixtures/mapping-labels";
import type { Figure } from "./util";

const BENCH = "mapping";
const YEAR = 2025;
const RUNS = Number(process.env.BENCH_MAPPING_RUNS || 20);

function score(lines: readonly LabelledLine[]) {
  const out = suggestFields(
    "rpie",
    lines.map((l) => l.label),
    { year: YEAR },
  );
  let top1 = 0;
  let top3 = 0;
  out.forEach((row, i) => {
    const got = row.candidates.map((c) => c.field.id);
    const want = lines[i]?.field as string;
    if (got[0] === want) top1++;
    if (got.slice(0, 3).includes(want)) top3++;
  });
  const pct = (n: number) => Math.round((1000 * n) / lines.length) / 10;
  return { top1: pct(top1), top3: pct(top3) };
}

/** Things statements put around an account name: vendors, buildings, periods, account numbers. */
const SUFFIXES = [
  "",
  " - Bldg A",
  " (Acme Corp)",
  " Q1",
  " - 2024",
  " YTD",
  " - annex",
  " per GL",
  " Jan-Dec",
];

/** A 500-line statement: corpus labels with account numbers and suffixes, so few lines repeat. */
function statement(seed: number): string[] {
  return Array.from({ length: 500 }, (_, i) => {
    const line = MAPPING_LABELS[(i * 7 + seed * 13) % MAPPING_LABELS.length] as LabelledLine;
    const account = 4000 + ((i * 37 + seed) % 5000);
    return `${account} · ${line.label}${SUFFIXES[(i + seed) % SUFFIXES.length]}`;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Suggestion quality on the labelled corpus (tests/fixtures/mapping-labels.ts) — all of
 * it, the part the dictionary was tuned on, and the held-out fifth — and the time to
 * suggest for a 500-line statement: building the dictionary and fuzzy index (once per
 * form and year in a process), the first statement after that (cold JIT, empty
 * correction cache) and the median of later statements.
 */
export async function mappingBench(): Promise<Figure[]> {
  let t = performance.now();
  suggestFields("rpie", ["Fuel oil"], { year: YEAR });
  const build = performance.now() - t;
  t = performance.now();
  suggestFields("rpie", statement(0), { year: YEAR });
  const first = performance.now() - t;
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const labels = statement(run);
    t = performance.now();
    suggestFields("rpie", labels, { year: YEAR });
    times.push(performance.now() - t);
  }
  const all = score(MAPPING_LABELS);
  const train = score(TRAIN_LABELS);
  const held = score(HELD_OUT_LABELS);
  const ms = (n: number) => Math.round(n * 10) / 10;
  return [
    {
      bench: BENCH,
      metric: `top-1, all ${MAPPING_LABELS.length}`,
      value: all.top1,
      unit: "%",
      target: { op: ">=", value: 90 },
    },
    {
      bench: BENCH,
      metric: `top-3, all ${MAPPING_LABELS.length}`,
      value: all.top3,
      unit: "%",
      target: { op: ">=", value: 98 },
    },
    { bench: BENCH, metric: `top-1, tuned ${TRAIN_LABELS.length}`, value: train.top1, unit: "%" },
    { bench: BENCH, metric: `top-3, tuned ${TRAIN_LABELS.length}`, value: train.top3, unit: "%" },
    {
      bench: BENCH,
      metric: `top-1, held-out ${HELD_OUT_LABELS.length}`,
      value: held.top1,
      unit: "%",
      target: { op: ">=", value: 90 },
    },
    { bench: BENCH, metric: `top-3, held-out ${HELD_OUT_LABELS.length}`, value: held.top3, unit: "%" },
    { bench: BENCH, metric: "dictionary + index build", value: ms(build), unit: "ms" },
    {
      bench: BENCH,
      metric: "500 lines, first statement",
      value: ms(first),
      unit: "ms",
      target: { op: "<", value: 200 },
    },
    {
      bench: BENCH,
      metric: "500 lines, median",
      value: ms(median(times)),
      unit: "ms",
      target: { op: "<", value: 200 },
    },
  ];
}
