import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const FIRST_LOAD = { timeout: 20_000 };

describe("push notifications", () => {
  it("keeps the per-type settings across a reload on a phone, and the service worker shows a pushed notification that links to its page", async () => {
    const email = uniqueEmail("push");
    await registerConfirmedUser(email, "push-password-123", "Petra Push");
    const { context, page } = await freshPage(browser, { width: 390, height: 800 });
    const origin = new URL(baseUrl()).origin;
    await context.grantPermissions(["notifications"], { origin });
    await signIn(page, email, "push-password-123");

    // The account page: the device switch and the per-type list, saved on the server.
    await page.goto("/dashboard/account");
    await heading(page, "Account").waitFor();
    await page.getByRole("heading", { name: "Push notifications", level: 3 }).waitFor();
    await page.getByRole("switch", { name: "Push notifications on this device" }).waitFor();
    const types = page.getByRole("group", { name: "Notification types to push" });
    const quotes = types.getByRole("switch", { name: "New quote" });
    await expect.poll(() => quotes.isChecked(), FIRST_LOAD).toBe(true);
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith("/api/notifications/push/settings") && r.request().method() === "PATCH" && r.ok(),
    );
    await quotes.click({ force: true });
    await saved;
    expect(await quotes.isChecked()).toBe(false);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.reload();
    await heading(page, "Account").waitFor();
    await expect.poll(() => quotes.isChecked(), FIRST_LOAD).toBe(false);
    expect(await types.getByRole("switch", { name: "Invoice paid" }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A push delivered to the service worker (DevTools' "Push" button: headless Chromium reaches
    // no real push service) is shown as a notification carrying its page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), FIRST_LOAD)
      .toBe(true);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: "Ann Realty",
        body: "Statement 2025.pdf was read",
        url: "/dashboard/filings",
        tag: "e2e-push",
      }),
    });
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
      });
    await expect
      .poll(shown, FIRST_LOAD)
      .toEqual([
        { title: "Ann Realty", body: "Statement 2025.pdf was read", data: { url: "/dashboard/filings" } },
      ]);
    await cdp.detach();
    await context.close();
  });
});
