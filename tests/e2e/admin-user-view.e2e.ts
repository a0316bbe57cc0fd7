/**
 * The admin's read-only views of a user (issue 15): a super admin opens a seller from the user
 * detail page, sees their property in /admin/view/{userId} and their import batch with its items
 * in /admin/batch-item/list/{userId}, on a phone (390 px) and on a desktop: no horizontal
 * overflow, no serious axe violations.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser } from "./browser";
import { importChunk, newSeller } from "./inventory-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("admin views of a user", () => {
  it("a super admin sees a seller's property and import batch, read-only, at 390 px and on a desktop", async () => {
    const seller = await newSeller("viewed");
    const userId = (
      JSON.parse(Buffer.from(seller.token.split(".")[1] ?? "", "base64url").toString()) as {
        id: string;
      }
    ).id;
    const prop = await fetch(`${baseUrl()}/api/bbl`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${seller.token}` },
      body: JSON.stringify({ bbl: "1-01234-0056", address: "56 Viewed Street" }),
    });
    expect(prop.status).toBe(201);
    await importChunk(seller, "viewed-haul", 2);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { page, context } = await freshPage(browser, viewport);
      try {
        await signIn(page, inject("adminEmail"), inject("adminPassword"));
        await page.goto(`/admin/all-user-list/${userId}`);
        await heading(page, "Sally Seller").waitFor();
        await page.getByRole("link", { name: "View as user" }).click();
        await heading(page, "View as user: Sally Seller").waitFor();
        const properties = page.getByTestId("view-properties");
        await expect.poll(() => properties.textContent()).toContain("56 Viewed Street · 1012340056");
        expect(await page.getByTestId("view-inventory").textContent()).toContain("New: 2");
        expect(await fits(page)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole("link", { name: "Import batches" }).click();
        await heading(page, "Import batches: Sally Seller").waitFor();
        const items = page.getByTestId("view-item");
        await expect.poll(() => items.count()).toBe(2);
        expect(await page.getByTestId("view-batch").textContent()).toContain("viewed-haul");
        expect(await fits(page)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
