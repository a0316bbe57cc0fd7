import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStatement } from "../fixtures/statements/model";
import { statementPdf } from "../fixtures/statements/render";
import { field, freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const fileRow = (page: Page, name: string) =>
  page.locator(`[data-testid=file-row][data-file-name="${name}"]`);
const uploadRow = (page: Page, name: string) =>
  page.locator(`[data-testid=upload-row][data-file-name="${name}"]`);
const statusOf = async (page: Page, name: string) =>
  ((await fileRow(page, name).getByTestId("file-status").textContent({ timeout: 1000 })) ?? "").trim();

/**
 * Picks an option of a Mantine Select. The PWA's "Ready to work offline" card can appear at
 * any moment; closing it (the locator handler below) also closes an open dropdown, as any
 * outside click does, so the pick is tried again, as a person would.
 */
async function choose(page: Page, label: string, option: string) {
  for (let attempt = 1; ; attempt++) {
    await page.getByRole("textbox", { name: label }).click();
    try {
      await page.getByRole("option", { name: option }).click({ timeout: 3000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Chooses files through the page's "Choose files" button and the browser's file dialog. */
async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Choose files" }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

describe("upload file page", () => {
  it("adds a property, uploads several statements and follows them live to Extracted", async () => {
    const email = uniqueEmail("uploader");
    await registerConfirmedUser(email, "uploader-password-123", "Uma Uploader");
    // A phone-sized screen: the whole flow must work at 375 px.
    const { context, page } = await freshPage(browser, { width: 375, height: 800 });
    // Live streams (GET /api/events) this document opened: the page and the sync provider share one.
    let streams = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) streams = 0;
    });
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/events") streams += 1;
    });
    await signIn(page, email, "uploader-password-123");
    // The PWA's "Ready to work offline" card sits over the bottom of a phone screen: close it as a user would.
    const offlineCard = page.getByRole("status").filter({ hasText: "Ready to work offline" });
    await page.addLocatorHandler(offlineCard, () =>
      offlineCard.getByRole("button", { name: "Close" }).click(),
    );
    await heading(page, "Upload File").waitFor();
    await expect.poll(() => page.title()).toBe("Upload File | Blocklot");

    // No property yet: the page says to add one first, and adds it in place.
    const empty = page.getByTestId("upload-no-properties");
    await empty.getByText("Add a property first").waitFor();
    await empty.getByRole("button", { name: "Add property" }).click();
    const dialog = page.getByRole("dialog", { name: "Add property" });
    await field(page, "BBL").fill("1-01119-0036");
    await field(page, "Address").fill("100 Central Park West");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => page.getByRole("textbox", { name: "Property" }).inputValue())
      .toBe("1-01119-0036 · 100 Central Park West");
    await page.getByRole("heading", { name: "Files for 1-01119-0036" }).waitFor();
    await page.getByTestId("files-empty").getByText("No files uploaded for this property yet.").waitFor();

    // Rent roll for 2023, two files dropped at once: a real statement and random bytes named .pdf.
    await choose(page, "Document type", "Rent roll");
    await choose(page, "Statement year", "2023");
    await expect
      .poll(() => page.getByRole("textbox", { name: "Document type" }).inputValue())
      .toBe("Rent roll");
    await expect.poll(() => page.getByRole("textbox", { name: "Statement year" }).inputValue()).toBe("2023");

    const statement = Buffer.from(await statementPdf(makeStatement(7)));
    await page.evaluate(() => {
      const w = window as unknown as { stillSamePage: boolean; announced: string[] };
      w.stillSamePage = true;
      // The live region keeps only its latest messages: record every one a screen reader hears
      // (each is added as an element of its own).
      w.announced = [];
      const region = document.querySelector("[data-testid=file-announcer]");
      if (region) {
        new MutationObserver((records) => {
          for (const r of records) for (const n of r.addedNodes) w.announced.push(n.textContent ?? "");
        }).observe(region, { childList: true });
      }
    });
    await chooseFiles(page, [
      { name: "2023 rent roll.pdf", mimeType: "application/pdf", buffer: statement },
      { name: "scan.pdf", mimeType: "application/pdf", buffer: randomBytes(4096) },
    ]);

    // The bad file is refused with the server's clear reason, and cannot be retried as is.
    const bad = uploadRow(page, "scan.pdf");
    await bad.getByText("Unsupported file type", { exact: true }).waitFor();
    await bad
      .getByText(
        "Unsupported file type: only PDF, images (PNG, JPEG, TIFF, HEIC) and spreadsheets (XLSX, XLS, CSV) are accepted",
      )
      .waitFor();
    expect(await bad.getByRole("button", { name: "Retry upload" }).count()).toBe(0);

    // The statement moves to Extracted on its own: no reload, the same page all along.
    const good = fileRow(page, "2023 rent roll.pdf");
    await good.waitFor();
    await expect
      .poll(() => statusOf(page, "2023 rent roll.pdf"), { timeout: 45_000, interval: 250 })
      .toBe("Extracted");
    expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(
      true,
    );
    expect(streams).toBe(1);
    await good.getByText("Rent roll · 2023").waitFor();
    await good.getByText("1 page read").waitFor();
    // Screen readers hear it too (a polite live region): the refused upload and the extraction,
    // whether the live stream or polling brought the new state.
    const announcer = page.getByTestId("file-announcer");
    expect(await announcer.getAttribute("aria-live")).toBe("polite");
    const announced = () => page.evaluate(() => (window as unknown as { announced: string[] }).announced);
    await expect.poll(announced, { timeout: 10_000 }).toContain("scan.pdf: upload failed");
    await expect.poll(announced, { timeout: 10_000 }).toContain("2023 rent roll.pdf: Extracted");

    // Preview link and download.
    const fileId = await good.getAttribute("data-file-id");
    expect(await good.getByRole("link", { name: "Preview 2023 rent roll.pdf" }).getAttribute("href")).toBe(
      `/dashboard/files/${fileId}`,
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      good.getByRole("button", { name: "Download 2023 rent roll.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("2023 rent roll.pdf");

    // The same bytes again are recognised, not stored twice.
    await bad.getByRole("button", { name: "Dismiss scan.pdf" }).click();
    await chooseFiles(page, [
      { name: "2023 rent roll (copy).pdf", mimeType: "application/pdf", buffer: statement },
    ]);
    await uploadRow(page, "2023 rent roll (copy).pdf")
      .getByText("Already uploaded: this exact file is already on file for this property.")
      .waitFor();
    expect(await page.locator("[data-testid=file-row]").count()).toBe(1);

    // Refused and finished files on a phone screen: nothing serious for assistive technology.
    expect(await seriousViolations(page)).toEqual([]);

    // A damaged PDF is taken, then fails extraction with a reason the owner can read; it can be run again.
    const damaged = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n"), randomBytes(2048)]);
    await chooseFiles(page, [{ name: "damaged.pdf", mimeType: "application/pdf", buffer: damaged }]);
    const broken = fileRow(page, "damaged.pdf");
    await expect.poll(() => statusOf(page, "damaged.pdf"), { timeout: 45_000, interval: 250 }).toBe("Failed");
    await broken.getByText("This PDF is damaged or incomplete and cannot be read.").waitFor();
    await expect
      .poll(announced, { timeout: 10_000 })
      .toContain("damaged.pdf: Failed. This PDF is damaged or incomplete and cannot be read.");
    const [rerun] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/file/re-ocr/") && r.request().method() === "POST"),
      broken.getByRole("button", { name: "Run extraction again for damaged.pdf" }).click(),
    ]);
    expect(rerun.status()).toBe(202);
    await expect.poll(() => statusOf(page, "damaged.pdf"), { timeout: 45_000, interval: 250 }).toBe("Failed");
    await broken.getByText("This PDF is damaged or incomplete and cannot be read.").waitFor();

    // Delete, after confirming.
    await good.getByRole("button", { name: "Delete 2023 rent roll.pdf" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete file?" });
    await confirm.getByText("Delete 2023 rent roll.pdf?", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await fileRow(page, "2023 rent roll.pdf").waitFor({ state: "detached" });
    expect(await fileRow(page, "2023 rent roll.pdf").count()).toBe(0);
    await broken.getByRole("button", { name: "Delete damaged.pdf" }).click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await page.getByTestId("files-empty").waitFor();

    // Still gone after a reload: the server forgot it for this company.
    await page.reload();
    await page.getByTestId("files-empty").waitFor();
    await context.close();
  });
});
