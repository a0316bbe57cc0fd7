import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Serious and critical axe-core violations on the page (WCAG 2.x A/AA and best practices), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast or dialog still fading in has, for a moment, the contrast of half its opacity: axe
  // judges what a user reads once it has settled.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // A toast that starts to fade out while axe runs (it closes itself after a few seconds) would be
  // judged at part opacity too: transitions are held at their end state for the analysis.
  const settle = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; }",
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze()
    .finally(() => settle.evaluate((el) => el.parentNode?.removeChild(el)).catch(() => undefined));
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
}
