/**
 * Front-end benchmark (not a test): Lighthouse 12 with its mobile defaults (simulated slow
 * 4G, 4x CPU slowdown, Moto G-class screen) on the BUILT product served by its own server,
 * in Debian's Chromium. Prints the four category scores, LCP, TBT and transferred bytes per
 * page, plus the landing-page size budget (scripts/size-budget.ts).
 *
 * Run: npx tsx tests/bench/frontend.ts [--runs=N] [--pages=landing,articles,...] [--json] [--details] [--save=DIR]
 *        [--ab=A=/tmp/appA,B=/tmp/appB]
 * (--pages: only the pages of those names, and the peer's pages of the same name)
 * (--ab: builds of the app compared, each copied from dist/app and served by its own seeded
 * server with STATIC_DIR; every page is measured once per build per round, the builds' order
 * rotated each round, and the medians printed per build with every run's TBT)
 * (builds first if dist is missing; --save writes each full Lighthouse report as JSON)
 *
 * Signed-in pages are loaded cold (HTTP cache, Cache Storage and service workers cleared) with
 * the session already in localStorage, as a returning user's first visit of the day.
 *
 * The peer: with DEVIAS_DIR set to a built Devias material-kit-react 4.0 (/work/shared/ANCHORS.md
 * says how to build it), its sign-in and dashboard are measured in the same run, interleaved
 * with ours page by page, and the medians and ratios printed with the load average.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { APP_START_BUDGET_KB, measure, PUBLIC_SCRIPT_BUDGET_KB } from "../../scripts/size-budget";
import { ensureBuilt, type Figure, ROOT, type SeededServer, sessionOf, startSeededServer } from "./util";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
interface BenchPage {
  name: string;
  path: string;
  /** Signed in as this seeded account (its session put in localStorage first). */
  as?: string;
  /** The peer's page (DEVIAS_DIR), with what its own sign-in would have stored. */
  peer?: { storage?: Record<string, string> };
}
const PAGES: BenchPage[] = [
  { name: "landing", path: "/" },
  { name: "sign-in", path: "/auth/google/login" },
  { name: "articles", path: "/articles" },
  // One of the seeded articles (src/server/modules/demo/steps/articles-content.ts).
  { name: "article", path: "/articles/rpie-penalties-explained" },
  { name: "dashboard (seller, cold)", path: "/dashboard/inventory-info", as: "seller@demo-realty.example" },
  { name: "properties (owner, cold)", path: "/dashboard/properties", as: "admin@demo-realty.example" },
];
const PEER_PAGES: BenchPage[] = [
  { name: "Devias sign-in", path: "/auth/sign-in", peer: {} },
  // Devias's sample auth keeps any token in localStorage (src/lib/auth/client.ts).
  { name: "Devias dashboard", path: "/dashboard", peer: { storage: { "custom-auth-token": "bench" } } },
];
/** Which of ours each peer page is compared with. */
const COUNTERPART: Record<string, string> = {
  "Devias sign-in": "sign-in",
  "Devias dashboard": "dashboard (seller, cold)",
};

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  transferredKb: number;
  /** Main-thread work, scaled by Lighthouse's CPU slowdown (mainthread-work-breakdown). */
  mainThreadMs: number;
  /** Cumulative layout shift. */
  cls: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/**
 * Puts `storage` into the origin's localStorage (from a small page of that origin that loads no
 * app), then empties the HTTP cache, Cache Storage and service workers: the next load is cold.
 */
