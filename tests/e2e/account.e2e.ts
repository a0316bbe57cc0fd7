import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { field, freshPage, heading, registerConfirmedUser, signIn, submitLogin } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("/dashboard/account", () => {
  it("saves the display name and phone (the avatar menu shows the new name after a reload)", async () => {
    const email = uniqueEmail("account-profile");
    await registerConfirmedUser(email, "profile-password-123", "Paula Profile");
    const { context, page } = await freshPage(browser);
    await signIn(page, email, "profile-password-123");
    // The form fills in from the profile once it arrives: edit after that.
    const profile = page.waitForResponse((r) => r.url().endsWith("/api/account/profile") && r.ok());
    await page.goto("/dashboard/account");
    await heading(page, "Account").waitFor();
    await profile;
    const profileForm = page.locator("form").filter({ has: page.getByRole("heading", { name: "Profile" }) });
    await expect.poll(() => profileForm.locator(".mantine-Loader-root").count()).toBe(0);
    await expect.poll(() => field(page, "Display name").inputValue()).toBe("Paula Profile");

    await field(page, "Display name").fill("Paula Renamed");
    await field(page, "Phone number").fill("+1 212 555 0147");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Profile updated").waitFor();

    await page.reload();
    await heading(page, "Account").waitFor();
    await expect.poll(() => field(page, "Phone number").inputValue()).toBe("+1 212 555 0147");
    expect(await field(page, "Display name").inputValue()).toBe("Paula Renamed");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect.poll(() => page.getByTestId("account-name").textContent()).toBe("Paula Renamed");
    await context.close();
  });

  it("changes the password: a wrong current password is refused, then the old one no longer signs in and the new one does", async () => {
    const email = uniqueEmail("account-password");
    await registerConfirmedUser(email, "old-password-123", "Pat Password");
    const { context, page } = await freshPage(browser);
    await signIn(page, email, "old-password-123");
    await page.goto("/dashboard/account");
    await heading(page, "Account").waitFor();

    const change = async (current: string) => {
      await field(page, "Current password").fill(current);
      await field(page, "New password").fill("new-password-456");
      await field(page, "Confirm new password").fill("new-password-456");
      await page.getByRole("button", { name: "Change password" }).click();
    };
    await change("not-my-password");
    await page.getByText("Current password is incorrect").waitFor();

    await change("old-password-123");
    await page.getByText("Password changed").waitFor();
    // The form is emptied and this session stays signed in.
    await expect.poll(() => field(page, "Current password").inputValue()).toBe("");
    await page.reload();
    await heading(page, "Account").waitFor();
    await context.close();

    const other = await freshPage(browser);
    await other.page.goto("/auth/google/login");
    await submitLogin(other.page, email, "old-password-123");
    await other.page.getByRole("alert").filter({ hasText: "Invalid email or password" }).first().waitFor();
    expect(new URL(other.page.url()).pathname).toBe("/auth/google/login");
    await signIn(other.page, email, "new-password-456");
    await heading(other.page, "Upload File").waitFor();
    await other.context.close();
  });

  it("keeps what the person typed when the profile arrives late", async () => {
    const email = uniqueEmail("account-late");
    await registerConfirmedUser(email, "late-password-123", "Lena Late");
    const { context, page } = await freshPage(browser);
    await signIn(page, email, "late-password-123");
    // Hold the profile answer until the person has typed a new phone number.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/account/profile", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      await held;
      await route.continue();
    });
    await page.goto("/dashboard/account");
    await heading(page, "Account").waitFor();
    await field(page, "Phone number").fill("+1 718 555 0100");
    const arrived = page.waitForResponse((r) => r.url().endsWith("/api/account/profile"));
    release();
    await arrived;
    // The loaded name fills in; the phone typed meanwhile stays.
    await expect.poll(() => field(page, "Display name").inputValue()).toBe("Lena Late");
    expect(await field(page, "Phone number").inputValue()).toBe("+1 718 555 0100");
    await context.close();
  });
});
