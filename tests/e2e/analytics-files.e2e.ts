/** The analytics dashboard and the file manager on a seeded company's real data (issue 17). */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("analytics and file manager", () => {
  it("show the company's real counts and find an uploaded file, on a phone and a desktop", async () => {
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
      await expect.poll(() => page.getByTestId("storage-used").textContent()).toMatch(/in 2 files/);
      await page.getByLabel("Search files").fill("2024");
      await expect
        .poll(() => page.getByRole("button", { name: "Download riverside-2024.pdf" }).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByRole("button", { name: "Download riverside-2023.pdf" }).count())
        .toBe(0);
      await expect
        .poll(() => page.getByRole("link", { name: "Preview riverside-2024.pdf" }).isVisible())
        .toBe(true);
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await context.close();
  }, 240_000);
});
