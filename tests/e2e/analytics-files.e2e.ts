/** The analytics dashboard and the file manager on a seeded company's real data (issue 17). */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { currentFilingYear, todayInNewYork } from "../../src/domain/rpie";
import { statementPdf } from "../fixtures/statements/render";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";
import { operatingStatement } from "./statement-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const total = (page: Page, series: string) =>
  page.getByRole("region", { name: series }).getByText(/^\d+$/).first();

/** The preview dialog of one file: it opens from the row's button and shows the file as an image. */
async function previewImage(page: Page, name: string) {
  await page.getByRole("button", { name: `Preview ${name}` }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  const image = dialog.getByRole("img", { name });
  await image.waitFor({ timeout: 60_000 });
  // Decoded and drawn, not a broken image.
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return dialog;
}

describe("analytics and file manager", () => {
  it("show the company's real counts, find, preview and keep the search of files, on a phone and a desktop", async () => {
    const email = uniqueEmail("analytics");
    await registerConfirmedUser(email, "analytics-password-123", "Ana Lytics");
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, email, "analytics-password-123");
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const auth = { authorization: `Bearer ${token}` };

    // Seed through the API: a property and two statements, one of them read.
    const prop = await page.request.post("/api/bbl", {
      headers: auth,
      data: { bbl: "1-01120-0040", address: "40 Riverside Dr", residentialUnits: 40, commercialUnits: 2 },
    });
    expect(prop.status()).toBe(201);
    const propertyId = ((await prop.json()) as { id: string }).id;
    const ids: string[] = [];
    for (const [name, year] of [
      ["riverside-2023.pdf", 2023],
      ["riverside-2024.pdf", 2024],
    ] as const) {
      const pdf = Buffer.from(
        await statementPdf(operatingStatement("Riverside Holdings LLC", year), { perPage: 10 }),
      );
      const up = await page.request.post("/api/file/upload", {
        headers: auth,
        multipart: {
          bblId: propertyId,
          documentType: "operating_statement",
          statementYear: String(year),
          file: { name, mimeType: "application/pdf", buffer: pdf },
        },
      });
      expect(up.status()).toBe(201);
      ids.push(((await up.json()) as { id: string }).id);
    }
    for (const id of ids) {
      await expect
        .poll(
          async () => {
            const r = await page.request.get(`/api/file/${id}`, { headers: auth });
            return ((await r.json()) as { status: string }).status;
          },
          { timeout: 90_000, interval: 500 },
        )
        .toMatch(/extracted|failed/);
    }
    // An item with one photo (through a photo link, as a phone adds it).
    const itemId = uuidv7();
    const put = await page.request.put(`/api/inventory/items/${itemId}`, {
      headers: auth,
      data: { sku: "FM-1", title: "Brass lamp", description: "A lamp", quantity: 1 },
    });
    expect(put.status()).toBe(201);
    const link = await page.request.post(`/api/inventory/items/${itemId}/photo-link`, {
      headers: auth,
      data: {},
    });
    expect(link.status()).toBe(201);
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b08d57" } })
      .jpeg()
      .toBuffer();
    const photo = await page.request.post(`/api/photo/${((await link.json()) as { hash: string }).hash}`, {
      multipart: { file: { name: "lamp.jpg", mimeType: "image/jpeg", buffer: jpeg } },
    });
    expect(photo.status()).toBe(201);
    const photoName = "FM-1 Brass lamp";
    const photoFolder = `Item photos · ${new Date().getUTCFullYear()}`;

    const extracted = (
      await Promise.all(
        ids.map(
          async (id) =>
            (
              (await (await page.request.get(`/api/file/${id}`, { headers: auth })).json()) as {
                status: string;
              }
            ).status,
        ),
      )
    ).filter((s) => s === "extracted").length;

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto("/dashboard/analytics");
      await expect.poll(() => heading(page, "Analytics").isVisible()).toBe(true);
      await expect.poll(async () => (await total(page, "Statements uploaded").textContent()) ?? "").toBe("2");
      expect(await total(page, "Statements extracted").textContent()).toBe(String(extracted));
      expect(await total(page, "Items sold").textContent()).toBe("0");
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto("/dashboard/file-manager");
      await expect.poll(() => heading(page, "File manager").isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId("storage-used").textContent()).toMatch(/in 3 files/);
      // The photo's row shows its thumbnail.
      await expect
        .poll(() =>
          page
            .getByTestId("photo-thumbnail")
            .evaluate((img) => (img as HTMLImageElement).naturalWidth)
            .catch(() => 0),
        )
        .toBeGreaterThan(0);
      await page.getByLabel("Search files").fill("2024");
      await expect
        .poll(() => page.getByRole("button", { name: "Download riverside-2024.pdf" }).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByRole("button", { name: "Download riverside-2023.pdf" }).count())
        .toBe(0);
      // The router quotes a text that would read as a number (?q="2024"), so it comes back as text.
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toMatch(/^"?2024"?$/);
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // A statement previews as its first page, with the way to the full preview.
      const statementDialog = await previewImage(page, "riverside-2024.pdf");
      await statementDialog.getByRole("link", { name: "Open the full preview" }).waitFor();
      expect(await fits(page)).toBe(true);
      const preview = () => new URL(page.url()).searchParams.get("preview");
      await expect.poll(preview).toMatch(/^statement:/);
      await statementDialog.getByRole("button", { name: "Close the preview" }).click();
      await statementDialog.waitFor({ state: "hidden" });
      expect(preview()).toBeNull();

      // The search survives a reload.
      await page.reload();
      await expect.poll(() => page.getByLabel("Search files").inputValue()).toBe("2024");
      await expect
        .poll(() => page.getByRole("button", { name: "Download riverside-2024.pdf" }).isVisible())
        .toBe(true);
      expect(await page.getByRole("button", { name: "Download riverside-2023.pdf" }).count()).toBe(0);

      // The item photos' folder: the URL names it, a reload keeps it, the photo previews full size.
      await page.getByLabel("Search files").fill("");
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBeNull();
      await page.getByRole("navigation", { name: "Folders" }).getByText(photoFolder).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("folder")).toMatch(/^none:\d{4}$/);
      await page.reload();
      await expect
        .poll(() => page.getByRole("button", { name: `Download ${photoName}` }).isVisible())
        .toBe(true);
      expect(await page.getByRole("button", { name: "Download riverside-2024.pdf" }).count()).toBe(0);
      const photoDialog = await previewImage(page, photoName);
      expect(await fits(page)).toBe(true);
      // The open preview is in the URL: a reload shows it again, and Back closes it (a phone's
      // Back button), leaving the folder's list.
      await page.reload();
      await photoDialog.getByRole("img", { name: photoName }).waitFor({ timeout: 60_000 });
      await page.goBack();
      await photoDialog.waitFor({ state: "hidden" });
      expect(preview()).toBeNull();
      expect(new URL(page.url()).searchParams.get("folder")).toMatch(/^none:\d{4}$/);
      await page.getByRole("button", { name: `Download ${photoName}` }).waitFor();
    }
    await context.close();
  }, 240_000);

  it("previews a filed output PDF in the browser's viewer, downloads the same bytes, and Back closes it", async () => {
    // The demo company (seeded by the global setup): Manhattan's filing for the current filing
    // year is filed with its outputs (src/server/modules/demo/steps/filings.ts).
    const { companyAdmin } = inject("demoAccounts");
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, companyAdmin.email, companyAdmin.password);
    const year = currentFilingYear(todayInNewYork());
    const bbl = "1-00845-0021";
    const name = `rpie-${year}-${bbl.replaceAll("-", "")}.pdf`;

    // The output is under its property and filing year.
    await page.goto("/dashboard/file-manager");
    await expect.poll(() => heading(page, "File manager").isVisible()).toBe(true);
    await page.getByRole("navigation", { name: "Folders" }).getByText(`${bbl} · ${year}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("folder")).toMatch(new RegExp(`:${year}$`));
    await page.getByRole("button", { name: `Download ${name}` }).waitFor({ timeout: 30_000 });

    // The preview fetches the file's bytes from its filing's route (with the bearer token).
    const fetched = page.waitForResponse(
      (r) => r.request().method() === "GET" && r.url().endsWith(`/documents/${encodeURIComponent(name)}`),
      { timeout: 60_000 },
    );
    await page.getByRole("button", { name: `Preview ${name}` }).click();
    const dialog = page.getByRole("dialog", { name });
    await dialog.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("preview")).toMatch(/^output:/);
    const response = await fetched;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
    // (Playwright reads no body of an attachment response: the bytes are compared after the download.)
    expect(Number(response.headers()["content-length"])).toBeGreaterThan(1000);
    // The frame shows the file and the browser loaded it as a PDF document (a frame the CSP refused
    // would be an error page, not application/pdf).
    const frame = dialog.locator(`iframe[title="${name}"]`);
    await frame.waitFor({ timeout: 60_000 });
    expect(await frame.getAttribute("src")).toMatch(/^blob:/);
    await expect
      .poll(() => frame.evaluate((el) => (el as HTMLIFrameElement).contentDocument?.contentType), {
        timeout: 30_000,
      })
      .toBe("application/pdf");
    // The dialog's Download saves the same PDF under its name.
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      dialog.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = await readFile((await download.path()) as string);
    expect(saved.subarray(0, 5).toString()).toBe("%PDF-");
    // The bytes the filing's route serves (asked again here, outside the app).
    const token = await page.evaluate(() => localStorage.getItem("accessToken"));
    const served = await page.request.get(response.url(), { headers: { authorization: `Bearer ${token}` } });
    expect(served.status()).toBe(200);
    expect(saved.equals(await served.body())).toBe(true);

    // Back (a phone's Back button) closes the preview and leaves the folder's list.
    await page.goBack();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).searchParams.get("preview")).toBeNull();
    expect(new URL(page.url()).searchParams.get("folder")).toMatch(new RegExp(`:${year}$`));
    await page.getByRole("button", { name: `Preview ${name}` }).waitFor();
    await context.close();
  }, 180_000);
});
