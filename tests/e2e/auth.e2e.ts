import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONFIRM_LINK,
  field,
  freshPage,
  heading,
  mailCount,
  nextLink,
  RESET_LINK,
  registerConfirmedUser,
  signIn,
  submitLogin,
} from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("accounts through the UI", () => {
  it("registers, is asked to confirm, confirms by the mailed link, signs out and signs back in", async () => {
    const email = uniqueEmail("register");
    const password = "first-password-123";
    const { context, page } = await freshPage(browser);

    // Register: intro page → email form.
    await page.goto("/auth/google/data-user-register-for-login");
    await heading(page, "Create your account").waitFor();
    await page.getByRole("link", { name: "Sign up with email" }).click();
    await page.waitForURL("**/auth/google/data-user-register-for-login/form");
    const before = mailCount(email);
    await field(page, "Name").fill("Rita Register");
    await field(page, "Email address").fill(email);
    await field(page, "Password").fill(password);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await heading(page, "Check your email").waitFor();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();

    // The confirmation mail arrives over SMTP.
    const link = await nextLink(email, CONFIRM_LINK, before);

    // Signing in before confirming shows the "confirm your email" message, not the dashboard.
    await page.goto("/auth/google/login");
    await submitLogin(page, email, password);
    await page.getByText("Please confirm your email", { exact: true }).waitFor();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/google/login");

    // Opening the link confirms the address and signs the user in.
    await page.goto(link);
    await heading(page, "Your email is confirmed").waitFor();
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await page.waitForURL("**/dashboard/import-file");
    await heading(page, "Upload File").waitFor();

    // Sign out through the avatar menu: back home, and the dashboard is closed again.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByText(email).waitFor();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto("/dashboard/import-file");
    await page.waitForURL((u) => u.pathname === "/auth/google/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();

    // Sign in with email + password.
    await submitLogin(page, email, password);
    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    await heading(page, "Upload File").waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByText("Rita Register").waitFor();

    // The confirmation link cannot be used twice: the 409 page.
    const other = await freshPage(browser);
    await other.page.goto(link);
    await heading(other.page, "409: Invalid or expired link").waitFor();
    await expect.poll(() => other.page.title()).toBe("409: Invalid or expired link | Blocklot");
    await other.context.close();
    await context.close();
  });

  it("resets a forgotten password by the mailed link and signs in with the new one", async () => {
    const email = uniqueEmail("forgot");
    await registerConfirmedUser(email, "old-password-123", "Fred Forgot");
    const { context, page } = await freshPage(browser);

    await page.goto("/auth/google/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/auth/google/data-user-forgot-password");
    await heading(page, "Forgot password").waitFor();
    const before = mailCount(email);
    await field(page, "Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Password reset link has been sent to your email" })
      .waitFor();

    const link = await nextLink(email, RESET_LINK, before);
    await page.goto(link);
    await heading(page, "Reset password").waitFor();
    await field(page, "New password").fill("new-password-456");
    await field(page, "Confirm password").fill("new-password-456");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.waitForURL((u) => u.pathname === "/auth/google/login");
    await page.getByText("Password reset now you can sign in").waitFor();

    // The old password no longer works; the new one does.
    await submitLogin(page, email, "old-password-123");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/google/login");
    await signIn(page, email, "new-password-456");
    await heading(page, "Upload File").waitFor();

    // The reset link is spent.
    const again = await freshPage(browser);
    await again.page.goto(link);
    await heading(again.page, "Reset password").waitFor();
    await field(again.page, "New password").fill("third-password-789");
    await field(again.page, "Confirm password").fill("third-password-789");
    await again.page.getByRole("button", { name: "Reset password" }).click();
    await again.page
      .getByText(/Failed to reset password|invalid|expired/i)
      .first()
      .waitFor();
    expect(new URL(again.page.url()).pathname).toMatch(/^\/auth\/google\/reset-pwd\//);
    await again.context.close();
    await context.close();
  });
});
