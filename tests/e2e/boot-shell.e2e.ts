import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const LOAD = { timeout: 20_000 };

interface ShellSeen {
  shown: boolean;
  text: string;
  top: number;
  left: number;
}

/**
 * Records what index.html's boot shell showed before the app ran: the moment its script shows it
 * (a mutation observer from the document's start), whenever the app removes it afterwards.
 */
async function watchShell(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shellSeen: ShellSeen };
    w.shellSeen = { shown: false, text: "", top: -1, left: -1 };
    const record = (shell: HTMLElement) => {
      const title = shell.querySelector(".bs-title");
      const box = title?.getBoundingClientRect();
      w.shellSeen = {
        shown: !shell.hidden,
        text: title?.textContent ?? "",
        top: box?.top ?? -1,
        left: box?.left ?? -1,
      };
    };
    const watch = new MutationObserver(() => {
      const shell = document.getElementById("boot-shell");
      if (shell && !shell.hidden && !w.shellSeen.shown) record(shell);
    });
    watch.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["hidden"],
    });
  });
}

const shellSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { shellSeen: ShellSeen }).shellSeen);

/** The app's own page heading, once it shows, and where it is. */
async function appHeading(page: Page) {
  const h1 = page.locator("main h1").first();
  await h1.waitFor(LOAD);
  const box = await h1.boundingBox();
  return { text: ((await h1.textContent()) ?? "").trim(), top: box?.y ?? -1, left: box?.x ?? -1 };
}

/** The paths index.html knows a heading for, in every language (written by scripts/prerender.ts). */
async function shellHeadings(page: Page): Promise<Record<string, Record<string, string>>> {
  const html = await (await page.request.get("/dashboard/no-such-page")).text();
  const json = html.match(/<script type="application\/json" id="shell-headings">(.*?)<\/script>/)?.[1];
  return JSON.parse(json ?? "{}");
}

describe("boot shell: a returning user's page opens on its frame and heading", () => {
  for (const [label, viewport] of [
    ["phone", { width: 412, height: 823 }],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    it(`shows each page's own heading where the page puts it, then the page (${label})`, async () => {
      const { companyAdmin } = inject("demoAccounts");
      const { context, page } = await freshPage(browser, viewport);
      await signIn(page, companyAdmin.email, companyAdmin.password);
      await watchShell(page);
      const headings = await shellHeadings(page);
      expect(Object.keys(headings).length).toBeGreaterThanOrEqual(10);
      const checked: string[] = [];
      for (const [path, inLanguages] of Object.entries(headings)) {
        await page.goto(path);
        const seen = await shellSeen(page);
        expect(seen, path).toMatchObject({ shown: true, text: inLanguages.en });
        const app = await appHeading(page);
        expect(new URL(page.url()).pathname, `${path} is the demo admin's`).toBe(path);
        // The page's own <h1> says the same, in the same place: no jump when the app takes over.
        expect(app.text, path).toBe(inLanguages.en);
        expect(Math.abs(app.top - seen.top), `${path} top`).toBeLessThanOrEqual(2);
        expect(Math.abs(app.left - seen.left), `${path} left`).toBeLessThanOrEqual(2);
        await expect.poll(() => page.locator("#boot-shell").count(), LOAD).toBe(0);
        checked.push(path);
      }
      expect(checked).toContain("/dashboard/properties");
      await context.close();
    }, 180_000);
  }

  it("speaks the user's language", async () => {
    const { companyAdmin } = inject("demoAccounts");
    const { context, page } = await freshPage(browser, { width: 412, height: 823 });
    await signIn(page, companyAdmin.email, companyAdmin.password);
    await page.evaluate(() => localStorage.setItem("app.language", "de"));
    await watchShell(page);
    await page.goto("/dashboard/properties");
    expect(await shellSeen(page)).toMatchObject({ shown: true, text: "Immobilien" });
    await heading(page, "Immobilien").waitFor(LOAD);
    await context.close();
  }, 90_000);

  it("is not shown without a session, nor on a page it has no heading for", async () => {
    const { companyAdmin } = inject("demoAccounts");
    const { context, page } = await freshPage(browser, { width: 412, height: 823 });
    await watchShell(page);
    await page.goto("/dashboard/properties");
    expect((await shellSeen(page)).shown).toBe(false);
    await page.waitForURL((u) => u.pathname === "/auth/google/login", LOAD);

    await signIn(page, companyAdmin.email, companyAdmin.password);
    await page.goto("/dashboard/kanban");
    expect((await shellSeen(page)).shown).toBe(false);
    await context.close();
  }, 90_000);

  it("gives way to what the app shows instead when the stored session is no longer good", async () => {
    const { context, page } = await freshPage(browser, { width: 412, height: 823 });
    await page.goto("/auth/google/login");
    await page.evaluate(() => {
      localStorage.setItem("accessToken", "expired.not-a.token");
      localStorage.setItem("refreshToken", "revoked");
    });
    await watchShell(page);
    await page.goto("/dashboard/properties");
    expect(await shellSeen(page)).toMatchObject({ shown: true, text: "Properties" });
    await page.waitForURL((u) => u.pathname !== "/dashboard/properties", LOAD);
    await page.locator("h1").first().waitFor(LOAD);
    await expect.poll(() => page.locator("#boot-shell").count(), LOAD).toBe(0);
    expect(await page.locator("h1").first().isVisible()).toBe(true);
    await context.close();
  }, 90_000);
});
