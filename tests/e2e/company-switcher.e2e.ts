import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, mailCount, nextLink, registerConfirmedUser, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser, uniqueEmail } from "./browser";

const INVITE_LINK = /https?:\/\/[^\s"'<>]+\/invitation\/([A-Za-z0-9_-]+)/;

interface CompanyEntry {
  id: string;
  companyName: string;
  isPrimary: boolean;
}

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const tokenOf = async (email: string, password: string) =>
  (
    await api<{ token: string }>("/auth-jwt/connect/google/check", {
      method: "POST",
      body: { email, password },
    })
  ).token;
const companiesOf = (token: string) => api<CompanyEntry[]>("/api/trade/company/get-company-roles", { token });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("company switcher", () => {
  it("a member of two companies switches: the chosen one becomes the only primary, the app reloads at the import dashboard", async () => {
    // Olga owns one company and invites Sam, who owns another, through the API.
    const owner = uniqueEmail("switch-owner");
    const member = uniqueEmail("switch-member");
    await registerConfirmedUser(owner, "owner-password-123", "Olga Owner");
    await registerConfirmedUser(member, "member-password-123", "Sam Member");
    const ownerToken = await tokenOf(owner, "owner-password-123");
    const [olgas] = await companiesOf(ownerToken);
    expect(olgas?.companyName).toBe("Olga Owner's company");
    const before = mailCount(member);
    await api(`/api/trade/company/${olgas?.id}/invitations`, {
      method: "POST",
      token: ownerToken,
      body: { email: member, role: "ROLE_COMPANY_EMPLOYEE" },
    });
    const hash = ((await nextLink(member, INVITE_LINK, before)).match(INVITE_LINK) as RegExpMatchArray)[1];
    const memberToken = await tokenOf(member, "member-password-123");
    await api(`/api/invitation/${hash}/accept`, { method: "POST", token: memberToken });
    // Accepting made Olga's company Sam's active one.
    const joined = await companiesOf(memberToken);
    expect(joined.map((c) => [c.companyName, c.isPrimary]).sort()).toEqual([
      ["Olga Owner's company", true],
      ["Sam Member's company", false],
    ]);

    const { context, page } = await freshPage(browser);
    await signIn(page, member, "member-password-123");
    const switcher = page.getByRole("button", { name: "Switch company" });
    await expect.poll(() => switcher.textContent()).toBe("Olga Owner's company");

    // Switch from another page, to see the reload land on the import dashboard.
    await page.goto("/dashboard/account");
    await heading(page, "Account").waitFor();
    await page.evaluate(() => {
      (window as Window & { beforeSwitch?: boolean }).beforeSwitch = true;
    });
    let documentLoads = 0;
    page.on("request", (r) => {
      if (r.resourceType() === "document") documentLoads++;
    });
    await switcher.click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Olga Owner's company" }).getByLabel("Active company").waitFor();
    await menu.getByRole("menuitem", { name: "Sam Member's company" }).click();

    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    await heading(page, "Upload File").waitFor();
    // A full page load: the document was requested again and the old window state is gone.
    expect(documentLoads).toBeGreaterThanOrEqual(1);
    expect(
      await page.evaluate(() => (window as Window & { beforeSwitch?: boolean }).beforeSwitch),
    ).toBeUndefined();
    await expect.poll(() => switcher.textContent()).toBe("Sam Member's company");

    // The server agrees: Sam's own company is now the only primary one.
    const after = await companiesOf(memberToken);
    expect(after.filter((c) => c.isPrimary).map((c) => c.companyName)).toEqual(["Sam Member's company"]);

    // The menu marks the new active company.
    await switcher.click();
    await menu.getByRole("menuitem", { name: "Sam Member's company" }).getByLabel("Active company").waitFor();
    expect(
      await menu.getByRole("menuitem", { name: "Olga Owner's company" }).getByLabel("Active company").count(),
    ).toBe(0);
    await context.close();
  });

  it('says "No tenants available." when the company list comes back empty', async () => {
    // Every account gets its own company, so an empty list is simulated at the network.
    const email = uniqueEmail("switch-none");
    await registerConfirmedUser(email, "none-password-123", "Nora None");
    const { context, page } = await freshPage(browser);
    await page.route("**/api/trade/company/get-company-roles", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
    );
    await signIn(page, email, "none-password-123");
    const switcher = page.getByRole("button", { name: "Switch company" });
    await expect.poll(() => switcher.textContent()).toBe("Company");
    await switcher.click();
    await page.getByRole("menuitem", { name: "No tenants available." }).waitFor();
    await context.close();
  });
});
