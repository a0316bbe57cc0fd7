import type { Page } from "playwright-core";

/**
 * What the island tests check on a prerendered public page (scripts/prerender.ts,
 * scripts/island-loader.ts): console errors, and whether the app has started.
 */

/** Console errors and uncaught errors (React reports hydration mismatches through both). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || (m.type() === "warning" && /hydrat/i.test(m.text()))) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`${e.name}: ${e.message}`));
  return errors;
}

/** True once React has attached to #root (hydrated or rendered): the app is running. */
export const appRunning = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById("root");
    return !!root && Object.keys(root).some((k) => k.startsWith("__reactContainer"));
  });

/** The app's scripts (/assets/*.js) the page loaded before its load event: none for an island page. */
export const scriptsBeforeLoad = (page: Page) =>
  page.evaluate(() => {
    const loaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
      .loadEventEnd;
    return performance
      .getEntriesByType("resource")
      .filter((r) => /\/assets\/.*\.js$/.test(r.name) && r.startTime < loaded)
      .map((r) => r.name);
  });
