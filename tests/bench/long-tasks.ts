/**
 * What the signed-in first load's long tasks are made of (issue #19; a measuring tool, not a
 * test): the built product (or STATIC_DIR's build) on its own seeded server, a page loaded cold
 * with the CPU slowed 4x under a Chromium trace (tasks and V8's sampling profiler on one clock).
 * For every main-thread task over 50 ms it prints its length, what React was doing in it (a
 * transition's render slice, a synchronous render, a commit, passive effects...) and the
 * functions with the most self time, named through the build's source maps.
 *
 * Run: npx tsx tests/bench/long-tasks.ts [--page=inventory-info|properties] [--top=N] [--count=REGEXP]
 * (--count: also the main thread's sampled time, in tasks of any length, whose stack has a
 * function or file matching REGEXP, e.g. --count=src/sync/ for the sync engine's own work)
 * [--items=N]: N more items (a multiple of 5,000) imported for the page's user first, so that the
 * sync's first pull on the cold device is as large as a real seller's (the seed has a few dozen)
 */

import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SourceMapConsumer } from "source-map-js";
import { v7 as uuidv7 } from "uuid";
import { openColdTab } from "./cold-page";
import { chunkBody, PER_CHUNK } from "./import-chunks";
import { ROOT, sessionOf, startSeededServer } from "./util";

const PAGES: Record<string, { path: string; as: string; heading: string }> = {
  "inventory-info": {
    path: "/dashboard/inventory-info",
    as: "seller@demo-realty.example",
    heading: "Inventory Dashboard",
  },
  properties: { path: "/dashboard/properties", as: "admin@demo-realty.example", heading: "Properties" },
};

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** React's work, told by a function on the sample's stack (react-dom's production names). */
const PHASES: [string, RegExp][] = [
  [
    "commit",
    /^(commitRoot|commitRootImpl|commitMutationEffects|commitLayoutEffects|commitMutationEffectsOnFiber)/,
  ],
  ["passive effects", /^(flushPassiveEffects|commitPassiveMountOnFiber|commitPassiveUnmountOnFiber)/],
  ["sync render", /^(performSyncWorkOnRoot|flushSyncWorkAcrossRoots|renderRootSync|workLoopSync)/],
  ["transition render", /^(workLoopConcurrent|renderRootConcurrent|workLoopConcurrentByScheduler)/],
  ["Dexie", /dexie/i],
];

/** Source-map names for a built asset's positions (the maps vite writes beside the chunks). */
class Namer {
  private maps = new Map<string, SourceMapConsumer | null>();
  constructor(private dir: string) {}
  name(frame: ProfileNode["callFrame"]): string {
    const url = frame.url ?? "";
    const file = url.split("/").pop() ?? "";
    if (!url.includes("/assets/")) return frame.functionName || `(${url || "native"})`;
    let map = this.maps.get(file);
    if (map === undefined) {
      const path = join(this.dir, "assets", `${file}.map`);
      map = existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, "utf8"))) : null;
      this.maps.set(file, map);
    }
    if (!map) return `${frame.functionName}@${file}`;
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = (pos.source ?? file).replace(/^.*node_modules\//, "").replace(/^.*\/src\//, "src/");
    return `${pos.name ?? frame.functionName ?? "?"} ${source}:${pos.line}`;
  }
}

async function traceOnce(
  base: string,
  page: (typeof PAGES)[string],
  storage: Record<string, string>,
  settleMs: number,
) {
  const { browser, tab, cdp } = await openColdTab(base, storage);
  try {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(tab, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "disabled-by-default-v8.cpu_profiler",
        // V8's parse and compile events, for the main thread's compile time
        "v8",
        "disabled-by-default-v8.compile",
      ],
    });
    await tab.goto(`${base}${page.path}`);
    await tab.getByRole("heading", { name: page.heading, level: 1 }).waitFor({ timeout: 60_000 });
    await tab.waitForTimeout(settleMs);
    const buffer = await browser.stopTracing();
    return (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await browser.close();
  }
}

