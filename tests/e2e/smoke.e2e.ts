import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("the built product", () => {
  it("serves the app at / with the product name in the title", async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.title()).toMatch(/Blocklot/);
    await context.close();
  });

  it("answers the API beside the app on one port", async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });
});
