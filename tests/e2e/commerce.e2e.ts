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

/** The page fits its width (no horizontal scroll) and has no serious axe violation. */
async function checkPage(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what}: horizontal overflow`).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), what).toEqual([]);
}

describe("sales screens", () => {
  it("walks the demo company's sales overview, orders, customers and products; a customer's notes are saved and shown again", async () => {
    const { companyAdmin } = inject("demoAccounts");
    const note = `Ships to the back door ${Date.now()}`;
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const phone = viewport.width < 500;
      const { context, page } = await freshPage(browser, viewport);
      await signIn(page, companyAdmin.email, companyAdmin.password);

      // Overview: the demo company's real eBay sales (the seed's orders are from the last 20 days).
      await page.goto("/dashboard/ecommerce");
      await heading(page, "Sales overview").waitFor(LOAD);
      const stats = page.getByTestId("ecommerce-stats");
      await stats.waitFor(LOAD);
      expect(
        await stats
          .getByText(/^\$[0-9,]+\.\d\d$/)
          .first()
          .isVisible(),
      ).toBe(true);
      expect(await page.getByTestId("ecommerce-empty").count()).toBe(0);
      await checkPage(page, `ecommerce ${viewport.width}`);

      // Orders: the seed's DEMO orders, newest first; open the first one.
      await page.goto("/dashboard/orders");
      await heading(page, "Orders").waitFor(LOAD);
      const firstOrder = page.getByRole("link", { name: /^DEMO-\d\d-\d+$/ }).first();
      await firstOrder.waitFor(LOAD);
      await checkPage(page, `orders ${viewport.width}`);
      const orderId = (await firstOrder.textContent()) ?? "";
      await firstOrder.click();
      await heading(page, `Order ${orderId}`).waitFor(LOAD);
      await page.getByTestId("order-lines").getByRole("link").first().waitFor(LOAD);
      await checkPage(page, `order ${viewport.width}`);

      // Its buyer is a customer of the company.
      await page
        .getByRole("link", { name: /Demo, / })
        .first()
        .click();
      await page.waitForURL((u) => /^\/dashboard\/customers\/demo_buyer_/.test(u.pathname), LOAD);
      const username = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
      await page.getByText(`eBay user ${username}`).waitFor(LOAD);
      await checkPage(page, `customer ${viewport.width}`);

      if (!phone) {
        // Edit the company's own fields about the buyer; they are shown again after saving and a reload.
        await page.getByRole("link", { name: "Edit notes" }).click();
        await heading(page, "Edit customer").waitFor(LOAD);
        await page.getByLabel("E-mail").waitFor(LOAD);
        await checkPage(page, `customer edit ${viewport.width}`);
        await page.getByLabel("E-mail").fill("not an address");
        await page.getByRole("button", { name: "Save" }).click();
        await page
          .getByRole("alert")
          .getByText(/e-mail address/)
          .waitFor(LOAD);
        await page.getByLabel("E-mail").fill("buyer@example.com");
        await page.getByLabel("Phone").fill("+1 201 555 0142");
        await page.getByLabel("Note").fill(note);
        await page.getByRole("button", { name: "Save" }).click();
        await page.waitForURL((u) => u.pathname === `/dashboard/customers/${username}`, LOAD);
        await page.reload();
      }
      const notes = page.getByTestId("customer-notes");
      await notes.getByText(note).waitFor(LOAD);
      expect(await notes.getByRole("link", { name: "buyer@example.com" }).isVisible()).toBe(true);

      // The customers list finds them by the note's e-mail (searched on the server).
      await page.goto(`/dashboard/customers?query=${encodeURIComponent("buyer@example.com")}`);
      await heading(page, "Customers").waitFor(LOAD);
      await page.getByRole("link", { name: /Demo$/ }).first().waitFor(LOAD);
      await checkPage(page, `customers ${viewport.width}`);

      if (phone) {
        await page.goto(`/dashboard/customers/${username}/edit`);
        await page.getByLabel("Note").waitFor(LOAD);
        expect(await page.getByLabel("Note").inputValue()).toBe(note);
        await checkPage(page, `customer edit ${viewport.width}`);
      }

      // Products: the inventory's own product pages.
      await page.goto("/dashboard/products");
      await heading(page, "Product Management").waitFor(LOAD);
      await checkPage(page, `products ${viewport.width}`);
      await page.goto("/dashboard/products/create");
      await heading(page, /product/i).waitFor(LOAD);
      await checkPage(page, `products/create ${viewport.width}`);
      await context.close();
    }
  }, 240_000);
});
