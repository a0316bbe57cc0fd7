/**
 * Mail (docs/mail.md "The screen"): the product's own confirmation mail is in the new user's inbox;
 * they read it and reply, the reply shows under Sent and reaches the local SMTP server; a mail
 * composed offline is queued and sent once when the browser is back online (a sign-out meanwhile
 * warns of it; one after it leaves no mail on the device).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, mailDir, uniqueEmail } from "./browser";
import { mailsTo } from "./mailbox";

const POLL = { timeout: 15_000, interval: 200 };
const PRODUCT_FROM = "no-reply@blocklot.local";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openMail(page: Page, email: string, password: string) {
  await registerConfirmedUser(email, password, "Mail Reader");
  await signIn(page, email, password);
  await page.goto("/dashboard/mail");
  await heading(page, "Mail").waitFor({ timeout: 15_000 });
}

/** Sends the open composer's message to `to` with `subject` and `body`. */
async function compose(page: Page, fields: { to?: string; subject?: string; body: string }) {
  const dialog = page.getByRole("dialog");
  if (fields.to) await dialog.getByLabel("To", { exact: true }).fill(fields.to);
  if (fields.subject) await dialog.getByLabel("Subject").fill(fields.subject);
  await dialog.getByTestId("mail-body").locator("[contenteditable=true]").click();
  await page.keyboard.type(fields.body);
  await dialog.getByRole("button", { name: "Send" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("mail", () => {
  it("reads the confirmation mail in the inbox, replies, and finds the reply under Sent", async () => {
    const { page } = await freshPage(browser, { width: 1280, height: 900 });
    await openMail(page, uniqueEmail("mail-read"), "mail-password-123");

    const list = page.getByRole("list", { name: "Conversations" });
    await list.getByText("Confirm your email address for Blocklot").click({ timeout: 15_000 });
    await page
      .getByRole("region", { name: "Conversation" })
      .getByText(/confirm/i)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Reply", exact: true }).click();
    await expect
      .poll(() => page.getByRole("dialog").getByLabel("To", { exact: true }).inputValue())
      .toBe(PRODUCT_FROM);
    await compose(page, { body: "Thanks, confirmed." });

    await page.getByRole("navigation", { name: "Mail labels" }).getByText("Sent", { exact: true }).click();
    await list.getByText("Re: Confirm your email address for Blocklot").waitFor({ timeout: 15_000 });
    await expect
      .poll(
        () => mailsTo(mailDir(), PRODUCT_FROM).filter((m) => m.raw.includes("Thanks, confirmed.")).length,
        POLL,
      )
      .toBe(1);
  });

  it("sends a mail composed offline once when back online; sign-out warns while it waits and then clears the device", async () => {
    const { page, context } = await freshPage(browser, { width: 390, height: 844 });
    await openMail(page, uniqueEmail("mail-offline"), "mail-password-123");
    const to = uniqueEmail("mail-outside");

    // On a phone too: a label of one's own is made, renamed, and deleted after a confirmation.
    const labelSelect = page.getByRole("textbox", { name: "Label" });
    await page.getByRole("button", { name: "New label" }).click();
    await page.getByRole("dialog", { name: "New label" }).getByLabel("Label name").fill("Tenants");
    await page.getByRole("dialog", { name: "New label" }).getByRole("button", { name: "Save" }).click();
    await expect.poll(() => labelSelect.inputValue()).toBe("Tenants");
    await page.getByRole("button", { name: "Rename the label “Tenants”" }).click();
    await page.getByRole("dialog", { name: "Rename label" }).getByLabel("Label name").fill("Renters");
    await page.getByRole("dialog", { name: "Rename label" }).getByRole("button", { name: "Save" }).click();
    await expect.poll(() => labelSelect.inputValue()).toBe("Renters");
    await page.getByRole("button", { name: "Delete the label “Renters”" }).click();
    await page
      .getByRole("dialog", { name: "Delete label" })
      .getByRole("button", { name: "Delete label" })
      .click();
    await expect.poll(() => labelSelect.inputValue()).toMatch(/^Inbox/);
    await labelSelect.click();
    await page.getByRole("option", { name: /^Inbox/ }).waitFor();
    expect(await page.getByRole("option", { name: "Renters" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await context.setOffline(true);
    await page.getByRole("button", { name: "Compose" }).click();
    await compose(page, { to, subject: "Written offline", body: "Queued while offline." });
    await page.getByText("Message queued: it is sent when you are back online").waitFor();
    expect(mailsTo(mailDir(), to)).toHaveLength(0);

    // Signing out now would lose the queued mail: the user is told and stays.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    const warning = page.getByRole("dialog", { name: "Sign out?" });
    await warning.getByText(/changes? (has|have) not been sent yet/).waitFor();
    await warning.getByRole("button", { name: "Stay signed in" }).click();
    await warning.waitFor({ state: "hidden" });

    await context.setOffline(false);
    await expect.poll(() => mailsTo(mailDir(), to).length, POLL).toBe(1);
    await page.getByRole("textbox", { name: "Label" }).click();
    await page.getByRole("option", { name: "Sent" }).click();
    await page
      .getByRole("list", { name: "Conversations" })
      .getByText("Written offline")
      .waitFor({ timeout: 15_000 });
    expect(mailsTo(mailDir(), to)).toHaveLength(1);

    // Everything sent: signing out asks nothing and leaves no mail on the device.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    const mailRows = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open("blocklot");
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains("mailMessages")) return resolve(0);
              const count = db.transaction("mailMessages").objectStore("mailMessages").count();
              count.onsuccess = () => {
                resolve(count.result);
                db.close();
              };
            };
          }),
      );
    await expect.poll(mailRows, POLL).toBe(0);
  });
});
