import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("accessibility (axe)", () => {
  it("finds no serious or critical violations on the landing page and the login page", async () => {
    // The cookie banner is part of a first visit: keep it (fresh storage, not freshPage).
    const context = await browser.newContext({
      baseURL: inject("baseUrl"),
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/auth/google/login");
    await heading(page, "Log in").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("finds none on the login page on a phone either, nor in dark mode", async () => {
    const { context, page } = await freshPage(browser, { width: 390, height: 844 });
    await page.goto("/auth/google/login");
    await heading(page, "Log in").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const dark = await browser.newContext({ baseURL: inject("baseUrl"), colorScheme: "dark" });
    const darkPage = await dark.newPage();
    await darkPage.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    await darkPage.goto("/auth/google/login");
    await heading(darkPage, "Log in").waitFor();
    expect(await seriousViolations(darkPage)).toEqual([]);
    await dark.close();
  });

  it("finds none on the dashboard of the super admin", async () => {
    const { context, page } = await freshPage(browser);
    await signIn(page, inject("adminEmail"), inject("adminPassword"));
    await heading(page, "Upload File").waitFor();
    await page.getByRole("button", { name: "Account menu" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
