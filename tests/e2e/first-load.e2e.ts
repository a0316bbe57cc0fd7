/**
 * The signed-in first load (issue #19): a returning user's cold visit (session in localStorage,
 * nothing cached) asks for the page's own code and data first; the sync engine (its chunk and its
 * first /api/sync/changes) starts only after the page has shown, and then does sync.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The built files of a module, from Vite's manifest (the names carry content hashes). */
function builtFile(source: string): string {
  const manifest = JSON.parse(
    readFileSync(resolve(import.meta.dirname, "../../dist/app/.vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return `/${entry.file}`;
}

async function sessionOf(email: string, password: string) {
  const res = await fetch(`${inject("baseUrl")}/auth-jwt/connect/google/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return (await res.json()) as { token: string; refreshToken: string };
}

describe("signed-in first load", () => {
  it("fetches the page's code and data before the sync engine, which starts after the page shows", async () => {
    const owner = inject("demoAccounts").companyAdmin;
    const { token, refreshToken } = await sessionOf(owner.email, owner.password);
    const { context, page } = await newPage(browser, { width: 412, height: 823, touch: true });
    await context.addInitScript(
      ([access, refresh]) => {
        if (location.pathname !== "/dashboard/properties" || sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("accessToken", access as string);
        localStorage.setItem("refreshToken", refresh as string);
        localStorage.setItem("acceptedCookies", "true");
        performance.setResourceTimingBufferSize(2000);
        // When the page's heading first appears (ms on the page's clock, as resource timings are).
        const w = window as unknown as { headingAt?: number };
        new MutationObserver((_, observer) => {
          const h1 = document.querySelector("h1");
          if (h1?.textContent?.includes("Properties")) {
            w.headingAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      [token, refreshToken],
    );
    await page.goto("/dashboard/properties");
    await page.getByRole("heading", { name: "Properties", level: 1 }).waitFor({ timeout: 20_000 });

    const started = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => ({ path: new URL(e.name).pathname, at: e.startTime })),
      );
    const firstStart = async (test: (path: string) => boolean) =>
      (await started()).find((e) => test(e.path))?.at;
    // The sync still starts, by itself, once the page has shown.
    await expect.poll(() => firstStart((p) => p === "/api/sync/changes"), { timeout: 20_000 }).toBeDefined();

    const pageChunk = builtFile("src/app/routes/dashboard/properties.tsx?tsr-split=component");
    const syncChunk = builtFile("src/app/offline/sync-start.ts");
    const at = {
      pageChunk: await firstStart((p) => p === pageChunk),
      pageData: await firstStart((p) => p === "/api/bbl"),
      syncChunk: await firstStart((p) => p === syncChunk),
      syncPull: await firstStart((p) => p === "/api/sync/changes"),
      heading: await page.evaluate(() => (window as unknown as { headingAt?: number }).headingAt),
    };
    for (const [name, t] of Object.entries(at)) expect(t, `${name} was not seen`).toBeDefined();
    const t = at as Record<keyof typeof at, number>;
    expect(t.pageChunk).toBeLessThan(t.syncChunk);
    expect(t.pageData).toBeLessThan(t.syncPull);
    // The engine's code is not even asked for until the page is on screen.
    expect(t.heading).toBeLessThan(t.syncChunk);
    expect(t.heading).toBeLessThan(t.syncPull);

    // The frame's deferred tools arrive too.
    await page.getByRole("button", { name: "Account menu" }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
