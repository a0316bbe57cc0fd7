/**
 * Articles (issue 17) in a real browser: the demo super admin writes an article in the Markdown
 * editor (with the server's preview), publishes it after confirming, and a guest finds it in
 * /articles, opens it, and finds it in the sitemap and the RSS feed. Both pages are islands: the
 * server's list and article in the build's public-layout template, read without the app's script;
 * the app starts when the visitor reaches for it and then navigates as usual. Without JavaScript
 * the server's page already carries the article, its canonical URL and its JSON-LD.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser } from "./browser";
import { appRunning, collectErrors, scriptsBeforeLoad } from "./island-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("articles", () => {
  it("a super admin writes and publishes an article, and a guest finds it everywhere", async () => {
    const n = Date.now().toString(36);
    const title = `Rent rolls for the RPIE ${n}`;
    const slug = `rent-rolls-for-the-rpie-${n}`;
    const admin = inject("demoAccounts").superAdmin;
    const staff = await freshPage(browser, { width: 1280, height: 900 });
    try {
      await signIn(staff.page, admin.email, admin.password);
      await staff.page.goto("/admin/article-list");
      await heading(staff.page, "All Articles").waitFor();
      await staff.page.getByRole("link", { name: "New article" }).click();
      await heading(staff.page, "New article").waitFor();
      await staff.page.getByRole("textbox", { name: "Title" }).fill(title);
      // The address follows the title.
      await expect
        .poll(() => staff.page.getByRole("textbox", { name: "Address (slug)" }).inputValue())
        .toBe(slug);
      await staff.page
        .getByRole("textbox", { name: "Summary" })
        .fill("When the rent roll is due and what it lists.");
      await staff.page
        .getByRole("textbox", { name: "Body (Markdown)" })
        .fill(
          "## Who adds a rent roll\n\nProperties assessed at **$750,000** or more.\n\n<script>alert(1)</script>\n\n[DOF](https://www.nyc.gov/site/finance)",
        );
      const preview = staff.page.getByTestId("article-preview");
      await preview.getByRole("heading", { name: "Who adds a rent roll" }).waitFor();
      // Raw HTML is shown as text, never run; links to other sites open in a new tab.
      await expect.poll(() => preview.textContent()).toContain("<script>alert(1)</script>");
      expect(await preview.locator("script").count()).toBe(0);
      expect(await preview.getByRole("link", { name: "DOF" }).getAttribute("target")).toBe("_blank");
      await staff.page.getByRole("button", { name: "Save" }).click();
      await staff.page.waitForURL(`**/admin/article/view/${slug}`);
      await heading(staff.page, title).waitFor();
      expect(await staff.page.getByTestId("article-state").textContent()).toBe("Draft");

      // Not public yet.
      expect((await fetch(`${baseUrl()}/api/articles/${slug}`)).status).toBe(404);
      await staff.page.getByRole("button", { name: "Publish" }).click();
      const dialog = staff.page.getByRole("dialog");
      await dialog.getByText("Guests, the sitemap and the feeds will show it").waitFor();
      await dialog.getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => staff.page.getByTestId("article-state").textContent()).toBe("Published");
      // Signed in, the public page is the app's own (rendered afresh from the API, not hydrated).
      await staff.page.goto(`/articles/${slug}`);
      await heading(staff.page, title).waitFor();
      await staff.page.locator("main").getByText("Properties assessed at").waitFor();
      expect(await staff.page.locator("[data-server-slot]").count()).toBe(0);
    } finally {
      await staff.context.close();
    }

    const guest = await freshPage(browser, { width: 390, height: 844, touch: true });
    const errors = collectErrors(guest.page);
    try {
      const { page } = guest;
      // The list and the article are island pages: the server's HTML in the prerendered public
      // layout, read without the app's script (only the island loader runs).
      await page.goto("/articles");
      await heading(page, /Articles about RPIE filing/).waitFor();
      await page.getByRole("link", { name: title }).click();
      await page.waitForURL(`**/articles/${slug}`);
      await page.waitForLoadState("load");
      await heading(page, title).waitFor();
      await expect.poll(() => page.title()).toBe(`${title} | Blocklot`);
      const main = page.locator("main");
      expect(await main.textContent()).toContain("Properties assessed at $750,000 or more.");
      expect(await main.getByRole("link", { name: "DOF" }).getAttribute("target")).toBe("_blank");
      expect(await page.locator("script[src]").count()).toBe(0);
      expect(await scriptsBeforeLoad(page)).toEqual([]);
      expect(await appRunning(page)).toBe(false);

      // Reaching for the menu starts the app: it hydrates the page as sent (no mismatch) and the
      // held tap opens the menu.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      expect(await appRunning(page)).toBe(true);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "hidden" });
      expect(await main.textContent()).toContain("Properties assessed at $750,000 or more.");

      // Then the app moves on by itself: the list and the article from the API, then the sign-up.
      await main.getByRole("link", { name: "All articles" }).click();
      await page
        .getByTestId("article-card")
        .filter({ hasText: title })
        .getByRole("link", { name: title })
        .click();
      await page.waitForURL(`**/articles/${slug}`);
      await heading(page, title).waitFor();
      await main.getByText("Properties assessed at").waitFor();
      await main.getByRole("link", { name: "Sign Up" }).click();
      await page.waitForURL("**/auth/google/data-user-register-for-login");
      await expect.poll(() => page.title()).toBe("Register | Blocklot");
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(errors).toEqual([]);

      // The sitemap and the feed list it, and both are well-formed XML (the browser's own parser).
      for (const path of ["/sitemap.xml", "/articles/feed.xml"]) {
        const res = await fetch(`${baseUrl()}${path}`);
        expect(res.status).toBe(200);
        const xml = await res.text();
        expect(xml).toContain(`/articles/${slug}`);
        const parseErrors = await guest.page.evaluate(
          (text) =>
            new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror")
              .length,
          xml,
        );
        expect(parseErrors, path).toBe(0);
      }
      expect(await (await fetch(`${baseUrl()}/articles/feed.xml`)).text()).toContain(title);
    } finally {
      await guest.context.close();
    }

    // A crawler or a guest without JavaScript gets the article in the server's page.
    const noScript = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      const res = await page.goto(`/articles/${slug}`);
      expect(res?.status()).toBe(200);
      expect(await page.locator("h1").textContent()).toBe(title);
      expect(await page.locator("main").textContent()).toContain("Properties assessed at $750,000 or more.");
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
        new RegExp(`/articles/${slug}$`),
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(title);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(ld["@type"]).toBe("Article");
      expect(ld.headline).toBe(title);
    } finally {
      await noScript.close();
    }
  });
});
