/**
 * Marketplace staff at work for a seller (issue 15, docs/marketplace.md): the seller opts in,
 * the demo marketplace staff member imports a small file into the seller's inventory and
 * describes one item on the seller's own screens; the seller, in a browser of their own, sees
 * the imported items, the description, and who of the staff changed the item and which fields.
 * Offline, the staff member's change for the seller waits on the Sync screen under the seller's
 * name (docs/marketplace.md "In the app"), linking to the item in the seller's scope.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../src/server/modules/demo/demo-accounts";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const POLL = { timeout: 30_000, interval: 250 };
const input = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

/** Waits until the service worker controls the page (it then serves the app offline). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), POLL).toBe(true);
}

describe("marketplace staff in a seller's inventory", () => {
  it("staff import and describe; the seller sees the items, the description and who changed it", async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const email = uniqueEmail("consigner");
    const name = `Consigner ${tag}`;
    await registerConfirmedUser(email, "seller-password-123", name);
    const seller = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(seller.page, email, "seller-password-123");
    await seller.page.goto("/dashboard/company-account");
    await heading(seller.page, "Company Account").waitFor();
    const toggle = seller.page.getByRole("switch", { name: "Let marketplace staff manage our inventory" });
    await toggle.click({ force: true });
    await seller.page.getByTestId("managed-listing-changed").getByText(`by ${name}`).waitFor();

    // Staff open the seller from /marketplace and import three items.
    const { marketplace } = inject("demoAccounts");
    const staff = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(staff.page, marketplace.email, marketplace.password);
    await staff.page.goto(`/marketplace?query=${encodeURIComponent(name)}`);
    await staff.page
      .getByRole("link", { name: `${name}'s company` })
      .first()
      .click();
    await staff.page.waitForURL(/\/marketplace\/import\?/);
    await staff.page.getByText(`Working in the inventory of ${name}'s company`).waitFor();
    await staff.page.getByRole("button", { name: "Import items" }).first().click();
    const dialog = staff.page.getByRole("dialog");
    const csv = ["Title,SKU,Qty,Price,Description"];
    for (const [i, title] of ["Brass lamp", "Oak chair", "Tin toy"].entries()) {
      csv.push(`${title} ${tag},CS-${tag}-${i},1,12.00,Handed over`);
    }
    await staff.page.getByLabel("Choose a file to import").setInputFiles({
      name: "consignment.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${csv.join("\n")}\n`),
    });
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();
    await dialog.getByLabel(/^Batch name/).fill(`Consignment ${tag}`);
    await dialog.getByRole("button", { name: "Import 3 valid rows" }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByTestId("upload-progress")
            .textContent()
            .catch(() => ""),
        POLL,
      )
      .toBe("All 3 items are on the server.");
    await dialog.getByRole("link", { name: "Open the batch" }).click();
    await staff.page.waitForURL(/\/marketplace\/item\/[0-9a-f-]{36}\?/);

    // Staff describe the lamp on the seller's item form, still in the seller's scope.
    await staff.page.getByRole("link", { name: `Brass lamp ${tag}` }).click();
    await staff.page.waitForURL(/\/marketplace\/[0-9a-f-]{36}\/update-inventory\?/);
    const itemId = new URL(staff.page.url()).pathname.split("/")[2] as string;
    const sellerId = new URL(staff.page.url()).searchParams.get("seller") as string;
    await expect
      .poll(() => input(staff.page, "Inventory title").inputValue(), POLL)
      .toBe(`Brass lamp ${tag}`);
    await input(staff.page, "Description").fill("Solid brass desk lamp, 1970s, rewired");
    const saved = staff.page.waitForResponse(
      (r) => r.request().method() !== "GET" && r.url().includes(itemId) && r.ok(),
    );
    await staff.page.getByRole("button", { name: "Save changes" }).click();
    await saved;

    // Offline, staff change the quantity: the Sync screen lists it under the seller's name.
    await controlled(staff.page);
    await staff.context.setOffline(true);
    await expect.poll(() => input(staff.page, "Description").inputValue(), POLL).toContain("rewired");
    await staff.page.getByRole("textbox", { name: /^Quantity/ }).fill("2");
    await staff.page.getByRole("button", { name: "Save changes" }).click();
    const indicator = staff.page.getByTestId("outbox-indicator");
    await expect.poll(() => indicator.getAttribute("aria-label"), POLL).toBe("1 change waiting to sync");
    await staff.page.goto("/dashboard/sync");
    await heading(staff.page, "Sync").waitFor();
    const sellerQueue = staff.page.getByRole("region", { name: `Inventory of ${name}'s company` });
    const entry = sellerQueue.getByRole("listitem", { name: `Change to Item: Brass lamp ${tag}` });
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.getByRole("link").getAttribute("href")).toMatch(
      new RegExp(`^/marketplace/${itemId}/update-inventory\\?seller=${sellerId}`),
    );
    await staff.context.setOffline(false);
    await staff.page.getByText("Everything is synced").waitFor({ timeout: 20_000 });
    await expect.poll(() => indicator.getAttribute("aria-label"), POLL).toBe("All changes synced");

    // The seller sees the imported items, the description and the staff member's change.
    await seller.page.goto("/dashboard/inventory-info");
    const batchRow = seller.page.getByTestId("batch-row").filter({ hasText: `Consignment ${tag}` });
    await expect.poll(() => batchRow.textContent().catch(() => ""), POLL).toContain("consignment.csv");
    expect(await batchRow.textContent()).toContain("3");
    await batchRow.getByRole("link").first().click();
    for (const title of ["Brass lamp", "Oak chair", "Tin toy"]) {
      await seller.page.getByRole("link", { name: `${title} ${tag}` }).waitFor();
    }
    await seller.page.goto(`/dashboard/${itemId}/update-inventory`);
    await heading(seller.page, "Edit item").waitFor();
    await expect
      .poll(() => input(seller.page, "Description").inputValue(), POLL)
      .toBe("Solid brass desk lamp, 1970s, rewired");
    const panel = seller.page.getByTestId("staff-changes");
    await panel.getByRole("heading", { name: "Changed by marketplace staff" }).waitFor();
    const staffName = DEMO_ACCOUNTS.marketplace.displayName;
    await panel.getByText(`${staffName} imported this item`).waitFor();
    // one row per staff Save, each with the fields it changed, old → new
    await expect.poll(() => panel.getByText(`${staffName} changed this item`).count(), POLL).toBe(2);
    await panel.getByText("Description: Handed over → Solid brass desk lamp, 1970s, rewired").waitFor();
    await panel.getByText("Quantity: 1 → 2").waitFor();
  }, 180_000);
});
