import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, signIn } from "./auth-helpers";
import { launchBrowser } from "./browser";

/**
 * The Content-Security-Policy sweep (issue 21): every route of the app's route tree is opened,
 * by a guest and by the super admin, with the built product's policy on, and the test fails on
 * any `securitypolicyviolation` event or console message of a refused load, so a later screen
 * cannot break the policy silently.
 */
const routeTree = readFileSync(resolve(import.meta.dirname, "../../src/app/routeTree.gen.ts"), "utf8");
const PLACEHOLDER = "0190b9a4-0000-7000-8000-000000000000";
const ROUTES = [...new Set([...routeTree.matchAll(/fullPath: "([^"]+)"/g)].map((m) => m[1] as string))]
  .map((p) => p.replace(/\$[A-Za-z_]+/g, PLACEHOLDER).replace(/(.)\/$/, "$1"))
  .filter((p, i, all) => all.indexOf(p) === i)
  .sort();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const SWEEP_TABS = 3;

/** Records violations in the page (and its frames) before any script of the app runs. */
async function watch(page: Page, problems: string[] = []): Promise<string[]> {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (msg) => {
    const text = msg.text();
    if (
      /CSP violation|Content Security Policy|Refused to (load|execute|connect|frame|apply|create|compile)/i.test(
        text,
      )
    )
      problems.push(`${page.url()}: ${text}`);
  });
  return problems;
}

/**
 * Opens every route, spread over a few tabs of one browser context (a signed-in user's tabs share
 * the session; the app serialises token refreshes across tabs with a Web Lock), so the 400 ms that
 * each page is given for lazy chunks, workers and WebAssembly overlap instead of adding up.
 * `inApp` moves between routes as the app's own links do (the router follows the history), which
 * loads the same chunks without booting the app again for each route; without it every route is a
 * fresh page load, as for someone who arrives from a search or a bookmark.
 */
async function sweep(context: BrowserContext, first: Page, problems: string[], inApp: boolean) {
  const pages = [first];
  for (let i = 1; i < SWEEP_TABS; i++) {
    const page = await context.newPage();
    await watch(page, problems);
    pages.push(page);
  }
  const queue = [...ROUTES];
  await Promise.all(
    pages.map(async (page) => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        if (inApp && page.url() !== "about:blank") {
          await page.evaluate((to) => {
            window.history.pushState({}, "", to);
            window.dispatchEvent(new PopStateEvent("popstate"));
          }, path);
        } else await page.goto(path, { waitUntil: "load" });
        // Lazy chunks, workers and WebAssembly load after the first paint.
        await page.waitForTimeout(400);
      }
    }),
  );
  expect(problems).toEqual([]);
}

describe("the Content-Security-Policy holds on every page", () => {
  it(`a guest opens all ${ROUTES.length} routes without a violation`, async () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    const { page, context } = await freshPage(browser);
    const problems = await watch(page);
    await sweep(context, page, problems, false);
    await context.close();
  }, 600_000);

  it("the super admin opens every route without a violation", async () => {
    const { page, context } = await freshPage(browser);
    const problems = await watch(page);
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    await sweep(context, page, problems, true);
    await context.close();
  }, 600_000);

  it("a page's policy names the boot script's hash and no unsafe script source", async () => {
    const { page, context } = await freshPage(browser);
    const res = await page.goto("/");
    const policy = res?.headers()["content-security-policy"] ?? "";
    const scripts = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
    expect(scripts).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(policy).toContain("frame-ancestors 'none'");
    await context.close();
  }, 120_000);
});
