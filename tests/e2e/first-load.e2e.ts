/**
 * The signed-in first load (issue #19): a returning user's cold visit (session in localStorage,
 * nothing cached) asks for the page's own code and data first; the sync engine (its chunk and its
 * first /api/sync/changes, which the pull worker fetches off the main thread) starts only after
 * the page has shown, and then does sync.
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

type Manifest = Record<string, { file: string; imports?: string[] }>;
const manifest = (): Manifest =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, "../../dist/app/.vite/manifest.json"), "utf8"));

/** The built file of a module, from Vite's manifest (the names carry content hashes). */
function builtFile(m: Manifest, source: string): string {
  const entry = m[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return `/${entry.file}`;
}

/** A manifest entry's file and every chunk it imports statically, transitively. */
function withImports(m: Manifest, key: string, into = new Set<string>()): Set<string> {
  const entry = m[key];
  if (!entry || into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  for (const i of entry.imports ?? []) withImports(m, i, into);
  return into;
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

    // Start times in epoch ms: the page's and the pull worker's clocks start at different moments.
    const started = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => ({ path: new URL(e.name).pathname, at: performance.timeOrigin + e.startTime })),
      );
    const firstStart = async (test: (path: string) => boolean) =>
      (await started()).find((e) => test(e.path))?.at;
    // The sync still starts, by itself, once the page has shown; its pull runs on the pull worker.
    const pullWorker = () => page.workers().find((w) => w.url().includes("pull.worker"));
    const workerPullAt = async () =>
      pullWorker()?.evaluate(() => {
        const pull = performance
          .getEntriesByType("resource")
          .find((e) => new URL(e.name).pathname === "/api/sync/changes");
        return pull ? performance.timeOrigin + pull.startTime : undefined;
      });
    await expect.poll(workerPullAt, { timeout: 20_000 }).toBeDefined();
    // ... and not on the page's main thread (its parse and Dexie writes were ~1/4 of the blocking time)
    expect(await firstStart((p) => p === "/api/sync/changes")).toBeUndefined();

    const m = manifest();
    const pageRoute = "src/app/routes/dashboard/properties.tsx?tsr-split=component";
    const pageChunk = builtFile(m, pageRoute);
    const syncChunk = builtFile(m, "src/app/offline/sync-start.ts");
    // The engine's own code: the chunks the sync start loads that hold Dexie (its error class)
    // or the engine (its outbox lock's name); neither the app's entry nor this page (which reads
    // no Dexie) needs them.
    const shared = new Set([
      ...withImports(m, "index.html"),
      ...withImports(m, pageRoute),
      ...withImports(m, "src/app/routes/dashboard/properties.tsx?tsr-split=loader"),
    ]);
    const engineChunks = [...withImports(m, "src/app/offline/sync-start.ts")].filter((f) => {
      if (shared.has(f)) return false;
      const code = readFileSync(resolve(import.meta.dirname, `../../dist/app${f}`), "utf8");
      return code.includes("DatabaseClosedError") || code.includes("blocklot-outbox");
    });
    expect(engineChunks.length).toBeGreaterThanOrEqual(2);
    const at = {
      pageChunk: await firstStart((p) => p === pageChunk),
      pageData: await firstStart((p) => p === "/api/bbl"),
      syncChunk: await firstStart((p) => p === syncChunk),
      syncPull: await workerPullAt(),
      heading: await page.evaluate(() => {
        const at = (window as unknown as { headingAt?: number }).headingAt;
        return at === undefined ? undefined : performance.timeOrigin + at;
      }),
    };
    for (const [name, t] of Object.entries(at)) expect(t, `${name} was not seen`).toBeDefined();
    const t = at as Record<keyof typeof at, number>;
    expect(t.pageChunk).toBeLessThan(t.syncChunk);
    expect(t.pageData).toBeLessThan(t.syncPull);
    // The engine's code is not even asked for until the page is on screen (the frame used to
    // load Dexie and the engine with itself, before the page could render).
    expect(t.heading).toBeLessThan(t.syncPull);
    const loaded = await started();
    for (const chunk of engineChunks) {
      const asked = loaded.find((e) => e.path === chunk)?.at;
      expect(asked, `${chunk} was not loaded at all`).toBeDefined();
      expect(asked as number, `${chunk} was asked for before the page showed`).toBeGreaterThan(t.heading);
    }

    // The frame's deferred tools arrive too.
    await page.getByRole("button", { name: "Account menu" }).waitFor({ timeout: 15_000 });
    // ... without their closed menus and dialogs, nor the toasts' container: each mounts when first
    // used (a closed one left an empty portal in the page and cost the load a synchronous render).
    expect(await page.locator("[data-portal]:empty").count()).toBe(0);
    expect(await page.locator(".mantine-Notifications-root").count()).toBe(0);
    await context.close();
  });

  it("has the code every signed-in load runs compiled as it arrives, and no page's own code", async () => {
    // V8 compiles a file that starts with this comment whole, off the main thread, while it
    // streams in (scripts/compile-hints.ts); without it each function is compiled on the main
    // thread at its first call, inside the first load's long tasks.
    const m = manifest();
    const served = async (file: string) => {
      const res = await fetch(`${inject("baseUrl")}${file}`, { headers: { "accept-encoding": "br" } });
      expect(res.status, file).toBe(200);
      return (await res.text()).split("\n", 1)[0];
    };
    const chunkNamed = (prefix: string) => {
      const found = Object.values(m).find(
        (c) => c.file.startsWith(`assets/${prefix}-`) && c.file.endsWith(".js"),
      );
      if (!found) throw new Error(`no ${prefix} chunk in the build`);
      return `/${found.file}`;
    };
    const eager = [...withImports(m, "index.html"), chunkNamed("frame"), chunkNamed("vendor-dashboard")];
    expect(eager).toContain(chunkNamed("vendor-landing"));
    for (const file of eager) expect(await served(file), file).toBe("//# allFunctionsCalledOnLoad");
    // A page's own chunk and a library only some pages use (the labels' barcodes) stay lazy.
    for (const file of [
      builtFile(m, "src/app/routes/dashboard/properties.tsx?tsr-split=component"),
      builtFile(m, "src/domain/labels/datamatrix.ts"),
    ])
      expect(await served(file), file).not.toContain("allFunctionsCalledOnLoad");
  });

  it("does not move the page while it loads, even when the web fonts come late (a slow line)", async () => {
    const owner = inject("demoAccounts").companyAdmin;
    const { token, refreshToken } = await sessionOf(owner.email, owner.password);
    for (const path of ["/dashboard/properties", "/dashboard/inventory-info"]) {
      const { context, page } = await newPage(browser, { width: 412, height: 823, touch: true });
      await context.addInitScript(
        ([access, refresh]) => {
          localStorage.setItem("accessToken", access as string);
          localStorage.setItem("refreshToken", refresh as string);
          localStorage.setItem("acceptedCookies", "true");
          // Every layout shift the page makes, as Lighthouse's CLS counts them.
          const w = window as unknown as { shifts: number[] };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!e.hadRecentInput) w.shifts.push(e.value);
          }).observe({ type: "layout-shift", buffered: true });
        },
        [token, refreshToken],
      );
      // The fonts arrive a second and a half after they are asked for, as on a slow phone line.
      await context.route(/\.woff2$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 20_000 });
      // Loaded: the page's data is on screen and the late fonts have come.
      if (path.endsWith("properties"))
        await page.getByTestId("property-row").first().waitFor({ timeout: 20_000 });
      else await page.getByTestId("status-counts").waitFor({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      const cls = shifts.reduce((a, b) => a + b, 0);
      expect(cls, `${path} moved by ${shifts.join(" + ")}`).toBeLessThan(0.05);
      await context.close();
    }
  });
});
