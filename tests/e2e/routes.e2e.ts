import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading } from "./auth-helpers";
import { launchBrowser } from "./browser";

/**
 * The public routes of spec section 2 outside the marketing layout (public-site.e2e.ts has
 * those): error pages, auth-flow pages, every auth provider tree and the demo auth pages.
 */
let browser: Browser;
let page: Page;
let close: () => Promise<void>;
beforeAll(async () => {
  browser = await launchBrowser();
  const made = await freshPage(browser);
  page = made.page;
  close = () => made.context.close();
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

/** Opens a path and waits for its one h1 and the page title "{title} | Blocklot". */
async function expectPage(path: string, h1: string | RegExp, title = typeof h1 === "string" ? h1 : null) {
  await page.goto(path);
  await heading(page, h1).waitFor();
  expect(await page.locator("h1").count()).toBe(1);
  if (title !== null) await expect.poll(() => page.title()).toBe(`${title} | Blocklot`);
}

describe("error pages: '{status}: {title}', the page title the same", () => {
  it.each([
    ["/401", "401: Authorization required"],
    ["/403", "403: Forbidden"],
    ["/404", "404: The page you are looking for isn't here"],
    ["/500", "500: Internal Server Error"],
    ["/409", "409: Invalid or expired link"],
  ])("%s", async (path, text) => {
    await expectPage(path, text);
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
  });
});

describe("auth-flow pages", () => {
  it.each([
    ["/auth-success", "Authorization successful"],
    ["/auth-declined", "Authorization declined"],
    ["/success-confirmation-email", "Your email is confirmed"],
    ["/resend-confirmation-email/some-old-hash", "Resend confirmation email"],
  ])("%s", async (path, text) => {
    await expectPage(path, text);
  });

  it("/confirmation-email/{hash} with an unknown hash shows the 409 page", async () => {
    await expectPage("/confirmation-email/no-such-hash", "409: Invalid or expired link");
  });

  it("the Google tree's register form and reset page render their forms", async () => {
    await page.goto("/auth/google/data-user-register-for-login/form");
    await page.getByRole("button", { name: "Register", exact: true }).waitFor();
    await page.goto("/auth/google/reset-pwd/some-token");
    await heading(page, "Reset password").waitFor();
    await page.getByRole("button", { name: "Reset password" }).waitFor();
  });
});

describe("auth provider trees", () => {
  it.each([
    "/auth/jwt/login",
    "/auth/jwt/register",
    "/auth/firebase/login",
    "/auth/firebase/register",
    "/auth/auth0/login",
    "/auth/auth0/callback",
    "/auth/amplify/login",
    "/auth/amplify/register",
    "/auth/amplify/confirm-register",
    "/auth/amplify/forgot-password",
    "/auth/amplify/reset-password",
  ])("%s is wrapped in the issuer guard (400: the active issuer is google)", async (path) => {
    await expectPage(path, "400: Issuer mismatch, currently using google");
  });

  it("the login page shows no Google button and loads no Google script without GOOGLE_CLIENT_ID", async () => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("accounts.google.com")) scripts.push(r.url());
    });
    await page.goto("/auth/google/login");
    await heading(page, "Log in").waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await page.locator('iframe[src*="accounts.google.com"]').count()).toBe(0);
  });
});

describe("demo auth pages /auth-demo/{page}/{classic|modern}", () => {
  const pages: [string, string][] = [
    ["login", "Login"],
    ["register", "Register"],
    ["forgot-password", "Forgot Password"],
    ["reset-password", "Reset Password"],
    ["verify-code", "Verify Code"],
  ];
  for (const variant of ["classic", "modern"]) {
    it.each(pages)(`%s/${variant} renders its form`, async (name, title) => {
      await expectPage(`/auth-demo/${name}/${variant}`, title);
      await page.locator("form").getByRole("button", { name: title }).waitFor();
    });
  }

  it("an unknown demo page or variant is the 404 page", async () => {
    await page.goto("/auth-demo/login/retro");
    await heading(page, /^404: /).waitFor();
    await page.goto("/auth-demo/sign-in/classic");
    await heading(page, /^404: /).waitFor();
  });
});
