/**
 * The signed-in first load's request waterfall (issue #19; not a test): the built product on
 * its own seeded server, a signed-in page loaded cold (session in localStorage, HTTP cache,
 * Cache Storage and service worker cleared) in Debian's Chromium with the CPU slowed 4x. Prints
 * when each request started (ms after navigation start), the long tasks (> 50 ms) before the
 * page showed its heading, LCP and when the page's heading appeared, the medians of N runs.
 *
 * Run: npx tsx tests/bench/first-load-waterfall.ts [--runs=N] [--list]
 * (--list prints every request of the last run of each page)
 *
 * Lighthouse's TBT and LCP (tests/bench/frontend.ts) simulate a slow network; this measures the
 * order the app asks for things in, which the simulation then stretches.
 */

import { loadavg } from "node:os";
import { resolve } from "node:path";
import { openColdTab } from "./cold-page";
import { type Figure, sessionOf, startSeededServer } from "./util";

const PAGES = [
  {
    name: "inventory-info (seller)",
    path: "/dashboard/inventory-info",
    as: "seller@demo-realty.example",
    heading: "Inventory Dashboard",
  },
  {
    name: "properties (owner)",
    path: "/dashboard/properties",
    as: "admin@demo-realty.example",
    heading: "Properties",
  },
];

interface Run {
  /** ms after navigation start of the first request whose URL matches each mark. */
  marks: Record<string, number>;
  longTasks: number;
  longTaskMs: number;
  lcp: number;
  heading: number;
  requests: { t: number; url: string }[];
}

/** What to look for in the waterfall: the first request matching each. */
const MARKS: [string, (url: string, routeChunk: string) => boolean][] = [
  ["entry script", (u) => /\/assets\/index-[\w-]+\.js$/.test(u)],
  ["page chunk", (u, chunk) => u.includes(`/assets/${chunk}`)],
  ["Dexie", (u) => /\/assets\/dexie[\w.-]*\.js$/.test(u)],
  [
    "first /api (not sync)",
    (u) => u.includes("/api/") && !u.includes("/api/sync") && !u.includes("/api/events"),
  ],
  ["/api/sync/changes", (u) => u.includes("/api/sync/changes")],
  ["/api/events", (u) => u.includes("/api/events")],
];

/** The route's own chunk: the file name the router's split component gets (e.g. inventory-info-…). */
function routeChunkOf(path: string) {
  return path.split("/").pop() as string;
}

async function once(
  base: string,
  page: (typeof PAGES)[number],
  storage: Record<string, string>,
): Promise<Run> {
  const { browser, tab, cdp } = await openColdTab(base, storage);
  try {
    await cdp.send("Network.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const requests: { t: number; url: string }[] = [];
    let start = 0;
    cdp.on("Network.requestWillBeSent", (e) => {
      if (!start && e.type === "Document") start = e.timestamp;
      requests.push({ t: e.timestamp, url: e.request.url });
    });
    await tab.addInitScript(() => {
      const w = window as unknown as { __lt: number[]; __lcp: number };
      w.__lt = [];
      w.__lcp = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__lt.push(e.duration);
      }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await tab.goto(`${base}${page.path}`);
    await tab.getByRole("heading", { name: page.heading, level: 1 }).waitFor({ timeout: 60_000 });
    const heading = await tab.evaluate(() => performance.now());
    await tab.waitForTimeout(3000);
    const { lt, lcp } = await tab.evaluate(() => {
      const w = window as unknown as { __lt: number[]; __lcp: number };
      return { lt: w.__lt, lcp: w.__lcp };
    });
    const rel = requests.map((r) => ({ t: Math.round((r.t - start) * 1000), url: r.url.replace(base, "") }));
    const chunk = routeChunkOf(page.path);
    const marks: Record<string, number> = {};
    for (const [name, test] of MARKS) {
      const hit = rel.find((r) => test(r.url, chunk));
      if (hit) marks[name] = hit.t;
    }
    return {
      marks,
      longTasks: lt.length,
      longTaskMs: Math.round(lt.reduce((a, b) => a + b, 0)),
      lcp: Math.round(lcp),
      heading: Math.round(heading),
      requests: rel,
    };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Every page `runs` times: its runs' marks, heading, LCP and long tasks. */
async function measureFirstLoads(runs: number) {
  const before = loadavg();
  const server = await startSeededServer("waterfall");
  const pages: { page: (typeof PAGES)[number]; results: Run[] }[] = [];
  try {
    for (const page of PAGES) {
      const password = server.accounts.get(page.as);
      if (!password) throw new Error(`no password for ${page.as}`);
      const storage = await sessionOf(server.url, page.as, password);
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) results.push(await once(server.url, page, storage));
      pages.push({ page, results });
    }
  } finally {
    await server.stop();
  }
  return { pages, load: { before, after: loadavg() } };
}

/** For tests/bench/run.ts (`npm run bench -- first-load`): medians of 3 per page. */
export async function firstLoadBench(): Promise<Figure[]> {
  const { pages } = await measureFirstLoads(3);
  const bench = "signed-in first load (CPU 4x)";
  return pages.flatMap(({ page, results }) => [
    ...MARKS.flatMap(([name]) => {
      const ts = results.map((r) => r.marks[name]).filter((t): t is number => t !== undefined);
      return ts.length
        ? [{ bench, metric: `${page.name} ${name} starts`, value: median(ts) as number, unit: "ms" }]
        : [];
    }),
    {
      bench,
      metric: `${page.name} heading shown`,
      value: median(results.map((r) => r.heading)) as number,
      unit: "ms",
    },
    { bench, metric: `${page.name} LCP`, value: median(results.map((r) => r.lcp)) as number, unit: "ms" },
    {
      bench,
      metric: `${page.name} long tasks`,
      value: median(results.map((r) => r.longTaskMs)) as number,
      unit: "ms",
    },
  ]);
}

async function main() {
  const runsArg = process.argv.find((a) => a.startsWith("--runs="));
  const runs = runsArg ? Math.max(1, Number(runsArg.split("=")[1])) : 3;
  const { pages, load } = await measureFirstLoads(runs);
  for (const { page, results } of pages) {
    console.log(`\n${page.name} ${page.path}, CPU 4x, median of ${runs}:`);
    for (const [name] of MARKS) {
      const ts = results.map((r) => r.marks[name]).filter((t): t is number => t !== undefined);
      console.log(`  ${name.padEnd(24)} ${ts.length ? `${median(ts)} ms` : "—"}  (${ts.join(", ")})`);
    }
    console.log(`  heading shown            ${median(results.map((r) => r.heading))} ms`);
    console.log(`  LCP                      ${median(results.map((r) => r.lcp))} ms`);
    console.log(
      `  long tasks               ${median(results.map((r) => r.longTasks))}, ${median(results.map((r) => r.longTaskMs))} ms`,
    );
    if (process.argv.includes("--list"))
      for (const r of results.at(-1)?.requests ?? []) console.log(`    ${String(r.t).padStart(6)} ${r.url}`);
  }
  const fmt = (l: number[]) => l.map((x) => x.toFixed(1)).join(" ");
  console.log(`\nLoad average before / after: ${fmt(load.before)} / ${fmt(load.after)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
