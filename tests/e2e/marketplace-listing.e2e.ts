/**
 * Marketplace staff list a seller's items on eBay (issue 15, docs/marketplace.md "eBay for a
 * seller" and "Listing Management"), in a real browser against the eBay double: a seller connects
 * eBay, sets up selling and hands the inventory over (Managed listing); the demo marketplace staff
 * member opens one item in the seller's scope, sees its eBay part and publishes it, and sees the
 * listing; then on Listing Management they find the seller's other ready items, publish two at
 * once and see both listed; the seller's item history names the staff member.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../src/server/modules/demo/demo-accounts";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";
import { fitsPhone, listableItem, signedInSeller } from "./ebay-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const POLL = { timeout: 30_000, interval: 250 };

describe("marketplace staff on eBay for a seller", () => {
  it("publish from a seller's item, then several at once from Listing Management", async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const seller = await signedInSeller(browser);
    const { api, page } = seller;
    const staff = await freshPage(browser, { width: 1280, height: 900 });
    try {
      // The seller's items: described, priced, a photo and a category each; two marked described.
      const lamp = await listableItem(api, page, `Brass lamp ${tag}`);
      const ready: { id: string; title: string }[] = [];
      for (const title of [`Oak chair ${tag}`, `Tin vase ${tag}`]) {
        const item = await listableItem(api, page, title);
        const current = (await api("GET", `/api/inventory/items/${item.id}`)).body;
        const described = await api("PATCH", `/api/inventory/items/${item.id}`, {
          version: current.version,
          status: "pending",
        });
        expect(described.status).toBe(200);
        ready.push({ id: item.id, title });
      }
      const companyId = (await api("GET", `/api/inventory/items/${lamp.id}`)).body.companyId as string;

      // The seller connects eBay through the double's consent page, sets up selling, opts in.
      const connect = await api("POST", "/api/ebay/connect");
      expect(connect.status).toBe(200);
      await page.goto(connect.body.url);
      await page.getByRole("button", { name: "Agree" }).click();
      await page.waitForURL((u) => u.pathname === "/auth-success");
      for (const [method, path, data] of [
        ["POST", "/api/ebay/setup/business-policies", undefined],
        [
          "PUT",
          "/api/ebay/setup/policies",
          { fulfillmentPolicyId: "create", paymentPolicyId: "create", returnPolicyId: "create" },
        ],
        [
          "POST",
          "/api/ebay/setup/location",
          {
            addressLine1: "12 Main St",
            city: "Brooklyn",
            stateOrProvince: "NY",
            postalCode: "11201",
            country: "US",
          },
        ],
      ] as const) {
        expect((await api(method, path, data)).status, path).toBe(200);
      }
      const optIn = await api("PUT", `/api/trade/company/${companyId}/managed-listing`, { enabled: true });
      expect(optIn.status).toBe(200);

      // Staff open the lamp in the seller's scope: its eBay part, then publish.
      const { marketplace } = inject("demoAccounts");
      await signIn(staff.page, marketplace.email, marketplace.password);
      await staff.page.goto(
        `/marketplace/${lamp.id}/update-inventory?${new URLSearchParams({ seller: companyId, name: `Shop ${tag}` })}`,
      );
      await staff.page.getByText(`Working in the inventory of Shop ${tag}`).waitFor(POLL);
      const section = staff.page.getByTestId("item-ebay");
      await section.waitFor(POLL);
      await expect.poll(() => section.getByTestId("ebay-listing-state").count(), POLL).toBe(0);
      await section.getByTestId("item-ebay-publish").click();
      const link = section.getByTestId("ebay-listing-link");
      await link.waitFor(POLL);
      expect(await link.getAttribute("href")).toMatch(/^https:\/\/.*ebay\.com\/itm\/\d+$/);
      expect(await section.getByTestId("ebay-listing-state").textContent()).toBe("On eBay");

      // Listing Management: the seller's items, the lamp on eBay, the other two ready; publish both.
      await staff.page.goto(`/marketplace/listing?seller=${companyId}`);
      await heading(staff.page, "Listing Management").waitFor();
      const row = (id: string) =>
        staff.page.locator(`[data-testid="marketplace-listing-row"][data-id="${id}"]`);
      await row(lamp.id).getByTestId("ebay-listing-link").waitFor(POLL);
      // the lamp, on eBay, can be selected too (to withdraw or delete it)
      expect(await row(lamp.id).getByRole("checkbox").isDisabled()).toBe(false);
      for (const r of ready) {
        expect(await row(r.id).getByTestId("ebay-listing-state").textContent()).toBe("Ready to list");
        await row(r.id)
          .getByRole("checkbox", { name: `Select ${r.title}` })
          .check();
      }
      await staff.page.getByText("2 selected").waitFor();
      await staff.page.getByTestId("marketplace-publish").click();
      await staff.page
        .getByTestId("marketplace-publish-outcome")
        .getByText("2 items sent to their sellers' eBay accounts.")
        .waitFor(POLL);
      for (const r of ready) {
        await row(r.id).getByTestId("ebay-listing-link").waitFor(POLL);
        expect(await row(r.id).getByTestId("ebay-listing-state").textContent()).toBe("On eBay");
      }
      expect(await seriousViolations(staff.page)).toEqual([]);
      // Withdraw the lamp: a confirmation first, then the seller's eBay job ends the listing.
      await row(lamp.id)
        .getByRole("checkbox", { name: `Select Brass lamp ${tag}` })
        .check();
      await staff.page.getByText("1 selected").first().waitFor();
      await staff.page.getByTestId("marketplace-withdraw").click();
      const confirm = staff.page.getByRole("dialog", { name: "Withdraw from eBay?" });
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "hidden" });
      expect(await row(lamp.id).getByTestId("ebay-listing-state").textContent()).toBe("On eBay");
      await staff.page.getByTestId("marketplace-withdraw").click();
      await confirm.getByTestId("marketplace-confirm").click();
      await staff.page
        .getByTestId("marketplace-publish-outcome")
        .getByText("1 listing is being withdrawn from its seller's eBay account.")
        .waitFor(POLL);
      await expect
        .poll(() => row(lamp.id).getByTestId("ebay-listing-state").textContent(), POLL)
        .toBe("Withdrawn");
      // The status filter narrows the list: nothing of this seller is left ready.
      await staff.page.getByTestId("marketplace-listing-status").click();
      await staff.page.getByRole("option", { name: "Ready to list" }).click();
      await staff.page.waitForURL((u) => u.searchParams.get("status") === "ready");
      await staff.page.getByTestId("marketplace-listing-empty").waitFor(POLL);

      // On a phone: cards, each with its checkbox, fitting the screen with touch-sized controls.
      await staff.page.setViewportSize({ width: 390, height: 844 });
      await staff.page.goto(`/marketplace/listing?seller=${companyId}`);
      await row(lamp.id)
        .getByRole("checkbox", { name: `Select Brass lamp ${tag}` })
        .waitFor(POLL);
      await fitsPhone(staff.page, "main");

      // The seller's items are listed, and their history names the staff member who asked.
      for (const id of [lamp.id, ...ready.map((r) => r.id)]) {
        const item = (await api("GET", `/api/inventory/items/${id}`)).body;
        expect([item.status, item.publicationStatus]).toEqual(
          id === lamp.id ? ["withdrawn_from_ebay", 0] : ["listed", 1],
        );
        const history = (await api("GET", `/api/inventory/items/${id}/history`)).body;
        expect(history.rows.map((h: { by: { displayName: string } }) => h.by.displayName)).toContain(
          DEMO_ACCOUNTS.marketplace.displayName,
        );
      }
    } finally {
      await staff.context.close();
      await seller.context.close();
    }
  }, 240_000);
});