function analyse(events: TraceEvent[], namer: Namer, top: number, count: RegExp | null) {
  // The page's renderer: the main thread with the most task time.
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === "RunTask")
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = events
    .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) throw new Error("no renderer main thread in the trace");
  const nav =
    events.find(
      (e) => e.pid === main.pid && (e.name === "navigationStart" || e.name === "TracingStartedInBrowser"),
    )?.ts ?? Math.min(...events.filter((e) => e.pid === main.pid && e.ts > 0).map((e) => e.ts));
  const tasks = events
    .filter((e) => e.name === "RunTask" && e.pid === main.pid && e.tid === main.tid && (e.dur ?? 0) > 50_000)
    .sort((a, b) => a.ts - b.ts);
  // The sampled stacks, on the trace's clock.
  const nodes = new Map<number, ProfileNode>();
  const samples: { t: number; node: number }[] = [];
  const profile = events.find((e) => e.name === "Profile" && e.pid === main.pid);
  let t = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== "ProfileChunk" || e.pid !== main.pid || e.id !== profile?.id) continue;
    for (const n of e.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = e.args?.data?.cpuProfile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push({ t, node: id });
    });
  }
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let n = names.get(id);
    if (n === undefined) {
      n = namer.name((nodes.get(id) as ProfileNode).callFrame);
      names.set(id, n);
    }
    return n;
  };
  // The renderer's own trace events (layout, style, parsing, IndexedDB...) on the main thread.
  const slices = events
    .filter((e) => e.ph === "X" && e.pid === main.pid && e.tid === main.tid && e.name !== "RunTask")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = samples.filter((s) => s.t >= task.ts && s.t < end);
    const self = new Map<string, number>();
    const phases = new Map<string, number>();
    const entries = new Map<string, number>();
    for (const s of inside) {
      // Where the task's work came in: the first named frames from the stack's root.
      const chain: string[] = [];
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent)
        chain.unshift(nameOf(id));
      const entry = chain
        .filter((n) => !n.startsWith("(root)") && !/^ \S+:null$/.test(n))
        .slice(0, 4)
        .join(" > ");
      entries.set(entry, (entries.get(entry) ?? 0) + 1);
      // A native function is told by its caller (appendChild from React's commit or a style tag).
      const parent = nodes.get(s.node)?.parent;
      const own = nameOf(s.node);
      const key = !own.includes(":") && parent !== undefined ? `${own} < ${nameOf(parent)}` : own;
      self.set(key, (self.get(key) ?? 0) + 1);
      const seen = new Set<string>();
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
        const name = nameOf(id);
        for (const [phase, re] of PHASES) if (re.test(name)) seen.add(phase);
      }
      for (const phase of seen) phases.set(phase, (phases.get(phase) ?? 0) + 1);
    }
    const ms = (task.dur ?? 0) / 1000;
    blocking += ms - 50;
    const share = (n: number) => `${Math.round((100 * n) / Math.max(1, inside.length))}%`;
    console.log(
      `\ntask at ${Math.round((task.ts - nav) / 1000)} ms, ${Math.round(ms)} ms (${inside.length} samples): ${[
        ...phases,
      ]
        .sort((a, b) => b[1] - a[1])
        .map(([p, n]) => `${p} ${share(n)}`)
        .join(", ")}`,
    );
    for (const [entry, n] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, 3))
      console.log(`   from ${share(n)}: ${entry}`);
    for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`   ${share(n).padStart(4)} ${name}`);
    console.log(`   trace: ${eventSelfTimes(slices, task).join(", ")}`);
  }
  console.log(
    `\n${tasks.length} tasks over 50 ms, ${Math.round(blocking)} ms over 50 ms in all (4x CPU, real trace)`,
  );
  console.log(`main thread compiling JavaScript: ${Math.round(compileMs(slices))} ms (4x CPU)`);
  if (count) {
    // The main thread's sampled time, in tasks of any length, in stacks naming `count`.
    let ms = 0;
    samples.forEach((s, i) => {
      const next = samples[i + 1];
      if (!next) return;
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent)
        if (count.test(nameOf(id))) {
          ms += (next.t - s.t) / 1000;
          return;
        }
    });
    console.log(`main thread in stacks matching ${count}: ${Math.round(ms)} ms`);
  }
}

