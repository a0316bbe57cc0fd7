/**
 * The staff inbox (issue 17) in a real browser: a super admin finds a demo request by search on
 * /admin/demo-requests and marks it contacted with a note in the drawer; a guest who leaves only an
 * e-mail address on /pricing is listed in /admin/email-demo-requests.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("staff inbox", () => {
  it("a super admin finds a demo request by search and marks it contacted", async () => {
    const email = uniqueEmail("demo-lead");
    const sent = await fetch(`${baseUrl()}/api/demo-requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Lead Person", email, company: "Lead Holdings" }),
    });
    expect(sent.status).toBe(201);
    const { page, context } = await freshPage(browser, { width: 1280, height: 900 });
    try {
      await signIn(page, inject("adminEmail"), inject("adminPassword"));
      await page.goto("/admin/demo-requests");
      await heading(page, "Demo Requests").waitFor();
      await page.getByTestId("demo-requests-search").fill(email);
      await page.waitForURL((u) => u.searchParams.get("query") === email);
      const rows = page.getByTestId("demo-requests-row");
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain("New");

      await rows
        .first()
        .getByRole("button", { name: `Details of ${email}` })
        .click();
      await page.getByRole("textbox", { name: "State" }).click();
      await page.getByRole("option", { name: "Contacted" }).click();
      await page.getByRole("textbox", { name: "Notes" }).fill("Called, demo next week");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => rows.first().textContent()).toContain("Contacted");
    } finally {
      await context.close();
    }
  });

  it("a guest's e-mail-only demo request on /pricing reaches /admin/email-demo-requests", async () => {
    const email = uniqueEmail("email-lead");
    const guest = await freshPage(browser, { width: 390, height: 844 });
    try {
      await guest.page.goto("/pricing");
      const box = guest.page.getByRole("form", { name: "Demo request by e-mail" });
      await box.getByRole("button", { name: "Send" }).click();
      await box.getByText("Email is required").waitFor();
      await box.getByRole("textbox", { name: "Email" }).fill(email);
      await box.getByRole("button", { name: "Send" }).click();
      await guest.page.waitForURL("**/success-demo");
    } finally {
      await guest.context.close();
    }
    const { page, context } = await freshPage(browser, { width: 1280, height: 900 });
    try {
      await signIn(page, inject("adminEmail"), inject("adminPassword"));
      await page.goto("/admin/email-demo-requests");
      await heading(page, "Email Demo Requests").waitFor();
      await page.getByTestId("email-demo-requests-search").fill(email);
      const rows = page.getByTestId("email-demo-requests-row");
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain("New");
    } finally {
      await context.close();
    }
  });
});
