/**
 * Articles (issue 17) in a real browser: the demo super admin writes an article in the Markdown
 * editor (with the server's preview), publishes it after confirming, and a guest finds it in
 * /articles, opens it, and finds it in the sitemap and the RSS feed; without JavaScript the
 * server's page already carries the article, its canonical URL and its JSON-LD.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser } from "./browser";

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
    } finally {
      await staff.context.close();
    }

    const guest = await freshPage(browser, { width: 390, height: 844, touch: true });
    try {
      await guest.page.goto("/articles");
      await heading(guest.page, /Articles about RPIE filing/).waitFor();
      await guest.page.getByRole("link", { name: title }).click();
      await guest.page.waitForURL(`**/articles/${slug}`);
      await heading(guest.page, title).waitFor();
      await expect.poll(() => guest.page.title()).toBe(`${title} | Blocklot`);
      expect(await guest.page.locator("main").textContent()).toContain(
        "Properties assessed at $750,000 or more.",
      );

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
