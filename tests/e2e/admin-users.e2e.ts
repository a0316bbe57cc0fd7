/**
 * The admin user lists (issue 15) in a real browser: a super admin finds a user by search on
 * /admin/all-user-list (the search lives in the URL and survives a reload), opens the user,
 * gives them the marketplace role and reads the audit entry on the same page; then finds the
 * user's confirmation mail in the mail outbox (/admin/outbox), whose search and status filter
 * live in the URL too (a reload keeps them, back restores them).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("admin user lists", () => {
  it("a super admin finds a user by search, changes their role, reads the audit entry and finds their mail in the outbox", async () => {
    const email = uniqueEmail("admin-users");
    await registerConfirmedUser(email, "user-password-123", "Found Person");
    const { page, context } = await freshPage(browser, { width: 1280, height: 900 });
    try {
      await signIn(page, inject("adminEmail"), inject("adminPassword"));
      await page.goto("/admin/all-user-list");
      await heading(page, "All Users").waitFor();
      await page.getByTestId("all-users-search").fill(email);
      await page.waitForURL((u) => u.searchParams.get("query") === email);
      const rows = page.getByTestId("all-users-row");
      await expect.poll(() => rows.count()).toBe(1);
      await page.reload();
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => page.getByTestId("all-users-count").textContent()).toBe("1 result");

      await rows.getByRole("link", { name: email }).click();
      await heading(page, "Found Person").waitFor();
      await page.getByTestId("user-marketplace").check({ force: true });
      await page.getByTestId("user-role-save").click();
      const entry = page.getByTestId("user-role-change");
      await entry.first().waitFor();
      expect(await entry.first().textContent()).toContain(
        `${inject("adminEmail")}: Company Admin → Company Admin + Marketplace`,
      );

      // The mail outbox: the user's confirmation mail, found by search and status. Both live in
      // the URL, so they survive a reload, and back returns to the previous filter.
      await page.goto("/admin/outbox");
      await heading(page, "Outbox").waitFor();
      const search = page.getByTestId("outbox-search");
      await search.fill(email);
      await page.waitForURL((u) => u.searchParams.get("query") === email);
      const status = page.getByRole("radiogroup", { name: "Status" });
      await status.getByText("Sent", { exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("status") === "sent");
      const mails = page.getByTestId("outbox-row");
      await expect.poll(() => mails.count()).toBeGreaterThan(0);
      const shown = async () =>
        (await mails.allTextContents()).every((r) => r.includes(email) && r.includes("Sent"));
      expect(await shown()).toBe(true);
      const count = await mails.count();

      await page.reload();
      await heading(page, "Outbox").waitFor();
      await expect.poll(() => mails.count()).toBe(count);
      expect(await shown()).toBe(true);
      expect(await search.inputValue()).toBe(email);
      expect(await status.getByRole("radio", { name: "Sent" }).isChecked()).toBe(true);

      await status.getByText("Failed", { exact: true }).click();
      await page.getByTestId("outbox-empty").waitFor();
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("sent");
      await expect.poll(() => mails.count()).toBe(count);
      expect(await status.getByRole("radio", { name: "Sent" }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
