import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseCookies, field, heading, registerConfirmedUser, signIn, submitLogin } from "./auth-helpers";
import { baseUrl, launchBrowser, newPage, uniqueEmail } from "./browser";
import { appRunning, collectErrors, scriptsBeforeLoad } from "./island-helpers";

/**
 * Prerendered public pages (scripts/prerender.ts): the server sends them as real HTML; the
 * island loader (scripts/island-loader.ts) runs the app only when the visitor reaches for it,
 * and then the browser hydrates them (src/app/main.tsx) without a mismatch.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Holds the app's entry script back until the returned function is called (before hydration). */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("prerendered public pages without JavaScript", () => {
  it("/ is real HTML: the heading, Log In and Sign Up links, the cookie banner", async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("data-prerendered");
    expect(html).toContain("<title>NYC RPIE filing done for you | Blocklot</title>");
    // Every part is where it belongs: no part is sent hidden for a script to swap in after the
    // first paint (a click on the stand-in it replaced was lost).
    expect(html).not.toMatch(/<div hidden id="S:\d+"|\$RC\(/);

    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(heading(page, /RPIE statement, filed for you/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Log In" }).first().getAttribute("href")).resolves.toBe(
      "/auth/google/login",
    );
    await expect(page.getByRole("link", { name: "Sign Up" }).first().getAttribute("href")).resolves.toBe(
      "/auth/google/data-user-register-for-login",
    );
    await expect(page.getByTestId("cookie-banner").isVisible()).resolves.toBe(true);
    // Its own CSS arrived: the page is laid out, not raw HTML.
    const headerPosition = await page
      .locator("header")
      .first()
      .evaluate((h) => getComputedStyle(h).position);
    expect(headerPosition).toBe("fixed");
    await context.close();
  });

  it("/auth/google/login shows the login form with its labels", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth/google/login?returnTo=%2Fdashboard");
    await expect(heading(page, "Log in").isVisible()).resolves.toBe(true);
    await expect(field(page, "Email address").isVisible()).resolves.toBe(true);
    await expect(field(page, "Password").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Log in", exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe("Login | Blocklot");
    // Sent anyway: posted (the password never in a URL), and the page says the form needs JavaScript.
    // (Playwright's text matching skips <noscript>, so the note is found by its place.)
    const note = page.locator("form noscript p");
    await expect(note.textContent()).resolves.toBe(
      "This form needs JavaScript. Turn it on in your browser and reload the page.",
    );
    await expect(note.isVisible()).resolves.toBe(true);
    await field(page, "Email address").fill("owner@example.com");
    await field(page, "Password").fill("Secret-pass-1");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Log in", exact: true }).click(),
    ]);
    expect(response.status()).toBe(400);
    expect(page.url()).not.toContain("Secret-pass-1");
    await expect(heading(page, "Log in").isVisible()).resolves.toBe(true);
    await expect(note.isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("other routes still get the client-rendered app", async () => {
    const html = await (await fetch(`${baseUrl()}/dashboard`)).text();
    expect(html).not.toContain('<div id="root" data-prerendered>');
    expect(html).toContain('id="boot-splash"');
  });
});

describe("prerendered public pages with JavaScript", () => {
  it("/ runs no app script before the visitor reaches for it; then the first click opens the Pages menu", async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    const errors = collectErrors(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // Read and left: React never ran, and the app's scripts were fetched only once the page was idle.
    await page.waitForTimeout(1500);
    await expect(appRunning(page)).resolves.toBe(false);
    expect(await scriptsBeforeLoad(page)).toEqual([]);
    // The banner's Accept works without the app.
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Accept" }).click();
    await page.getByTestId("cookie-banner").waitFor({ state: "hidden" });
    await expect(appRunning(page)).resolves.toBe(false);
    // A click on the header's Pages menu starts the app; the click is not lost.
    await page.getByRole("button", { name: "Pages" }).click();
    await page.getByRole("dialog", { name: "Pages" }).waitFor();
    await expect(appRunning(page)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("by keyboard: Enter on the language menu opens it; a language is chosen", async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    const errors = collectErrors(page);
    await page.goto("/");
    const language = page.getByRole("button", { name: "Language", exact: true }).first();
    await language.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Deutsch" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menuitem", { name: "Deutsch" }).click();
    await page.getByRole("button", { name: "Sprache", exact: true }).first().waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("app.language"))).toBe("de");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the header's shadow follows the scroll before the app runs", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto("/");
    const header = page.locator("header").first();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => header.getAttribute("data-scrolled")).toBe("true");
    await page.mouse.wheel(0, -600);
    await expect.poll(() => header.getAttribute("data-scrolled")).toBeNull();
    await expect(appRunning(page)).resolves.toBe(false);
    await context.close();
  });

  it("/auth/google/login hydrates without errors and signing in still works", async () => {
    const email = uniqueEmail("prerender");
    await registerConfirmedUser(email, "Prerender-pass-1");
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const errors = collectErrors(page);
    await page.goto("/auth/google/login");
    // The form is the prerendered one: focusing it starts the app, sending it is held until the app has it.
    await submitLogin(page, email, "Prerender-pass-1");
    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("what was typed and submitted before hydration is not lost: the login still signs in", async () => {
    const email = uniqueEmail("prerender-early");
    await registerConfirmedUser(email, "Prerender-pass-3");
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const errors = collectErrors(page);
    // Hold the app's entry script back so the form is filled and submitted before hydration.
    const release = await holdEntryScript(page);
    await page.goto("/auth/google/login", { waitUntil: "domcontentloaded" });
    await field(page, "Email address").fill(email);
    await field(page, "Password").fill("Prerender-pass-3");
    await chooseCookies(page);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    // Not sent natively (that would reload the page with an empty form).
    await expect(page.locator("form[data-submit-queued]").count()).resolves.toBe(1);
    expect(new URL(page.url()).search).toBe("");
    release();
    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a form sent the moment its script arrives is handled by the app, never sent natively", async () => {
    // The entry script is released as soon as the form has been sent: React is then still
    // hydrating the page, so the form carries React's props before React handles its events.
    // Sent natively in that window, the page reloaded with ?website= and the check was lost.
    for (let attempt = 0; attempt < 3; attempt++) {
      const { context, page } = await newPage(browser, { width: 390, height: 844 });
      const errors = collectErrors(page);
      const release = await holdEntryScript(page);
      await page.goto("/pricing", { waitUntil: "domcontentloaded" });
      const box = page.getByRole("form", { name: "Demo request by e-mail" });
      await box.getByRole("button", { name: "Send" }).click();
      release();
      await box.getByText("Email is required").waitFor();
      expect(new URL(page.url()).search).toBe("");
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("a returning visitor: accepted cookies never show the banner; a session or German renders from scratch", async () => {
    const email = uniqueEmail("prerender-back");
    await registerConfirmedUser(email, "Prerender-pass-2");
    const { context, page } = await newPage(browser);
    const errors = collectErrors(page);
    // Accepted cookies: the prerendered banner is hidden before the first paint.
    await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    await page.goto("/pricing");
    await expect(page.getByTestId("cookie-banner").isVisible()).resolves.toBe(false);

    // German: the English prerender is replaced, not hydrated.
    await page.evaluate(() => localStorage.setItem("app.language", "de"));
    await page.goto("/faq");
    await expect(page.locator("html").getAttribute("data-boot")).resolves.toBe("client");
    await page.getByRole("heading", { level: 1, name: /Häufig gestellte Fragen/ }).waitFor();
    await page.evaluate(() => localStorage.removeItem("app.language"));

    // Signed in: the login page sends the user on, as before.
    await signIn(page, email, "Prerender-pass-2");
    await page.goto("/auth/google/login");
    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a dark system theme is applied before the first paint, without a mismatch", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), colorScheme: "dark" });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto("/");
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    await page.getByRole("button", { name: "Settings", exact: true }).waitFor();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    expect(errors).toEqual([]);
    await context.close();
  });
});
