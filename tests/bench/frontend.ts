/**
 * Front-end benchmark (not a test): Lighthouse 12 with its mobile defaults (simulated slow
 * 4G, 4x CPU slowdown, Moto G-class screen) on the BUILT product served by its own server,
 * in Debian's Chromium. Prints the four category scores, LCP, TBT and transferred bytes per
 * page, plus the landing-page size budget (scripts/size-budget.ts).
 *
 * Run: npx tsx tests/bench/frontend.ts [--runs=N] [--json] [--details] [--save=DIR]
 * (builds first if dist is missing; --save writes each full Lighthouse report as JSON)
 * Compare with the Devias figures in /work/shared/ANCHORS.md; results go to docs/benchmarks.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { APP_START_BUDGET_KB, measure, PUBLIC_SCRIPT_BUDGET_KB } from "../../scripts/size-budget";
import { ensureBuilt, type Figure, ROOT, startSeededServer } from "./util";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const PAGES = [
  { name: "landing", path: "/" },
  { name: "sign-in", path: "/auth/google/login" },
];

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  transferredKb: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function lighthouseOnce(url: string): Promise<Omit<PageResult, "page">> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const saveArg = process.argv.find((a) => a.startsWith("--save="));
    if (saveArg) {
      // Full reports for reading the opportunities and diagnostics (LCP breakdown, TBT sources...).
      const dir = resolve(saveArg.slice("--save=".length));
      mkdirSync(dir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
      writeFileSync(join(dir, name), JSON.stringify(result.lhr));
    }
    if (process.argv.includes("--details")) {
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        .map((a) => `  ${a.id}: ${a.displayValue ?? ""} (score ${a.score})`);
      console.log(`${url}\n${failing.join("\n")}`);
      const bootup = audits["bootup-time"]?.details as
        | { items?: { url: string; scripting: number }[] }
        | undefined;
      for (const item of (bootup?.items ?? []).slice(0, 5))
        console.log(`  script ${Math.round(item.scripting)} ms ${item.url}`);
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
      transferredKb: Math.round((audits["total-byte-weight"]?.numericValue ?? Number.NaN) / 1024),
    };
  } finally {
    await chrome.kill();
  }
}

async function runFrontendBench(
  runs = 1,
): Promise<{ pages: PageResult[]; size: ReturnType<typeof measure> }> {
  ensureBuilt();
  const size = measure(join(ROOT, "dist/app"));
  // the demo accounts are not used here; the server is the same one the other benches start
  const server = await startSeededServer("fe");
  const pages: PageResult[] = [];
  try {
    for (const p of PAGES) {
      const all: Omit<PageResult, "page">[] = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(`${server.url}${p.path}`));
      const pick = (k: keyof Omit<PageResult, "page">) => median(all.map((r) => r[k]));
      pages.push({
        page: p.name,
        performance: pick("performance"),
        accessibility: pick("accessibility"),
        bestPractices: pick("bestPractices"),
        seo: pick("seo"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        transferredKb: pick("transferredKb"),
      });
    }
  } finally {
    await server.stop();
  }
  return { pages, size };
}

function formatFrontendBench({ pages, size }: Awaited<ReturnType<typeof runFrontendBench>>): string {
  const lines = [
    "| page | perf | a11y | best practices | SEO | LCP | TBT | transferred |",
    "|---|---|---|---|---|---|---|---|",
    ...pages.map(
      (p) =>
        `| ${p.page} | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${(p.lcpMs / 1000).toFixed(1)} s | ${p.tbtMs} ms | ${p.transferredKb} KB |`,
    ),
    "",
    `Public pages, script before interaction (gzip): ${size.publicPages.map((p) => `${p.path} ${(p.scriptGzip / 1024).toFixed(1)} KB`).join(", ")}`,
    `App start (gzip): JS ${(size.jsGzip / 1024).toFixed(1)} KB + CSS ${(size.cssGzip / 1024).toFixed(1)} KB = ${(size.totalGzip / 1024).toFixed(1)} KB (budget ${(size.budgetBytes / 1024).toFixed(0)} KB)`,
    `Service-worker precache: ${size.precache.entries} files, ${(size.precache.bytes / 1024).toFixed(0)} KB uncompressed`,
  ];
  return lines.join("\n");
}

/** For tests/bench/run.ts: scores (target >= 95), LCP, TBT, transfer and the landing budget. */
export async function frontendBench(): Promise<Figure[]> {
  const result = await runFrontendBench(1);
  console.log(formatFrontendBench(result));
  const bench = "frontend (Lighthouse 12 mobile)";
  const figures: Figure[] = [];
  for (const p of result.pages) {
    for (const [metric, value] of [
      ["performance", p.performance],
      ["accessibility", p.accessibility],
      ["best practices", p.bestPractices],
      ["SEO", p.seo],
    ] as const) {
      figures.push({
        bench,
        metric: `${p.page} ${metric}`,
        value,
        unit: "/100",
        target: { op: ">=", value: 95 },
      });
    }
    figures.push({ bench, metric: `${p.page} LCP`, value: p.lcpMs, unit: "ms" });
    figures.push({ bench, metric: `${p.page} TBT`, value: p.tbtMs, unit: "ms" });
    figures.push({ bench, metric: `${p.page} transferred`, value: p.transferredKb, unit: "KB" });
  }
  figures.push({
    bench,
    metric: "app start (gz)",
    value: Math.round((result.size.totalGzip / 1024) * 10) / 10,
    unit: "KB",
    target: { op: "<", value: APP_START_BUDGET_KB },
  });
  const landing = result.size.publicPages.find((p) => p.path === "/");
  if (landing)
    figures.push({
      bench,
      metric: "landing script before interaction (gz)",
      value: Math.round((landing.scriptGzip / 1024) * 10) / 10,
      unit: "KB",
      target: { op: "<", value: PUBLIC_SCRIPT_BUDGET_KB },
    });
  return figures;
}

async function main() {
  const runsArg = process.argv.find((a) => a.startsWith("--runs="));
  const runs = runsArg ? Math.max(1, Number(runsArg.split("=")[1])) : 1;
  const result = await runFrontendBench(runs);
  if (process.argv.includes("--json")) console.log(JSON.stringify(result.pages));
  console.log(formatFrontendBench(result));
  const low = result.pages.flatMap((p) =>
    (["performance", "accessibility", "bestPractices", "seo"] as const)
      .filter((k) => p[k] < 95)
      .map((k) => `${p.page} ${k} ${p[k]}`),
  );
  if (low.length) console.log(`Below the 95 target: ${low.join(", ")}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