async function prepareStorage(
  port: number,
  origin: string,
  probePath: string,
  storage: Record<string, string>,
) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}${probePath}`);
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, Object.entries(storage));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "cache_storage,service_workers" });
    await page.close();
  } finally {
    await browser.close();
  }
}

async function lighthouseOnce(
  url: string,
  storage?: { probePath: string; values: Record<string, string> },
): Promise<Omit<PageResult, "page">> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    if (storage) await prepareStorage(chrome.port, new URL(url).origin, storage.probePath, storage.values);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error" },
      // Lighthouse would clear localStorage too: the cold load is prepared above instead.
      storage ? { extends: "lighthouse:default", settings: { disableStorageReset: true } } : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A signed-in page that lands on the sign-in form measured the wrong page.
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}`);
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
      mainThreadMs: Math.round(audits["mainthread-work-breakdown"]?.numericValue ?? Number.NaN),
      cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000) / 1000,
    };
  } finally {
    await chrome.kill();
  }
}

/** The built peer (DEVIAS_DIR) served by `next start` on a free port. */
async function startPeer(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(
    process.execPath,
    [join(dir, "node_modules/next/dist/bin/next"), "start", "-p", String(port)],
    { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: "ignore" },
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the peer exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/auth/sign-in`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the peer did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    },
  };
}

/** The stored session of each account the signed-in pages are loaded as, by its email. */
async function sessionsFor(
  server: SeededServer,
  pages: BenchPage[],
): Promise<Map<string, Record<string, string>>> {
  const sessions = new Map<string, Record<string, string>>();
  for (const p of pages) {
    if (!p.as || sessions.has(p.as)) continue;
    const password = p.as === server.seller.email ? server.seller.password : server.accounts.get(p.as);
    if (!password) throw new Error(`the seed printed no password for ${p.as}`);
    sessions.set(p.as, await sessionOf(server.url, p.as, password));
  }
  return sessions;
}

async function runFrontendBench(
  runs = 1,
  only?: string[],
): Promise<{
  pages: PageResult[];
  size: ReturnType<typeof measure>;
  load: { before: number[]; after: number[] };
}> {
  ensureBuilt();
  const size = measure(join(ROOT, "dist/app"));
  const before = loadavg();
  const server = await startSeededServer("fe");
  const peerDir = process.env.DEVIAS_DIR;
  const peer = peerDir ? await startPeer(resolve(peerDir)) : null;
  const all = new Map<string, Omit<PageResult, "page">[]>();
  // "dashboard" names "dashboard (seller, cold)" (a name with a comma cannot be given whole) and
  // the peer's page compared with it (COUNTERPART).
  const named = (name: string) => (n: string) => name === n || name.startsWith(`${n} (`);
  const chosen = (p: BenchPage) =>
    !only || only.some((n) => named(p.name)(n) || named(COUNTERPART[p.name] ?? "")(n));
  try {
    const sessions = await sessionsFor(server, PAGES.filter(chosen));
    const order = [...PAGES, ...(peer ? PEER_PAGES : [])].filter(chosen);
    // Interleaved: every page once per round, so load changes hit ours and the peer alike.
    for (let i = 0; i < runs; i++) {
      for (const p of order) {
        const base = p.peer ? (peer?.url as string) : server.url;
        const values = p.peer ? p.peer.storage : p.as ? sessions.get(p.as) : undefined;
        const storage = values ? { probePath: p.peer ? "/favicon.ico" : "/api/health", values } : undefined;
        const r = await lighthouseOnce(`${base}${p.path}`, storage);
        all.set(p.name, [...(all.get(p.name) ?? []), r]);
      }
    }
  } finally {
    await peer?.stop();
    await server.stop();
  }
  const pages = [...all].map(([page, rs]) => {
    const pick = (k: keyof Omit<PageResult, "page">) => median(rs.map((r) => r[k]));
    return {
      page,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcpMs: pick("lcpMs"),
      tbtMs: pick("tbtMs"),
      transferredKb: pick("transferredKb"),
      mainThreadMs: pick("mainThreadMs"),
      cls: pick("cls"),
    };
  });
  return { pages, size, load: { before, after: loadavg() } };
}

function formatFrontendBench({ pages, size, load }: Awaited<ReturnType<typeof runFrontendBench>>): string {
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
    `Load average before / after: ${load.before.map((l) => l.toFixed(1)).join(" ")} / ${load.after.map((l) => l.toFixed(1)).join(" ")}`,
  ];
  for (const [peerName, ours] of Object.entries(COUNTERPART)) {
    const a = pages.find((p) => p.page === ours);
    const b = pages.find((p) => p.page === peerName);
    if (!a || !b) continue;
    lines.push(
      `${ours} vs ${peerName}: performance ${a.performance} vs ${b.performance}, TBT ${a.tbtMs} vs ${b.tbtMs} ms (×${(a.tbtMs / Math.max(1, b.tbtMs)).toFixed(2)}), LCP ×${(a.lcpMs / Math.max(1, b.lcpMs)).toFixed(2)}, transferred ×${(a.transferredKb / Math.max(1, b.transferredKb)).toFixed(2)}`,
    );
  }
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

/**
 * Builds of the app compared on the same machine in the same minutes (--ab): one seeded server
 * per build (STATIC_DIR), every chosen page once per build per round, the order of the builds
 * rotated each round so a change in load falls on all of them.
 */
async function runAbBench(builds: [string, string][], runs: number, only?: string[]): Promise<string> {
  const before = loadavg();
  const servers: { name: string; server: SeededServer; sessions: Map<string, Record<string, string>> }[] = [];
  const pages = PAGES.filter((p) => !only || only.some((n) => p.name === n || p.name.startsWith(`${n} (`)));
  const results = new Map<string, Omit<PageResult, "page">[]>();
  try {
    // One after another: PGlite processes started together can crash (electric-sql/pglite#1053).
    for (const [name, dir] of builds) {
      process.env.STATIC_DIR = resolve(dir);
      const server = await startSeededServer(`ab-${name}`);
      servers.push({ name, server, sessions: await sessionsFor(server, pages) });
    }
    for (let i = 0; i < runs; i++) {
      const order = [...servers.slice(i % servers.length), ...servers.slice(0, i % servers.length)];
      for (const p of pages) {
        for (const { name, server, sessions } of order) {
          const values = p.as ? sessions.get(p.as) : undefined;
          const storage = values ? { probePath: "/api/health", values } : undefined;
          const r = await lighthouseOnce(`${server.url}${p.path}`, storage);
          const key = `${p.name}\t${name}`;
          results.set(key, [...(results.get(key) ?? []), r]);
        }
      }
    }
  } finally {
    for (const { server } of servers) await server.stop();
    delete process.env.STATIC_DIR;
  }
  const lines = [
    "| page | build | LCP | TBT | CLS | main thread | TBT of each run |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const [key, rs] of results) {
    const [page, name] = key.split("\t");
    lines.push(
      `| ${page} | ${name} | ${(median(rs.map((r) => r.lcpMs)) / 1000).toFixed(1)} s | ${median(rs.map((r) => r.tbtMs))} ms | ${median(rs.map((r) => r.cls))} | ${median(rs.map((r) => r.mainThreadMs))} ms | ${rs.map((r) => r.tbtMs).join(", ")} |`,
    );
  }
  lines.push(
    `Load average before / after: ${before.map((l) => l.toFixed(1)).join(" ")} / ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  return lines.join("\n");
}

async function main() {
  const runsArg = process.argv.find((a) => a.startsWith("--runs="));
  const runs = runsArg ? Math.max(1, Number(runsArg.split("=")[1])) : 1;
  const pagesArg = process.argv.find((a) => a.startsWith("--pages="));
  const only = pagesArg?.slice("--pages=".length).split(",");
  const abArg = process.argv.find((a) => a.startsWith("--ab="));
  if (abArg) {
    const builds = abArg
      .slice("--ab=".length)
      .split(",")
      .map((b) => b.split("=") as [string, string]);
    if (builds.some(([name, dir]) => !name || !dir)) throw new Error("--ab wants NAME=DIR,NAME=DIR");
    console.log(await runAbBench(builds, runs, only));
    return;
  }
  const result = await runFrontendBench(runs, only);
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
