import { chromium } from "playwright-core";
import { sessionOf, startSeededServer } from "./util";
const runs = Number(process.argv[2] ?? 3);
const server = await startSeededServer("fe");
try {
  const out: Record<string, number[]> = {};
  for (const [email, path] of [["admin@demo-realty.example", "/dashboard/properties"], [server.seller.email, "/dashboard/inventory-info"]] as const) {
    const pw = email === server.seller.email ? server.seller.password : (server.accounts.get(email) as string);
    const session = await sessionOf(server.url, email, pw);
    for (let i = 0; i < runs; i++) {
      const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/api/health`);
      await page.evaluate((e) => { for (const [k, v] of e) localStorage.setItem(k, v); }, Object.entries(session));
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(() => {
        (window as any).__lt = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push(e.duration); }).observe({ type: "longtask", buffered: true });
      });
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector("main h1", { timeout: 60000 });
      await page.waitForTimeout(4000);
      const lt: number[] = await page.evaluate(() => (window as any).__lt);
      const tbt = lt.reduce((s, d) => s + Math.max(0, d - 50), 0);
      (out[path] ??= []).push(Math.round(tbt));
      await browser.close();
    }
  }
  console.log(JSON.stringify(out));
} finally {
  await server.stop();
}
