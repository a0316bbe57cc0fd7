import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";
import { conversations, messages, write } from "./chat-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("marketplace chat", () => {
  it("a seller asks the marketplace staff, the staff answer from /marketplace/chat live, and search the thread", async () => {
    const { companyAdmin, marketplace } = inject("demoAccounts");
    const question = `Can you list the brass lamps ${Date.now()}?`;

    const seller = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(seller.page, companyAdmin.email, companyAdmin.password);
    await seller.page.goto("/dashboard/chat");
    await heading(seller.page, "Chat").waitFor();
    await seller.page.getByRole("button", { name: "Ask the marketplace staff" }).click();
    await seller.page.getByRole("heading", { name: "Marketplace support", level: 2 }).waitFor();
    await write(seller.page, question);
    await messages(seller.page).getByText(question).waitFor();

    const staff = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(staff.page, marketplace.email, marketplace.password);
    await staff.page.goto("/marketplace/chat");
    await heading(staff.page, "Chat").waitFor();
    const entry = conversations(staff.page).getByRole("listitem").filter({ hasText: question });
    await entry.getByRole("button").click();
    await messages(staff.page).getByText(question).waitFor();

    await write(staff.page, "Yes, this week.");
    await messages(seller.page).getByText("Yes, this week.").waitFor({ timeout: 10_000 });
    await write(seller.page, "Thanks, the oak table too.");
    await messages(staff.page).getByText("Thanks, the oak table too.").waitFor({ timeout: 10_000 });

    // Search within the thread shows only the matching message.
    await staff.page.getByRole("textbox", { name: "Search this conversation" }).fill("OAK TABLE");
    const found = staff.page.getByTestId("chat-search");
    await found.getByText("Thanks, the oak table too.").waitFor();
    expect(await found.getByRole("listitem").count()).toBe(1);

    expect(await seriousViolations(staff.page)).toEqual([]);
  });
});
