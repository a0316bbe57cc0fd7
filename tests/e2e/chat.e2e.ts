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

describe("chat", () => {
  it("an owner writes, the admin sees the new thread at the front and the message live, replies, and the owner sees it", async () => {
    const { companyAdmin, superAdmin } = inject("demoAccounts");
    const subject = `Question ${Date.now()}`;

    const admin = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(admin.page, superAdmin.email, superAdmin.password);
    await admin.page.goto("/admin/chat");
    await heading(admin.page, "Chat").waitFor();

    const owner = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(owner.page, companyAdmin.email, companyAdmin.password);
    await owner.page.goto("/dashboard/chat");
    await heading(owner.page, "Chat").waitFor();
    await owner.page.getByRole("button", { name: "New conversation" }).click();
    const dialog = owner.page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Subject" }).fill(subject);
    await dialog
      .getByRole("textbox", { name: "Message" })
      .fill("Is our statement read? See https://example.com/doc");
    await dialog.getByRole("button", { name: "Start" }).click();
    await owner.page.getByRole("heading", { name: subject, level: 2 }).waitFor();
    await owner.page.getByRole("link", { name: "https://example.com/doc" }).waitFor();

    // The admin's open list gets the new thread at the front, live, with its unread badge.
    const first = conversations(admin.page).getByRole("listitem").first();
    await first.getByText(subject).waitFor({ timeout: 10_000 });
    await first.getByLabel("1 unread").waitFor();
    await first.getByRole("button").click();
    await messages(admin.page).getByText("Is our statement read?").waitFor();
    await first.getByLabel("1 unread").waitFor({ state: "detached" });

    // A second message from the owner arrives in the admin's open thread without a reload.
    await write(owner.page, "Also: the 2025 one.");
    await messages(admin.page).getByText("Also: the 2025 one.").waitFor({ timeout: 10_000 });

    await write(admin.page, "Yes, both are read.");
    await messages(owner.page).getByText("Yes, both are read.").waitFor({ timeout: 10_000 });
    await owner.page
      .getByText(/Blocklot staff/)
      .first()
      .waitFor();
    expect(await messages(owner.page).getByText("Yes, both are read.").count()).toBe(1);

    expect(await seriousViolations(owner.page)).toEqual([]);

    // The open thread counts as seen: its entry shows the reply without an unread badge.
    const entry = conversations(owner.page).getByRole("listitem").filter({ hasText: subject });
    await entry.getByText(/Yes, both are read\./).waitFor();
    await expect.poll(() => entry.getByLabel(/unread/).count()).toBe(0);

    // Away from the chat, the owner's Chat navigation item counts the staff's next message live.
    // The message is written once the owner's page has its live channel again (the reload closed it).
    const live = owner.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.ok());
    await owner.page.goto("/dashboard/properties");
    await live;
    const chatLink = owner.page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: /^Chat/ });
    await chatLink.waitFor();
    await write(admin.page, "One more thing.");
    await chatLink.getByLabel("1 unread").waitFor({ timeout: 20_000 });
    await chatLink.click();
    await conversations(owner.page)
      .getByRole("button", { name: new RegExp(subject) })
      .click();
    await messages(owner.page).getByText("One more thing.").waitFor();
    await chatLink.getByLabel("1 unread").waitFor({ state: "detached" });
    expect(await seriousViolations(admin.page)).toEqual([]);
  });
});
