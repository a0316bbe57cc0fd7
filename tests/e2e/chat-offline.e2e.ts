import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const POLL = { timeout: 20_000, interval: 200 };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
// a 1×1 PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const conversations = (page: Page) => page.getByRole("list", { name: "Conversations" });
const messages = (page: Page) => page.getByTestId("chat-messages");
const bubble = (page: Page, text: string) => messages(page).getByRole("listitem").filter({ hasText: text });

async function write(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe("");
}

/** The page is controlled by the service worker (it serves the app on a reload offline). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), POLL).toBe(true);
}

/** The message texts shown in the open thread, in order. */
const shown = (page: Page) =>
  messages(page)
    .getByRole("listitem")
    .evaluateAll((items) => items.map((li) => li.textContent ?? ""));

describe("chat offline", () => {
  it("messages written offline are queued, survive a reload offline, and reach the staff once and in order; files are sent and opened", async () => {
    const { companyAdmin, superAdmin } = inject("demoAccounts");
    const run = Date.now().toString(36);
    const subject = `Offline question ${run}`;

    const owner = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(owner.page, companyAdmin.email, companyAdmin.password);
    await owner.page.goto("/dashboard/chat");
    await heading(owner.page, "Chat").waitFor();
    await controlled(owner.page);
    await owner.page.getByRole("button", { name: "New conversation" }).click();
    const dialog = owner.page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Subject" }).fill(subject);
    await dialog.getByRole("textbox", { name: "Message" }).fill(`Online first ${run}`);
    await dialog.getByRole("button", { name: "Start" }).click();
    await owner.page.getByRole("heading", { name: subject, level: 2 }).waitFor();
    await bubble(owner.page, `Online first ${run}`).getByText("Sent", { exact: true }).waitFor();

    const admin = await freshPage(browser, { width: 1400, height: 1000 });
    await signIn(admin.page, superAdmin.email, superAdmin.password);
    await admin.page.goto("/admin/chat");
    await heading(admin.page, "Chat").waitFor();
    await conversations(admin.page)
      .getByRole("button", { name: new RegExp(subject) })
      .click();
    await messages(admin.page).getByText(`Online first ${run}`).waitFor();

    await owner.context.setOffline(true);
    await write(owner.page, `Offline one ${run}`);
    await write(owner.page, `Offline two ${run}`);
    await bubble(owner.page, `Offline one ${run}`).getByText("Queued").waitFor();
    await bubble(owner.page, `Offline two ${run}`).getByText("Queued").waitFor();

    // Reload offline: the service worker serves the app, Dexie the thread and the queued messages.
    await owner.page.reload();
    await owner.page.getByRole("heading", { name: subject, level: 2 }).waitFor(POLL);
    await bubble(owner.page, `Online first ${run}`).waitFor(POLL);
    await bubble(owner.page, `Offline two ${run}`).getByText("Queued").waitFor(POLL);
    expect(await messages(admin.page).getByText(`Offline one ${run}`).count()).toBe(0);

    await owner.context.setOffline(false);
    await bubble(owner.page, `Offline one ${run}`).getByText("Sent", { exact: true }).waitFor(POLL);
    await bubble(owner.page, `Offline two ${run}`).getByText("Sent", { exact: true }).waitFor(POLL);
    await messages(admin.page).getByText(`Offline two ${run}`).waitFor(POLL);
    // once each, in the order written, on both screens
    const order = (texts: string[]) =>
      texts
        .filter((t) => t.includes(run))
        .map((t) => (t.match(/(Online first|Offline one|Offline two)/) ?? [""])[0]);
    await expect
      .poll(async () => order(await shown(admin.page)), POLL)
      .toEqual(["Online first", "Offline one", "Offline two"]);
    await expect
      .poll(async () => order(await shown(owner.page)), POLL)
      .toEqual(["Online first", "Offline one", "Offline two"]);

    // Files: a refused one is explained in the composer; an image and a PDF arrive on one message
    // without text — the image as a thumbnail, the PDF as a link with its size that downloads.
    const picker = owner.page.locator('input[type="file"]');
    await picker.setInputFiles({
      name: "tool.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("MZ not a pdf"),
    });
    await owner.page
      .getByRole("alert")
      .getByText(/Unsupported file type/)
      .waitFor(POLL);
    await picker.setInputFiles([
      { name: `plan-${run}.png`, mimeType: "image/png", buffer: PNG },
      { name: `statement-${run}.pdf`, mimeType: "application/pdf", buffer: PDF },
    ]);
    const toSend = owner.page.getByRole("list", { name: "Files to send" });
    await toSend.getByText(`statement-${run}.pdf`).waitFor(POLL);
    await toSend.getByText(`plan-${run}.png`).waitFor(POLL);
    await owner.page.getByRole("button", { name: "Send" }).click();
    await toSend.waitFor({ state: "detached" });
    await messages(admin.page)
      .getByRole("img", { name: `plan-${run}.png` })
      .waitFor(POLL);
    const link = messages(admin.page).getByRole("button", {
      name: new RegExp(`^Download statement-${run}\\.pdf \\(`),
    });
    await link.waitFor(POLL);
    const [download] = await Promise.all([admin.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`statement-${run}.pdf`);
    const saved = await download.path();
    expect(readFileSync(saved).equals(PDF)).toBe(true);

    // Files picked offline: kept on the device with their message (pending, with name and size),
    // still there after a reload offline, sent once online; a file the server refuses says why on
    // the message and the text and the other file go anyway. The staff downloads the same bytes.
    const OFFLINE_PDF = Buffer.concat([PDF, Buffer.from(`% ${run}\n`)]);
    await owner.context.setOffline(true);
    await picker.setInputFiles([
      { name: `lease-${run}.pdf`, mimeType: "application/pdf", buffer: OFFLINE_PDF },
      { name: `fake-${run}.pdf`, mimeType: "application/pdf", buffer: Buffer.from("MZ not a pdf") },
    ]);
    await toSend.getByText(`lease-${run}.pdf`).waitFor(POLL);
    await write(owner.page, `With files offline ${run}`);
    const withFiles = bubble(owner.page, `With files offline ${run}`);
    await withFiles.getByText("Queued").waitFor(POLL);
    await withFiles.getByText("Waits for a connection").first().waitFor(POLL);
    await owner.page.reload();
    await owner.page.getByRole("heading", { name: subject, level: 2 }).waitFor(POLL);
    await withFiles.getByText(`lease-${run}.pdf`).waitFor(POLL);
    expect(await withFiles.getByText("Waits for a connection").count()).toBe(2);

    await owner.context.setOffline(false);
    await withFiles.getByText("Sent", { exact: true }).waitFor(POLL);
    await withFiles.getByText(/Not sent: Unsupported file type/).waitFor(POLL);
    const adminBubble = bubble(admin.page, `With files offline ${run}`);
    const offlineLink = adminBubble.getByRole("button", {
      name: new RegExp(`^Download lease-${run}\\.pdf \\(`),
    });
    await offlineLink.waitFor(POLL);
    expect(await adminBubble.getByText(`fake-${run}.pdf`).count()).toBe(0);
    const [offlineDownload] = await Promise.all([admin.page.waitForEvent("download"), offlineLink.click()]);
    expect(readFileSync(await offlineDownload.path()).equals(OFFLINE_PDF)).toBe(true);
    // once: one message with that text on each screen, also after a reload
    await owner.page.reload();
    await bubble(owner.page, `With files offline ${run}`).getByText("Sent", { exact: true }).waitFor(POLL);
    // the refused file's reason stays with the sent message (it keeps the device's id)
    await bubble(owner.page, `With files offline ${run}`)
      .getByText(/Not sent: Unsupported file type/)
      .waitFor(POLL);
    expect(await bubble(owner.page, `With files offline ${run}`).count()).toBe(1);
    expect(await adminBubble.count()).toBe(1);

    await owner.context.close();
    await admin.context.close();
  }, 180_000);
});
