/**
 * The admin's read-only views of a user (issue 15): a super admin opens a seller from the user
 * detail page, sees their property in /admin/view/{userId} and their import batch with its items
 * in /admin/batch-item/list/{userId}, on a phone (390 px) and on a desktop: no horizontal
 * overflow, no serious axe violations. Each item there links to its form in the seller's scope.
 * And the admin's product pages: a super admin picks a seller that never turned Managed listing on
 * in /admin/product-list (a company without items is offered too), edits one of its products and
 * sees the change in the list (390 px).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { field, freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser } from "./browser";
import { importChunk, newSeller } from "./inventory-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const literal = (text: string) => text.replace(/[.+]/g, "\\$&");
const POLL = { timeout: 15_000, interval: 250 };
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
        // each item opens its form in the seller's scope
        expect(await items.first().getByRole("link").getAttribute("href")).toMatch(
          /^\/marketplace\/[0-9a-f-]{36}\/update-inventory\?seller=[0-9a-f-]{36}&name=/,
        );
        expect(await fits(page)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("a super admin edits a product of a seller that never opted in, from /admin/product-list at 390 px", async () => {
    const seller = await newSeller("products");
    const empty = await newSeller("no-items");
    await importChunk(seller, "products-haul", 1); // a seller is a company with inventory
    const made = await fetch(`${baseUrl()}/api/inventory/products`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${seller.token}` },
      body: JSON.stringify({ title: "Pewter jug", description: "Handed over" }),
    });
    expect(made.status).toBe(201);
    const productId = ((await made.json()) as { id: string }).id;

    const { page, context } = await freshPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, inject("adminEmail"), inject("adminPassword"));
      await page.goto("/admin/product-list");
      await page.getByTestId("choose-seller").waitFor();
      const picker = page.getByRole("textbox", { name: "Seller" });
      await picker.click();
      // a company without items is offered too, so its first product can be created
      await picker.fill(empty.email);
      await page.getByRole("option", { name: new RegExp(`${literal(empty.email)}\\) · 0 items`) }).waitFor();
      await picker.fill(seller.email);
      await page.getByRole("option", { name: new RegExp(`${literal(seller.email)}\\) · 1 item`) }).click();
      await page.waitForURL((u) => u.pathname === "/admin/product-list" && u.searchParams.has("seller"));
      const row = page.getByTestId("product-row").filter({ hasText: "Pewter jug" });
      await row.waitFor({ timeout: 15_000 });
      expect(await fits(page)).toBe(true);

      await row.getByRole("link", { name: "Edit Pewter jug" }).click();
      await page.waitForURL((u) => u.pathname === `/admin/${productId}/update-product`);
      await heading(page, "Edit product").waitFor();
      await expect.poll(() => field(page, "Title").inputValue(), POLL).toBe("Pewter jug");
      expect(await fits(page)).toBe(true);
      await field(page, "Title").fill("Pewter water jug");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.waitForURL((u) => u.pathname === "/admin/product-list");
      const changed = page.getByTestId("product-row").filter({ hasText: "Pewter water jug" });
      await expect.poll(() => changed.count(), POLL).toBe(1);
      // saved on the server, in the seller's own company
      await expect
        .poll(async () => {
          const res = await fetch(`${baseUrl()}/api/inventory/products/${productId}`, {
            headers: { authorization: `Bearer ${seller.token}` },
          });
          return ((await res.json()) as { title?: string }).title;
        }, POLL)
        .toBe("Pewter water jug");
      expect(await fits(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