/** V8's parse and compile events (functions compiled at their first call, scripts, modules). */
const COMPILE =
  /^V8\.(CompileCode|CompileLazy|ParseFunction|ParseProgram|PreParse|CompileIgnition|CompileIgnitionFinalization|CompileFinalizeBackgroundCompileTask)$/;

/**
 * The main thread's time in V8's compiler over the whole load, by self time. Work inside
 * V8.CollectSourcePositions is left out: the trace's own stack traces need source positions,
 * which V8 collects by parsing the scripts again (a cost of tracing, not of the page).
 */
function compileMs(slices: TraceEvent[]): number {
  let us = 0;
  const open: TraceEvent[] = [];
  for (const e of slices) {
    while (open.length && (open.at(-1) as TraceEvent).ts + ((open.at(-1) as TraceEvent).dur ?? 0) <= e.ts)
      open.pop();
    const parent = open.at(-1);
    const traced = open.some((o) => o.name === "V8.CollectSourcePositions");
    if (!traced && COMPILE.test(e.name)) us += e.dur ?? 0;
    if (!traced && parent && COMPILE.test(parent.name)) us -= e.dur ?? 0;
    open.push(e);
  }
  return us / 1000;
}

/**
 * The task's trace events by self time (an event's length less its children's): what the
 * renderer did natively, which the JS samples show only as "(program)".
 */
function eventSelfTimes(slices: TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const e of slices) {
    if (e.ts < task.ts || e.ts >= end) continue;
    while (open.length && (open.at(-1) as TraceEvent).ts + ((open.at(-1) as TraceEvent).dur ?? 0) <= e.ts)
      open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
    open.push(e);
  }
  return [...self]
    .filter(([, us]) => us >= 5000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`);
}

/** Imports `count` items (whole chunks of PER_CHUNK) for the signed-in user, as an import would. */
async function importItems(base: string, token: string, count: number) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const batchId = uuidv7();
  const batch = await fetch(`${base}/api/inventory/batches/${batchId}`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ name: "Long tasks", sourceFileName: "long-tasks.csv", rowCount: count }),
  });
  if (!batch.ok) throw new Error(`PUT batch answered ${batch.status}: ${await batch.text()}`);
  for (let c = 0; c < Math.ceil(count / PER_CHUNK); c++) {
    const res = await fetch(`${base}/api/inventory/items/bulk`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": uuidv7() },
      body: chunkBody(batchId, c),
    });
    if (!res.ok) throw new Error(`bulk answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
}

async function main() {
  const pageArg = process.argv.find((a) => a.startsWith("--page="))?.split("=")[1] ?? "inventory-info";
  const top = Number(process.argv.find((a) => a.startsWith("--top="))?.split("=")[1] ?? 8);
  const countArg = process.argv.find((a) => a.startsWith("--count="))?.slice("--count=".length);
  const page = PAGES[pageArg];
  if (!page) throw new Error(`--page is one of ${Object.keys(PAGES).join(", ")}`);
  const server = await startSeededServer("long-tasks");
  try {
    const password = server.accounts.get(page.as);
    if (!password) throw new Error(`no password for ${page.as}`);
    const session = await sessionOf(server.url, page.as, password);
    const items = Number(process.argv.find((a) => a.startsWith("--items="))?.split("=")[1] ?? 0);
    if (items > 0) await importItems(server.url, session.accessToken as string, items);
    // a larger first pull takes longer: the trace goes on until it has surely ended
    const events = await traceOnce(server.url, page, session, items > 0 ? 4000 + items * 3 : 4000);
    analyse(
      events,
      new Namer(resolve(process.env.STATIC_DIR ?? join(ROOT, "dist/app"))),
      top,
      countArg ? new RegExp(countArg) : null,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
