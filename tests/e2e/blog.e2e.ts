/**
 * The dashboard blog (issue 17) in a real browser: the demo super admin writes a post in
 * /dashboard/blog with a cover and an inline image uploaded through the file store, sees them in the
 * draft (which guests cannot load), publishes it; a guest on a phone sees both images on the
 * public article page, and a company admin reads the post in their own /dashboard/blog.
 */
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshPage, heading, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

// A real 1×1 PNG, so "the browser shows it" (naturalWidth > 0) means the bytes arrived.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const shown = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).naturalWidth);

describe("dashboard blog", () => {
  it("a super admin writes a post with images, and a guest sees them on the public page", async () => {
    const n = Date.now().toString(36);
    const title = `Photos for the RPIE ${n}`;
    const slug = `photos-for-the-rpie-${n}`;
    const { superAdmin, companyAdmin } = inject("demoAccounts");
    let cover = "";
    let inline = "";
    let postUrl = "";
    const staff = await freshPage(browser, { width: 1280, height: 900 });
    try {
      const { page } = staff;
      await signIn(page, superAdmin.email, superAdmin.password);
      await page.goto("/dashboard/blog");
      await heading(page, "Blog").waitFor();
      await page.getByRole("link", { name: "New post" }).click();
      await heading(page, "New article").waitFor();
      await page.getByRole("textbox", { name: "Title" }).fill(title);
      await page.getByRole("textbox", { name: "Summary" }).fill("Which pictures help an assessor.");
      await page
        .getByRole("textbox", { name: "Body (Markdown)" })
        .fill("## Front of the building\n\nTake it from the street.");

      // A file that is not an image is refused with a clear message.
      let chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Upload a cover image" }).click();
      await (await chooser).setFiles({
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
      });
      await page.getByText("Only PNG and JPEG images can be uploaded.").waitFor();

      chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Upload a cover image" }).click();
      await (await chooser).setFiles({ name: "front.png", mimeType: "image/png", buffer: png });
      const coverInput = page.getByRole("textbox", { name: "Cover image" });
      await expect.poll(() => coverInput.inputValue()).toMatch(/^\/api\/articles\/images\/[0-9a-f-]{36}$/);
      cover = await coverInput.inputValue();

      chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Insert an image" }).click();
      await (await chooser).setFiles({ name: "lobby.png", mimeType: "image/png", buffer: png });
      const body = page.getByRole("textbox", { name: "Body (Markdown)" });
      await expect
        .poll(() => body.inputValue())
        .toMatch(/!\[lobby\]\(\/api\/articles\/images\/[0-9a-f-]{36}\)/);
      inline = /\((\/api\/articles\/images\/[0-9a-f-]{36})\)/.exec(await body.inputValue())?.[1] ?? "";

      // The draft's image shows in the preview (loaded with the staff's token)…
      const previewImg = page.getByTestId("article-preview").getByRole("img", { name: "lobby" });
      await expect.poll(() => shown(previewImg)).toBeGreaterThan(0);
      // …but guests cannot load it yet.
      expect((await fetch(`${baseUrl()}${cover}`)).status).toBe(404);
      expect((await fetch(`${baseUrl()}${inline}`)).status).toBe(404);

      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/dashboard\/blog\/[0-9a-f-]{36}$/);
      postUrl = new URL(page.url()).pathname;
      await heading(page, title).waitFor();
      expect(await page.getByTestId("article-state").textContent()).toBe("Draft");
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
      await expect.poll(() => page.getByTestId("article-state").textContent()).toBe("Published");

      // The list shows the post as a card.
      await page.getByRole("link", { name: "Back to the blog" }).click();
      await page.getByTestId("blog-card").filter({ hasText: title }).waitFor();
    } finally {
      await staff.context.close();
    }

    const guest = await freshPage(browser, { width: 390, height: 844, touch: true });
    try {
      const { page } = guest;
      await page.goto(`/articles/${slug}`);
      await heading(page, title).waitFor();
      const coverImg = page.locator(`main img[src="${cover}"]`);
      const inlineImg = page.locator(`main img[src="${inline}"]`);
      await expect.poll(() => shown(coverImg)).toBeGreaterThan(0);
      await expect.poll(() => shown(inlineImg)).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await guest.context.close();
    }

    // A company admin (not staff) reads it in their own dashboard blog, on a phone, without edit buttons.
    const reader = await freshPage(browser, { width: 390, height: 844, touch: true });
    try {
      const { page } = reader;
      await signIn(page, companyAdmin.email, companyAdmin.password);
      await page.goto("/dashboard/blog");
      await heading(page, "Blog").waitFor();
      const card = page.getByTestId("blog-card").filter({ hasText: title });
      await card.waitFor();
      expect(await page.getByRole("link", { name: "New post" }).count()).toBe(0);
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      // Keyboard: the post's title is a link reached by focus and opened with Enter.
      await card.getByRole("link", { name: title }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`**${postUrl}`);
      await heading(page, title).waitFor();
      await expect.poll(() => shown(page.locator(`img[src="${inline}"]`))).toBeGreaterThan(0);
      expect(await page.getByRole("link", { name: "Edit" }).count()).toBe(0);
      expect(await fits()).toBe(true);
      await page.goto("/dashboard/blog/create");
      await heading(page, "Forbidden").waitFor();
    } finally {
      await reader.context.close();
    }
  });
});
