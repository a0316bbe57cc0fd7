import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONFIRM_LINK,
  field,
  freshPage,
  heading,
  mailCount,
  nextLink,
  registerConfirmedUser,
  signIn,
} from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, uniqueEmail } from "./browser";

const INVITE_LINK = /https?:\/\/[^\s"'<>]+\/invitation\/([A-Za-z0-9_-]+)/;
const CONFIRM_LINK_WITH_RETURN =
  /https?:\/\/[^\s"'<>]+\/confirmation-email\/[A-Za-z0-9_-]+\?returnTo=[A-Za-z0-9_.~%-]+/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("company account", () => {
  it("an admin invites a new address; the invitee registers, accepts and joins; the admin changes their role and removes them", async () => {
    const adminEmail = uniqueEmail("company-admin");
    const inviteeEmail = uniqueEmail("invitee");
    await registerConfirmedUser(adminEmail, "admin-password-123", "Alice Admin");

    // The admin opens the company account from the navigation and invites the address.
    const admin = await freshPage(browser);
    await signIn(admin.page, adminEmail, "admin-password-123");
    await admin.page.goto("/dashboard/company-account");
    await heading(admin.page, "Company Account").waitFor();
    await admin.page.getByLabel("Company name").waitFor();
    expect(await admin.page.getByLabel("Company name").inputValue()).toBe("Alice Admin's company");
    const row = (email: string) => admin.page.locator(`[data-testid="member-row"][data-email="${email}"]`);
    await row(adminEmail).waitFor();
    await admin.page.getByTestId("invitations-empty").waitFor();

    const before = mailCount(inviteeEmail);
    await field(admin.page, "Email address").fill(inviteeEmail);
    await admin.page.getByRole("button", { name: "Send invitation" }).click();
    await admin.page.locator(`[data-testid="invitation-row"][data-email="${inviteeEmail}"]`).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    const link = await nextLink(inviteeEmail, INVITE_LINK, before);

    // The invitee opens the link signed out: the invitation, and a way to register.
    const invitee = await freshPage(browser);
    await invitee.page.goto(link);
    await heading(invitee.page, "You're invited to join Alice Admin's company").waitFor();
    await invitee.page.getByText(`This invitation is for ${inviteeEmail}.`).waitFor();
    expect(await seriousViolations(invitee.page)).toEqual([]);
    const invitationPath = new URL(link).pathname;
    await invitee.page.getByRole("link", { name: "Create an account" }).click();
    // The way back to the invitation goes along: registration, its form, the mailed link.
    await invitee.page.waitForURL(
      (u) =>
        u.pathname === "/auth/google/data-user-register-for-login" &&
        u.searchParams.get("returnTo") === invitationPath,
    );
    await invitee.page.getByRole("link", { name: "Sign up with email" }).click();
    await invitee.page.waitForURL(
      (u) =>
        u.pathname === "/auth/google/data-user-register-for-login/form" &&
        u.searchParams.get("returnTo") === invitationPath,
    );
    const beforeConfirm = mailCount(inviteeEmail);
    await field(invitee.page, "Name").fill("Ivy Invitee");
    await field(invitee.page, "Email address").fill(inviteeEmail);
    await field(invitee.page, "Password").fill("invitee-password-123");
    await invitee.page.getByRole("button", { name: "Register", exact: true }).click();
    await heading(invitee.page, "Check your email").waitFor();
    await invitee.page.getByText("The link then takes you back to your invitation.").waitFor();
    const confirm = await nextLink(inviteeEmail, CONFIRM_LINK_WITH_RETURN, beforeConfirm);
    expect(new URL(confirm).searchParams.get("returnTo")).toBe(invitationPath);
    await invitee.page.goto(confirm);

    // Confirmed and signed in, the invitee is back on the invitation (no need to find the link
    // again), where Accept joins the company.
    await invitee.page.waitForURL((u) => u.pathname === invitationPath);
    await heading(invitee.page, "You're invited to join Alice Admin's company").waitFor();
    await invitee.page.getByRole("button", { name: "Accept invitation" }).click();
    await invitee.page.waitForURL((u) => u.pathname === "/dashboard/company-account");
    await heading(invitee.page, "Company Account").waitFor();
    await invitee.page.getByTestId("company-name").getByText("Alice Admin's company").waitFor();
    // An employee sees it read-only.
    await invitee.page.getByTestId("read-only-note").waitFor();
    expect(await invitee.page.getByRole("button", { name: "Send invitation" }).count()).toBe(0);

    // The link is spent.
    const again = await freshPage(browser);
    await again.page.goto(link);
    await heading(again.page, "409: Invalid or expired link").waitFor();
    await again.page.getByText("This invitation has already been accepted.").waitFor();
    // A link that never existed: the same page.
    await again.page.goto("/invitation/no-such-invitation");
    await heading(again.page, "409: Invalid or expired link").waitFor();
    await again.context.close();

    // The admin sees the new member and no pending invitation.
    await admin.page.reload();
    await row(inviteeEmail).waitFor();
    await expect.poll(() => row(inviteeEmail).textContent()).toContain("Ivy Invitee");
    await admin.page.getByTestId("invitations-empty").waitFor();

    // Change the role: Employee → Company Admin.
    await admin.page.getByRole("textbox", { name: "Role of Ivy Invitee" }).click();
    await admin.page.getByRole("option", { name: "Company Admin" }).click();
    await admin.page.getByText("Ivy Invitee is now Company Admin").waitFor();
    await expect
      .poll(() => admin.page.getByRole("textbox", { name: "Role of Ivy Invitee" }).inputValue())
      .toBe("Company Admin");

    // On a 375 px screen the members are cards.
    await admin.page.setViewportSize({ width: 375, height: 800 });
    await admin.page.getByTestId("members-cards").waitFor();
    // The page's own content fits the screen (the sections and everything in them).
    const widest = () =>
      admin.page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll("section[aria-labelledby], section[aria-labelledby] *")].map(
            (e) => e.getBoundingClientRect().right,
          ),
        ),
      );
    await expect.poll(widest).toBeLessThanOrEqual(375);
    await admin.page.setViewportSize({ width: 1280, height: 900 });

    // Remove, with confirmation.
    await admin.page.getByRole("button", { name: "Remove Ivy Invitee" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Remove member" });
    await dialog.getByText(`Remove Ivy Invitee (${inviteeEmail}) from the company?`).waitFor();
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await admin.page.getByText("Ivy Invitee was removed from the company").waitFor();
    await row(inviteeEmail).waitFor({ state: "detached" });
    await row(adminEmail).waitFor();

    await invitee.context.close();
    await admin.context.close();
  });

  it("a confirmation link whose returnTo leaves the site confirms and stays on Blocklot", async () => {
    const email = uniqueEmail("redirect-probe");
    const before = mailCount(email);
    const res = await fetch(`${baseUrl()}/auth-jwt/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "probe-password-123", displayName: "Rob Probe" }),
    });
    expect(res.status).toBe(201);
    const confirm = await nextLink(email, CONFIRM_LINK, before);
    // Someone edits the mailed link to send the person elsewhere after confirming.
    const { context, page } = await freshPage(browser);
    await page.goto(`${confirm}?returnTo=${encodeURIComponent("//evil.example/phish")}`);
    await heading(page, "Your email is confirmed").waitFor();
    expect(new URL(page.url()).origin).toBe(baseUrl());
    expect(new URL(page.url()).pathname).toBe("/success-confirmation-email");
    await context.close();
  });
});
