import type { Browser, Page } from "playwright-core";
import { baseUrl, mailDir, newPage } from "./browser";
import { mailsTo, waitForLink } from "./mailbox";

export const CONFIRM_LINK = /https?:\/\/[^\s"'<>]+\/confirmation-email\/([A-Za-z0-9_-]+)/;
export const RESET_LINK = /https?:\/\/[^\s"'<>]+\/auth\/google\/reset-pwd\/([A-Za-z0-9_-]+)/;

/** How many mails an address has received so far (to wait for the next one). */
export const mailCount = (email: string) => mailsTo(mailDir(), email).length;

/** Waits for the next mailed link of a kind and returns it (the whole URL). */
export function nextLink(email: string, pattern: RegExp, after: number): Promise<string> {
  return waitForLink(mailDir(), email, pattern, after);
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Registers an ordinary user through the API and confirms the address with the mailed hash. */
export async function registerConfirmedUser(email: string, password: string, displayName = "E2E User") {
  const before = mailCount(email);
  const reg = await post("/auth-jwt/register", { email, password, displayName });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  const link = await nextLink(email, CONFIRM_LINK, before);
  const hash = (link.match(CONFIRM_LINK) as RegExpMatchArray)[1];
  const confirm = await post("/auth-jwt/confirm-email", { hash });
  if (confirm.status !== 200)
    throw new Error(`confirm-email answered ${confirm.status}: ${await confirm.text()}`);
}

/** Label locators that ignore Mantine's required asterisk. */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

/** Fills the login form at the current page and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await field(page, "Email address").fill(email);
  await field(page, "Password").fill(password);
  await chooseCookies(page);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Makes the cookie choice when the banner shows: on a small screen it covers the form's button. */
export async function chooseCookies(page: Page) {
  const banner = page.getByTestId("cookie-banner");
  if (await banner.isVisible()) await banner.getByRole("button", { name: "Necessary only" }).click();
}

/** Signs in through /auth/google/login and waits for the dashboard it lands on. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  landing = "/dashboard/import-file",
) {
  await page.goto("/auth/google/login");
  await submitLogin(page, email, password);
  await page.waitForURL((u) => u.pathname === landing);
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 });

/** A fresh context whose visitor has already accepted cookies (the banner stays out of the way). */
export async function freshPage(browser: Browser, opts: Parameters<typeof newPage>[1] = {}) {
  const made = await newPage(browser, opts);
  await made.context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
  return made;
}
