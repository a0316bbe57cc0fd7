import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Every public route: its path, the title before " | Blocklot" and (part of) its one h1. */
const ROUTES: { path: string; title: string; h1: RegExp }[] = [
  { path: "/", title: "NYC RPIE filing done for you", h1: /RPIE statement, filed for you/ },
  { path: "/pricing", title: "Pricing", h1: /A quote for your property/ },
  { path: "/policy", title: "Privacy Policy", h1: /^Privacy Policy$/ },
  { path: "/about-us", title: "About Us", h1: /paperwork off property owners/ },
  { path: "/penalty-removal", title: "Penalty Removal", h1: /RPIE penalty to be removed/ },
  { path: "/faq", title: "FAQ", h1: /Frequently asked questions/ },
  { path: "/articles", title: "Blog and News", h1: /Articles about RPIE filing/ },
  {
    path: "/articles/rpie-penalties-explained",
    title: "RPIE penalties explained",
    h1: /RPIE penalties explained/,
  },
  { path: "/terms-service", title: "Terms of Service", h1: /^Terms of Service$/ },
  { path: "/contact", title: "Contact Us", h1: /^Contact Us$/ },
  { path: "/success-contact-us", title: "Message sent", h1: /message has been sent/ },
  { path: "/request-demo", title: "Request Demo", h1: /Request a demo/ },
  { path: "/success-demo", title: "Demo requested", h1: /demo request has been received/ },
  { path: "/checkout", title: "Checkout", h1: /^Checkout$/ },
];

async function open(path: string, width = 1280) {
  const { context, page } = await newPage(browser, { width, height: 800 });
  // Keep the cookie banner out of the way of the page under test.
  await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
  await page.goto(path);
  return { context, page };
}

async function h1Texts(page: Page) {
  await page.locator("h1").first().waitFor();
  return page.locator("h1").allInnerTexts();
}

/** Waits until the page's h1 says what the route should say (route chunks load lazily). */
async function waitForH1(page: Page, text: RegExp) {
  await page.getByRole("heading", { level: 1, name: text }).waitFor();
}

describe("public site pages", () => {
  for (const r of ROUTES) {
    it(`${r.path} shows one h1 and the title "${r.title} | Blocklot"`, async () => {
      const { context, page } = await open(r.path);
      const h1 = await h1Texts(page);
      expect(h1).toHaveLength(1);
      expect(h1[0]).toMatch(r.h1);
      await expect.poll(() => page.title()).toBe(`${r.title} | Blocklot`);
      await expect(page.locator("main").count()).resolves.toBe(1);
      await context.close();
    });
  }

  it("the landing page states the threshold, the deadline and the penalty schedule", async () => {
    const { context, page } = await open("/");
    // The penalty table is below the fold and may arrive after the first paint.
    await page.getByRole("cell", { name: "$100,000", exact: true }).waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain("$40,000");
    expect(text).toContain("June 1");
    expect(text).toContain("Join 6,000+ forward-thinking companies");
    expect(text).toMatch(/\$25,000,000 and above\s*\$100,000/);
    expect(await page.getByRole("link", { name: "Sign Up" }).first().getAttribute("href")).toBe(
      "/auth/google/data-user-register-for-login",
    );
    await context.close();
  });

  it("an unknown article shows the 404 page, and an article id goes to its slug", async () => {
    const { context, page } = await open("/articles/no-such-article");
    await expect.poll(() => page.title()).toMatch(/^404: /);
    const list = (await (await fetch(`${baseUrl()}/api/articles`)).json()) as {
      rows: { id: string; slug: string }[];
    };
    const seeded = list.rows.find((a) => a.slug === "what-is-rpie-and-who-must-file");
    await page.goto(`/articles/${seeded?.id}`);
    await page.waitForURL("**/articles/what-is-rpie-and-who-must-file");
    await waitForH1(page, /What is the RPIE statement/);
    await context.close();
  });

  it("the footer has the four columns and the social links open in a new tab", async () => {
    const { context, page } = await open("/faq");
    const footer = page.locator("footer");
    await footer.waitFor();
    for (const name of [
      "Contact Us",
      "Privacy Policy",
      "Terms of Service",
      "About Us",
      "FAQ",
      "Blog and News",
      "Penalty Removal",
    ]) {
      await expect(footer.getByRole("link", { name, exact: true }).count()).resolves.toBe(1);
    }
    const social = footer.locator('a[target="_blank"]');
    expect(await social.count()).toBe(2);
    for (const rel of await social.evaluateAll((as) => as.map((a) => a.getAttribute("rel") ?? ""))) {
      expect(rel).toContain("noopener");
    }
    expect(await footer.textContent()).toMatch(
      new RegExp(`Blocklot PRO © ${new Date().getFullYear()}\\. All Rights Reserved\\.`),
    );
    await context.close();
  });
});

