import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";
import { messages, write } from "./chat-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("chat read receipts and the staff's way to a seller's thread", () => {
  it("staff open a seller's thread from /marketplace, and each side sees live who read what", async () => {
    const email = uniqueEmail("readby-seller");
    const name = `Reader ${Date.now()}`;
    await registerConfirmedUser(email, "seller-password-123", name);
    const seller = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(seller.page, email, "seller-password-123");
    await seller.page.goto("/dashboard/company-account");
    await heading(seller.page, "Company Account").waitFor();
    await seller.page
      .getByRole("switch", { name: "Let marketplace staff manage our inventory" })
      .click({ force: true });
    await seller.page.getByTestId("managed-listing-changed").getByText(`by ${name}`).waitFor();

    await seller.page.goto("/dashboard/chat");
    await heading(seller.page, "Chat").waitFor();
    await seller.page.getByRole("button", { name: "Ask the marketplace staff" }).click();
    await write(seller.page, "Did you see the lamps?");
    const question = messages(seller.page)
      .getByRole("listitem")
      .filter({ hasText: "Did you see the lamps?" });
    await question.waitFor();
    expect(await question.getByTestId("chat-read-by").count()).toBe(0);

    const { marketplace } = inject("demoAccounts");
    const staff = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(staff.page, marketplace.email, marketplace.password);
    await staff.page.goto(`/marketplace?query=${encodeURIComponent(name)}`);
    await heading(staff.page, "Marketplace").waitFor();
    await staff.page.getByText(`${name}'s company`).first().waitFor();
    // (the list is filtered to this seller: its row's link is the one to a seller's thread)
    const chatLink = staff.page.locator('a[href^="/marketplace/chat?seller="]');
    expect(await chatLink.first().textContent()).toBe("Chat");
    await chatLink.first().click();
    await staff.page.waitForURL(/\/marketplace\/chat\?thread=/);
    await messages(staff.page).getByText("Did you see the lamps?").waitFor();

    // The staff read it: the seller sees so without a reload.
    await question.getByText("Seen by staff").waitFor({ timeout: 10_000 });

    await write(staff.page, "Yes, listing them today.");
    await messages(seller.page).getByText("Yes, listing them today.").waitFor({ timeout: 10_000 });
    const answer = messages(staff.page).getByRole("listitem").filter({ hasText: "Yes, listing them today." });
    await answer.getByText(`Read by ${name}`).waitFor({ timeout: 10_000 });
  }, 120_000);
});
