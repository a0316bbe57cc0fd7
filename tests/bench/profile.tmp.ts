import { readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
import { chromium } from "playwright-core";
import { sessionOf, startSeededServer } from "./util";
const path = process.argv[2] ?? "/dashboard/properties";
const server = await startSeededServer("fe");
try {
  const email = "admin@demo-realty.example";
  const session = await sessionOf(server.url, email, server.accounts.get(email) as string);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/api/health`);
  await page.evaluate((e) => { for (const [k, v] of e) localStorage.setItem(k, v); }, Object.entries(session));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector("main h1", { timeout: 60000 });
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send("Profiler.stop");
  await browser.close();
  // self time per function
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<number, number>();
  const dt = profile.timeDeltas as number[];
  (profile.samples as number[]).forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (dt[i] ?? 0)));
  // total time per function incl children
  const parent = new Map<number, number>();
  for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map<string, SourceMapConsumer | null>();
  const name = (cf: any) => {
    const file = cf.url.split("/").pop();
    if (!cf.url.includes("/assets/")) return `${cf.functionName || "(anon)"} ${file}`;
    let m = maps.get(file);
    if (m === undefined) { try { m = new SourceMapConsumer(JSON.parse(readFileSync(`dist/app/assets/${file}.map`, "utf8"))); } catch { m = null; } maps.set(file, m); }
    const pos = m?.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
    return `${pos?.name ?? cf.functionName} ${pos?.source?.split("node_modules/").pop() ?? file}:${pos?.line}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, t] of self) {
    const n: any = byId.get(id);
    const k = name(n.callFrame);
    selfBy.set(k, (selfBy.get(k) ?? 0) + t);
    const seen = new Set<string>();
    let cur: number | undefined = id;
    while (cur !== undefined) {
      const nn: any = byId.get(cur);
      const kk = name(nn.callFrame);
      if (!seen.has(kk)) { seen.add(kk); totalBy.set(kk, (totalBy.get(kk) ?? 0) + t); }
      cur = parent.get(cur);
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join("\n");
  console.log("SELF\n" + top(selfBy, 40));
  console.log("TOTAL\n" + top(totalBy, 70));
} finally {
  await server.stop();
}