describe("public forms", () => {
  it("Contact Us refuses an empty form, then sends and lands on /success-contact-us", async () => {
    const { context, page } = await open("/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByText("Message is required").waitFor();
    expect(new URL(page.url()).pathname).toBe("/contact");

    await page.getByLabel("Name").fill("Dana Property");
    await page.getByLabel("Email").fill(uniqueEmail("contact"));
    await page.getByLabel("Company").fill("Dana Holdings LLC");
    await page.getByLabel("Message").fill("We own three buildings in Queens and need RPIE filed.");
    const sent = page.waitForResponse(
      (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Send message" }).click();
    const res = await sent;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toMatchObject({
      name: "Dana Property",
      company: "Dana Holdings LLC",
    });
    expect(res.request().postDataJSON()).not.toHaveProperty("phone");
    await page.waitForURL("**/success-contact-us");
    await waitForH1(page, /message has been sent/);
    await context.close();
  });

  it("Contact Us shows the server's error when the server refuses the message", async () => {
    const { context, page } = await open("/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 429, error: "Too Many Requests", message: "Rate limit exceeded" }),
      }),
    );
    await page.getByLabel("Name").fill("Dana");
    await page.getByLabel("Email").fill(uniqueEmail("contact"));
    await page.getByLabel("Message").fill("Hello");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("alert").filter({ hasText: "Too many requests" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/contact");
    await context.close();
  });

  it("Request Demo sends the interest and lands on /success-demo", async () => {
    const { context, page } = await open("/request-demo");
    await page.getByLabel("Name").fill("Sam Reseller");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Request Demo" }).click();
    await page.getByText("Must be a valid email").waitFor();

    await page.getByLabel("Email").fill(uniqueEmail("demo"));
    await page.getByLabel("Both").check();
    await page.getByLabel("Message").fill("Mornings work best.");
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/demo-requests"));
    await page.getByRole("button", { name: "Request Demo" }).click();
    const res = await sent;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toMatchObject({ name: "Sam Reseller", interest: "both" });
    await page.waitForURL("**/success-demo");
    await waitForH1(page, /demo request has been received/);
    await context.close();
  });
});

describe("public header", () => {
  it("at 375 px the menu button opens a drawer with Pricing, Contact Us and Request Demo", async () => {
    const { context, page } = await open("/", 375);
    await expect(page.getByRole("button", { name: "Pages" }).isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    for (const name of ["Pricing", "Contact Us", "Request Demo"]) {
      await drawer.getByRole("link", { name }).waitFor();
    }
    const box = await page.locator(".mantine-Drawer-content").boundingBox();
    expect(box?.width).toBe(300);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
    await drawer.getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL("**/pricing");
    await context.close();
  });

  it("at desktop width the Pages menu opens on hover and closes when the mouse leaves", async () => {
    const { context, page } = await open("/");
    const pages = page.getByRole("button", { name: "Pages" });
    await pages.hover();
    const panel = page.getByRole("dialog", { name: "Pages" });
    await panel.waitFor();
    for (const name of [
      "Privacy Policy",
      "Terms of Service",
      "About Us",
      "FAQ",
      "Contact Us",
      "Blog and News",
      "Penalty Removal",
    ]) {
      await panel.getByRole("link", { name, exact: true }).waitFor();
    }
    const box = await panel.boundingBox();
    expect(box?.width).toBe(400);
    expect(Math.round(box?.y ?? 0)).toBe(64 + 16);
    await page.mouse.move(640, 700);
    await panel.waitFor({ state: "hidden" });
    await context.close();
  });

  it("gets a shadow once the page is scrolled beyond 64 px", async () => {
    const { context, page } = await open("/");
    const header = page.locator("header").first();
    expect(await header.getAttribute("data-scrolled")).toBeNull();
    await page.mouse.wheel(0, 600);
    // "/" is prerendered: a scroll before the page has hydrated shows the shadow once it has.
    await expect.poll(() => header.getAttribute("data-scrolled"), { timeout: 15_000 }).not.toBeNull();
    await context.close();
  });
});
