import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const LOAD = { timeout: 20_000 };

/** The Academy and the template's sample pages: path, heading, and whether it shows the sample seed. */
const PAGES: readonly { path: string; title: string; sample: boolean }[] = [
  { path: "/dashboard/academy", title: "Academy", sample: false },
  {
    path: "/dashboard/academy/courses/rpie-basics",
    title: "RPIE basics for New York City owners",
    sample: false,
  },
  {
    path: "/dashboard/academy/courses/selling-online",
    title: "Selling your inventory online",
    sample: false,
  },
  { path: "/dashboard/crypto", title: "Crypto", sample: true },
  { path: "/dashboard/jobs", title: "Jobs", sample: true },
  { path: "/dashboard/jobs/create", title: "Post a job", sample: true },
  { path: "/dashboard/jobs/companies/harbor-property", title: "Harbor Property Group", sample: true },
  { path: "/dashboard/logistics", title: "Logistics", sample: true },
  { path: "/dashboard/logistics/fleet", title: "Fleet", sample: true },
  { path: "/dashboard/social", title: "Social", sample: true },
  { path: "/dashboard/social/profile", title: "Profile", sample: true },
  { path: "/dashboard/social/feed", title: "Feed", sample: true },
  { path: "/dashboard/data-management", title: "Data Management", sample: false },
];

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("academy and template sample pages", () => {
  it("render on a phone and a desktop, label sample data, and keep a lesson done across a reload", async () => {
    const { companyAdmin } = inject("demoAccounts");
    const { context, page } = await freshPage(browser, { width: 390, height: 844 });
    await signIn(page, companyAdmin.email, companyAdmin.password);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      for (const { path, title, sample } of PAGES) {
        const where = `${path} at ${viewport.width} px`;
        await page.goto(path);
        await heading(page, title).waitFor(LOAD);
        const notice = page.getByTestId("sample-data-notice");
        if (sample) {
          await notice.waitFor(LOAD);
          expect(await notice.textContent(), where).toContain("not your company's data");
        } else {
          expect(await notice.count(), where).toBe(0);
        }
        expect(await overflow(page), where).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), where).toEqual([]);
      }
    }

    // The data-management page is honestly empty.
    await page.goto("/dashboard/data-management");
    await page.getByRole("heading", { name: "Nothing here yet" }).waitFor(LOAD);

    // A lesson marked done is stored on the server: still done after a reload.
    await page.goto("/dashboard/academy/courses/rpie-basics");
    const lesson = page.getByRole("region", { name: "The June 1 deadline" });
    const done = lesson.getByRole("checkbox", { name: "Done" });
    await expect.poll(() => done.isEnabled(), LOAD).toBe(true);
    expect(await done.isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (r) => r.url().includes("/api/academy/progress/rpie-basics/deadline") && r.request().method() === "PUT",
    );
    await done.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await heading(page, "RPIE basics for New York City owners").waitFor(LOAD);
    await expect.poll(() => done.isChecked(), LOAD).toBe(true);
    expect(await page.getByRole("region", { name: "Who must file" }).getByRole("checkbox").isChecked()).toBe(
      false,
    );
    await page.goto("/dashboard/academy");
    await page.getByText("1 of 5 lessons done").waitFor(LOAD);
    await context.close();
  }, 300_000);
});
