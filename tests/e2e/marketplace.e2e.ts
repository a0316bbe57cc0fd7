import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("marketplace", () => {
  it("a seller turns on Managed listing and marketplace staff find them on /marketplace (phone layout)", async () => {
    const email = uniqueEmail("managed-seller");
    const name = `Consigner ${Date.now()}`;
    await registerConfirmedUser(email, "seller-password-123", name);

    const seller = await freshPage(browser);
    await signIn(seller.page, email, "seller-password-123");
    await seller.page.goto("/dashboard/company-account");
    await heading(seller.page, "Company Account").waitFor();
    const toggle = seller.page.getByRole("switch", { name: "Let marketplace staff manage our inventory" });
    expect(await toggle.isChecked()).toBe(false);
    // a controlled switch: it turns on once the server has stored the change
    await toggle.click({ force: true });
    await seller.page.getByTestId("managed-listing-changed").getByText(`by ${name}`).waitFor();
    expect(await toggle.isChecked()).toBe(true);

    const { marketplace } = inject("demoAccounts");
    const staff = await freshPage(browser, { width: 390, height: 844 });
    await signIn(staff.page, marketplace.email, marketplace.password);
    await staff.page.goto(`/marketplace?query=${encodeURIComponent(name)}`);
    await heading(staff.page, "Marketplace").waitFor();
    await staff.page.getByText(`${name}'s company`).waitFor();
    expect(await seriousViolations(staff.page)).toEqual([]);

    // The seller's row opens their inventory on the seller's own screens, in their scope.
    await staff.page
      .getByRole("link", { name: `${name}'s company` })
      .first()
      .click();
    await staff.page.waitForURL(/\/marketplace\/import\?/);
    await staff.page.getByText(`Working in the inventory of ${name}'s company`).waitFor();
  }, 120_000); // two sign-ins and a registration: ~40 s on the loaded shared machine
});
