import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn, submitLogin } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
const user = { email: uniqueEmail("guards"), password: "ordinary-password-1" };

beforeAll(async () => {
  browser = await launchBrowser();
  await registerConfirmedUser(user.email, user.password, "Olga Ordinary");
});
afterAll(async () => browser?.close());

describe("route guards", () => {
  it("sends a signed-out visitor to the login with returnTo (replace) and back after signing in", async () => {
    const { context, page } = await freshPage(browser);
    await page.goto("/");
    await page.goto("/dashboard/account");
    await page.waitForURL((u) => u.pathname === "/auth/google/login");
    const url = new URL(page.url());
    expect(url.search).toBe("?returnTo=%2Fdashboard%2Faccount");
    await heading(page, "Log in").waitFor();
    // replace: the guarded page left no history entry, so Back returns to the landing page.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goForward();
    await page.waitForURL((u) => u.pathname === "/auth/google/login");
    await heading(page, "Log in").waitFor();

    await submitLogin(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === "/dashboard/account");
    await heading(page, "Account").waitFor();
    await expect.poll(() => page.title()).toBe("Account | Blocklot");
    await context.close();
  });

  it("sends a signed-in user away from the login page to the import dashboard", async () => {
    const { context, page } = await freshPage(browser);
    await signIn(page, user.email, user.password);
    await page.goto("/auth/google/login");
    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    await heading(page, "Upload File").waitFor();
    expect(await page.getByRole("button", { name: "Log in", exact: true }).count()).toBe(0);
    await context.close();
  });

  it("shows 403 with Back to Home to an ordinary user at /admin, and opens /admin for the super admin", async () => {
    const ordinary = await freshPage(browser);
    await signIn(ordinary.page, user.email, user.password);
    await ordinary.page.goto("/admin");
    await heading(ordinary.page, "403: Forbidden").waitFor();
    await expect.poll(() => ordinary.page.title()).toBe("403: Forbidden | Blocklot");
    const back = ordinary.page.getByRole("link", { name: "Back to Home" });
    await back.waitFor();
    await back.click();
    await ordinary.page.waitForURL((u) => u.pathname === "/");
    await ordinary.context.close();

    const admin = await freshPage(browser);
    await signIn(admin.page, inject("adminEmail"), inject("adminPassword"));
    await admin.page.goto("/admin");
    await admin.page.getByRole("navigation").first().waitFor();
    expect(new URL(admin.page.url()).pathname).toMatch(/^\/admin/);
    expect(await admin.page.getByText("403: Forbidden").count()).toBe(0);
    await admin.page.getByRole("navigation").getByText("Statement Mapping").first().waitFor();
    await admin.context.close();
  });

  it("keeps a company employee out of /admin and /marketplace, and lets marketplace staff into /marketplace only", async () => {
    const { employee, marketplace } = inject("demoAccounts");
    const staff = await freshPage(browser);
    await signIn(staff.page, employee.email, employee.password);
    for (const path of ["/admin", "/marketplace"]) {
      await staff.page.goto(path);
      await heading(staff.page, "403: Forbidden").waitFor();
      expect(new URL(staff.page.url()).pathname).toBe(path);
    }
    // The Administrator section of the navigation is not offered to them either.
    await staff.page.goto("/dashboard/blank");
    await heading(staff.page, "Blank").waitFor();
    const nav = staff.page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Upload File" }).waitFor({ state: "attached" });
    expect(await nav.getByText("Administrator", { exact: true }).count()).toBe(0);
    await staff.context.close();

    const seller = await freshPage(browser);
    await signIn(seller.page, marketplace.email, marketplace.password);
    await seller.page.goto("/marketplace");
    await heading(seller.page, "Marketplace").waitFor();
    expect(await seller.page.getByText("403: Forbidden").count()).toBe(0);
    await seller.page.goto("/admin");
    await heading(seller.page, "403: Forbidden").waitFor();
    await seller.context.close();
  });

  it("shows the issuer-mismatch page (400) on another provider's login", async () => {
    const { context, page } = await freshPage(browser);
    await page.goto("/auth/jwt/login");
    await heading(page, "400: Issuer mismatch, currently using google").waitFor();
    await expect.poll(() => page.title()).toBe("400: Issuer mismatch, currently using google | Blocklot");
    await context.close();
  });

  it("shows the 404 page for an unknown path", async () => {
    const { context, page } = await freshPage(browser);
    await page.goto("/no/such/page-here");
    await heading(page, /^404: /).waitFor();
    await expect.poll(() => page.title()).toMatch(/^404: .+ \| Blocklot$/);
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
    await context.close();
  });

  it("titles pages '{title} | Blocklot'", async () => {
    const { context, page } = await freshPage(browser);
    const pages: [string, string][] = [
      ["/auth/google/login", "Login | Blocklot"],
      ["/auth/google/data-user-register-for-login", "Register | Blocklot"],
      ["/auth/google/data-user-forgot-password", "Forgot Password | Blocklot"],
      ["/401", "401: Authorization required | Blocklot"],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect.poll(() => page.title()).toBe(title);
    }
    await context.close();
  });
});
