import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The first load of the dashboard after sign-in: seconds on a busy server. */
const LOAD = { timeout: 20_000 };

describe("dashboard home", () => {
  it("shows the demo admin what needs attention, and a row leads to its page", async () => {
    const { companyAdmin } = inject("demoAccounts");
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, companyAdmin.email, companyAdmin.password);
    await page.goto("/dashboard");
    await heading(page, "Dashboard").waitFor(LOAD);

    // The demo company owns properties with RPIE statements still to file.
    const rpie = page.getByRole("region", { name: "RPIE filings" });
    await rpie.waitFor(LOAD);
    const deadlines = page.getByTestId("attention-deadlines");
    await expect.poll(() => deadlines.getByText(/in late-filing penalties at risk/).isVisible()).toBe(true);
    expect(Number(await deadlines.locator(".mantine-Badge-label").textContent())).toBeGreaterThan(0);
    expect(await page.getByText("Nothing needs your attention").count()).toBe(0);

    // The row leads to its property on the filings page, scrolled to and focused.
    const row = deadlines.getByRole("listitem").first().getByRole("link");
    const rowText = (await row.textContent()) ?? "";
    await row.click();
    await page.waitForURL((u) => u.pathname === "/dashboard/filings" && u.searchParams.has("property"), LOAD);
    const propertyId = new URL(page.url()).searchParams.get("property");
    const focused = page.locator(`[id="property-${propertyId}"]`);
    await expect.poll(() => focused.evaluate((el) => el === document.activeElement), LOAD).toBe(true);
    expect(await focused.isVisible()).toBe(true);
    // The section is the one the row named (its address or BBL).
    const title = (await focused.getByRole("heading").first().textContent()) ?? "";
    expect(rowText).toContain(title.split(" · ").at(-1));
    await context.close();
  }, 90_000);

  it("fits a phone (390×844) without horizontal scrolling, with no serious accessibility violation", async () => {
    const { companyAdmin } = inject("demoAccounts");
    const { context, page } = await freshPage(browser, { width: 390, height: 844 });
    await signIn(page, companyAdmin.email, companyAdmin.password);
    await page.goto("/dashboard");
    await page.getByTestId("attention-deadlines").waitFor(LOAD);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const card = await page.getByTestId("attention-deadlines").boundingBox();
    expect(card && card.x >= 0 && card.x + card.width <= 390).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
