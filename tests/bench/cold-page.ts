/**
 * A signed-in page's cold load in Debian's Chromium, for the first-load benches
 * (first-load-waterfall.ts, long-tasks.ts): a phone-sized context with the session in
 * localStorage, and a fresh tab whose HTTP cache, Cache Storage and service workers are cleared.
 */
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export async function openColdTab(
  base: string,
  storage: Record<string, string>,
): Promise<{ browser: Browser; tab: Page; cdp: CDPSession }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const probe = await context.newPage();
    await probe.goto(`${base}/api/health`);
    await probe.evaluate((e) => {
      for (const [k, v] of e) localStorage.setItem(k, v);
    }, Object.entries(storage));
    await probe.close();
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Storage.clearDataForOrigin", {
      origin: base,
      storageTypes: "cache_storage,service_workers",
    });
    return { browser, tab, cdp };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
