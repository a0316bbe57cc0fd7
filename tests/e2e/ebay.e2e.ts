/**
 * List on eBay (issue 13), in a real browser against the built product pointed at the local
 * eBay double: a seller connects through the double's consent page to /auth-success, finishes
 * the selling checklist, publishes an item from the Listing page and sees its listing link;
 * a declined consent lands on /auth-declined and says why; the account page shows the connection
 * and a super admin finds the listing in /admin/offer-list and on the seller's page. On a
 * 390 px phone the item page's eBay part takes a suggested category and its required item
 * specifics, and that page and the Listing page fit the screen with touch-sized controls.
 */
import type { Browser } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { field, freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";
import { fitsPhone, listableItem, signedInSeller } from "./ebay-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const POLL = { timeout: 30_000, interval: 250 };

describe("List on eBay", () => {
  it("connects through eBay's consent page, sets up selling and publishes from the Listing page", async () => {
    const { context, page, api, email } = await signedInSeller(browser);
    try {
      const { id, sku } = await listableItem(api, page, "Brass desk lamp");

      await page.goto("/dashboard/listing");
      await heading(page, "Listing Management").waitFor();
      // Connect: the app opens eBay's consent page (the double's, on its own host).
      await page.getByTestId("ebay-connect").click();
      await page.waitForURL((u) => u.origin === inject("ebayUrl") && u.pathname === "/oauth2/authorize");
      await page.getByRole("button", { name: "Agree" }).click();
      await page.waitForURL((u) => u.pathname === "/auth-success");
      await heading(page, "Authorization successful").waitFor();

      // The selling checklist: business policies, policies (Blocklot's defaults), location.
      await page.goto("/dashboard/listing");
      const checklist = page.getByTestId("ebay-checklist");
      await checklist.waitFor();
      await page.getByRole("button", { name: "Turn on business policies" }).click();
      await page.getByRole("button", { name: "Use these policies" }).click();
      const location = page.getByRole("form", { name: "Inventory location" });
      await location.waitFor();
      await field(page, "Street address").fill("12 Main St");
      await field(page, "City").fill("Brooklyn");
      await field(page, "State or province").fill("NY");
      await field(page, "ZIP code").fill("11201");
      await page.getByRole("button", { name: "Create the inventory location" }).click();
      await page.getByText("Ready to list.").waitFor(POLL);
      expect(await seriousViolations(page)).toEqual([]);

      // Publish: select the row, publish, and the row shows the listing link.
      const row = page.locator(`[data-testid="listing-row"][data-id="${id}"]`);
      await row.getByRole("checkbox", { name: "Select Brass desk lamp" }).check();
      await page.getByTestId("ebay-publish").click();
      const link = row.getByTestId("ebay-listing-link");
      await link.waitFor(POLL);
      expect(await link.getAttribute("href")).toMatch(/^https:\/\/.*ebay\.com\/itm\/\d+$/);
      expect(await row.getByTestId("ebay-listing-state").textContent()).toBe("On eBay");
      // The item itself is listed (status and publication status through the sync feed).
      await expect
        .poll(async () => {
          const item = (await api("GET", `/api/inventory/items/${id}`)).body;
          return [item.status, item.publicationStatus];
        }, POLL)
        .toEqual(["listed", 1]);

      // The account page shows the same connection, with disconnect.
      await page.goto("/dashboard/account");
      await page
        .getByTestId("ebay-state")
        .getByText(/^Connected as /)
        .waitFor(POLL);
      await page.getByRole("button", { name: "Disconnect eBay" }).waitFor();

      // A super admin finds the listing among all offers and on the seller's own page.
      const admin = await freshPage(browser, { width: 1280, height: 900 });
      try {
        await signIn(admin.page, inject("adminEmail"), inject("adminPassword"));
        await admin.page.goto(`/admin/offer-list?state=published&query=${sku}`);
        const offer = admin.page.locator(`[data-testid="admin-listing-row"][data-id="${id}"]`);
        await offer.getByTestId("ebay-listing-link").waitFor(POLL);
        await offer.getByRole("link", { name: email }).click();
        await admin.page.waitForURL((u) => u.pathname.startsWith("/admin/ebay-listing/list/"));
        await heading(admin.page, "Seller's eBay listings").waitFor();
        await admin.page.locator(`[data-testid="admin-listing-row"][data-id="${id}"]`).waitFor(POLL);
      } finally {
        await admin.context.close();
      }
    } finally {
      await context.close();
    }
  }, 180_000);

  it("on a phone, the item page takes a suggested category and its item specifics; both pages fit", async () => {
    const { context, page, api } = await signedInSeller(browser, { width: 390, height: 844 });
    try {
      const id = uuidv7();
      const put = await api("PUT", `/api/inventory/items/${id}`, {
        sku: `E2E${id.slice(-10).replace(/-/g, "")}`,
        title: "Old desk lamp",
        description: "A working brass lamp with a linen shade",
        quantity: 1,
        condition: 13,
        price: 3400,
      });
      expect(put.status).toBe(201);

      await page.goto(`/dashboard/${id}/update-inventory`);
      const section = page.getByTestId("item-ebay");
      await section.waitFor(POLL);
      // Words typed that no option's label contains: eBay's suggestions must still show.
      await section.getByLabel("eBay category").fill("brass lamp");
      await page.getByRole("option", { name: /Lamps$/ }).click({ timeout: 30_000 });
      await section.getByRole("textbox", { name: "Brand" }).fill("Acme");
      await section.getByRole("textbox", { name: "Brand" }).blur();
      await expect
        .poll(async () => (await api("GET", `/api/inventory/items/${id}`)).body.ebay, POLL)
        .toMatchObject({ categoryId: "112581", aspects: { Brand: ["Acme"] } });
      await fitsPhone(page, '[data-testid="item-ebay"]');

      await page.goto("/dashboard/listing");
      await page.getByTestId("ebay-connect").waitFor(POLL);
      await page.locator(`[data-testid="listing-row"][data-id="${id}"]`).waitFor(POLL);
      await fitsPhone(page, "main");
    } finally {
      await context.close();
    }
  }, 120_000);

  it("a declined consent lands on /auth-declined and says why", async () => {
    const { context, page } = await signedInSeller(browser);
    try {
      await page.goto("/dashboard/listing");
      await page.getByTestId("ebay-connect").click();
      await page.waitForURL((u) => u.origin === inject("ebayUrl"));
      await page.getByRole("button", { name: "Not now" }).click();
      await page.waitForURL((u) => u.pathname === "/auth-declined");
      await heading(page, "Authorization declined").waitFor();
      expect(await page.getByTestId("auth-declined-reason").textContent()).toContain(
        "You declined access on eBay's page",
      );
      // Nothing was connected.
      await page.goto("/dashboard/listing");
      await page.getByTestId("ebay-connect").waitFor();
    } finally {
      await context.close();
    }
  });
});
