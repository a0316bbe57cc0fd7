import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chooseCookies, freshPage, signIn as signInAs } from "./auth-helpers";
import { launchBrowser, newPage } from "./browser";
import { importChunk, newSeller } from "./inventory-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Signs the bootstrap super admin in through the login page form. */
async function signIn(page: Page) {
  await page.goto("/auth/google/login");
  await page.getByRole("textbox", { name: /Email address/ }).fill(inject("adminEmail"));
  await page.locator("input[type=password]").first().fill(inject("adminPassword"));
  await chooseCookies(page);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/\/dashboard\/import-file/, { timeout: 20_000 });
}

/** On screen: the collapsed drawer stays in the page, moved out to the left. */
async function onScreen(locator: import("playwright-core").Locator) {
  if ((await locator.count()) === 0) return false;
  const box = await locator.boundingBox();
  return box !== null && box.x + box.width > 0;
}

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"));

/** The dashboard's first load after sign-in: seconds on a busy server, late in the full run. */
const FIRST_LOAD = { timeout: 15_000 };

describe("signed-in shell", () => {
  it("shows a super admin the Administrator section, their name and the top bar", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect
      .poll(() => nav.getByText("Administrator", { exact: true }).isVisible(), FIRST_LOAD)
      .toBe(true);
    expect(await nav.getByRole("link", { name: "All Users" }).getAttribute("href")).toBe(
      "/admin/all-user-list",
    );
    expect(await nav.getByRole("link", { name: "Upload File" }).getAttribute("aria-current")).toBe("page");
    await expect.poll(() => page.getByText("support@blocklot.app").isVisible(), FIRST_LOAD).toBe(true);

    // The signed-in visitor gets no floating Settings button outside the photo page.
    expect(await page.getByRole("button", { name: "Settings", exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect.poll(() => page.getByTestId("account-name").textContent()).toBeTruthy();
    expect(await page.getByText(inject("adminEmail")).isVisible()).toBe(true);

    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Notifications" }).click();
    await expect.poll(() => page.getByText("There are no notifications").isVisible()).toBe(true);
    await context.close();
  });

  it("opens the navigation drawer with the burger at 375 px and closes it on a tap outside", async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page);
    const uploadLink = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Upload File" });
    await expect.poll(() => uploadLink.count(), FIRST_LOAD).toBe(1);
    expect(await onScreen(uploadLink)).toBe(false);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect.poll(() => onScreen(uploadLink), FIRST_LOAD).toBe(true);
    const box = await uploadLink.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(300);

    // A group opens on click and shows its pages.
    await page.getByRole("button", { name: "Inventory" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Print Labels" }).isVisible()).toBe(true);

    await page.getByTestId("nav-backdrop").click({ position: { x: 340, y: 400 } });
    await expect.poll(() => onScreen(uploadLink)).toBe(false);
    await context.close();
  });

  it("closes the slide-out drawer when the page changes", async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page);
    await page.goto("/dashboard/blank");
    await page.getByRole("heading", { name: "Blank", level: 1 }).waitFor();
    const uploadLink = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Upload File" });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect.poll(() => onScreen(uploadLink), FIRST_LOAD).toBe(true);
    await uploadLink.click();
    await page.waitForURL((u) => u.pathname === "/dashboard/import-file");
    await expect.poll(() => onScreen(uploadLink)).toBe(false);
    await context.close();
  });

  it("shows Online in the top bar, and Offline while the network is gone", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page);
    const status = (name: string) => page.getByRole("status").filter({ hasText: name });
    await expect.poll(() => status("Online").isVisible(), { timeout: 15_000 }).toBe(true);
    await context.setOffline(true);
    try {
      await expect.poll(() => status("Offline").isVisible()).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => status("Online").isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});

describe("the top bar's menus, mounted on first use", () => {
  const focusedLabel = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

  it("open by keyboard with focus kept and given back, by mouse, and by a tap on a phone", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signIn(page);
    const account = page.getByRole("button", { name: "Account menu" });
    await account.waitFor(FIRST_LOAD);
    // Before anyone reaches for it, the trigger alone says what it opens.
    expect(await account.getAttribute("aria-haspopup")).toBe("menu");
    expect(await account.getAttribute("aria-expanded")).toBe("false");

    // Keyboard: focus reaching the button mounts the menu around it without losing the focus.
    await account.focus();
    await expect.poll(() => focusedLabel(page)).toBe("Account menu");
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Logout" }).waitFor();
    expect(await account.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menuitem", { name: "Logout" }).count()).toBe(0);
    await expect.poll(() => focusedLabel(page)).toBe("Account menu");

    // Mouse: the first click opens the company switcher.
    await page.getByRole("button", { name: "Switch company" }).click();
    await page.getByRole("menu").getByText("Companies", { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await context.close();

    // A phone: the first tap opens the account menu and its items work.
    const phone = await newPage(browser, { width: 390, height: 800, touch: true });
    await signIn(phone.page);
    const avatar = phone.page.getByRole("button", { name: "Account menu" });
    await avatar.waitFor(FIRST_LOAD);
    await avatar.tap();
    await phone.page.getByRole("menuitem", { name: "Account", exact: true }).tap();
    await phone.page.waitForURL(/\/dashboard\/account$/);
    await phone.context.close();
  });
});

describe("the top bar's tools offline", () => {
  it("keep the page when their code cannot load (offline on a first visit), and appear once back online", async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    // The network is gone before the tools' chunk arrived and before the service worker cached it.
    await page.route(/\/assets\/TopBarTools-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await signIn(page);
    const status = (name: string) => page.getByRole("status").filter({ hasText: name });
    await expect.poll(() => status("Online").isVisible(), FIRST_LOAD).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Account menu" }).count()).toBe(0);
    expect(await page.getByText("Internal Server Error").count()).toBe(0);

    await page.unroute(/\/assets\/TopBarTools-[\w-]+\.js$/);
    await context.setOffline(true);
    await expect.poll(() => status("Offline").isVisible()).toBe(true);
    await context.setOffline(false);
    await page.getByRole("button", { name: "Account menu" }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});

describe("app settings drawer", () => {
  it("keeps a colour and dark mode across a reload, and reset restores the defaults", async () => {
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    // "/" is prerendered: this first click starts the app, which then opens the drawer.
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "App Settings" });
    await drawer.waitFor();
    expect(await scheme(page)).toBe("light");

    await drawer.getByRole("radio", { name: "Purple" }).click();
    await drawer.getByText("Dark", { exact: true }).click();
    await expect.poll(() => scheme(page)).toBe("dark");
    expect(JSON.parse((await storage(page, "app.settings")) ?? "{}")).toMatchObject({
      colorPreset: "purple",
      paletteMode: "dark",
    });

    await page.reload();
    await expect.poll(() => scheme(page)).toBe("dark");
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await expect
      .poll(() => drawer.getByRole("radio", { name: "Purple" }).getAttribute("aria-checked"))
      .toBe("true");

    await drawer.getByRole("button", { name: "Reset settings" }).click();
    await expect.poll(() => scheme(page)).toBe("light");
    expect(await storage(page, "app.settings")).toBeNull();
    expect(await drawer.getByRole("radio", { name: "Blue" }).getAttribute("aria-checked")).toBe("true");

    await drawer.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });
});

describe("cookie banner", () => {
  it("shows until accepted and stays accepted after a reload", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/policy");
    // The banner is in the prerendered HTML: Accept works without the app (index.html).
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    expect(await storage(page, "acceptedCookies")).toBe("true");
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("cookie-banner").isVisible()).toBe(false);
    // Once the app runs (a click on the page's Settings button), it stays away.
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("dialog", { name: "App Settings" }).waitFor();
    await expect.poll(() => page.getByTestId("cookie-banner").count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });

  it("never hides a form's button on a phone: the page scrolls it above the banner", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 664 });
    await page.goto("/auth/google/data-user-register-for-login/form");
    const banner = page.getByTestId("cookie-banner");
    const submit = page.locator("button[type=submit]").last();
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect.poll(() => submit.isVisible()).toBe(true);
    // Scrolled to the very end, as far as a thumb can go, the button clears the banner's top.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const [button, notice] = [await submit.boundingBox(), await banner.boundingBox()];
        return button && notice ? notice.y - (button.y + button.height) : -1;
      })
      .toBeGreaterThan(0);
    await context.close();
  });
});

describe("the notifications bell", () => {
  it("rises live when an import is saved, opens on a phone, falls after mark all as read; a removal is undone", async () => {
    const seller = await newSeller("bell");
    const { context, page } = await freshPage(browser, { width: 390, height: 800 });
    await signInAs(page, seller.email, seller.password);
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute("aria-label"), FIRST_LOAD).toBe("Notifications");

    // Another tab (here: the API) saves an import: the badge rises without a reload.
    await importChunk(seller, "Bell batch", 2);
    await expect.poll(() => bell.getAttribute("aria-label"), FIRST_LOAD).toBe("Notifications, 1 unread");
    expect(await page.getByTestId("notifications-badge").textContent()).toContain("1");

    await bell.click();
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    await dialog.getByText('Import "Bell batch": 2 items saved').waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await dialog.getByRole("link", { name: /Import saved/ }).getAttribute("href")).toMatch(
      /^\/dashboard\/item\//,
    );

    await dialog.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");

    // Removed with the keyboard, then brought back by the keyboard: Undo stands at the
    // notification's place and has the focus; back in the open list, and still after a reload.
    const row = dialog.getByText('Import "Bell batch": 2 items saved');
    await dialog.getByRole("button", { name: "Remove notification" }).press("Enter");
    const undo = dialog.getByRole("button", { name: "Undo" });
    await undo.waitFor();
    expect(await row.count()).toBe(0);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.closest("[role=dialog]")?.getAttribute("aria-label")}: ${el?.getAttribute("aria-label") ?? el?.textContent}`;
      });
    await expect.poll(focused).toBe("Notifications: Undo");
    await expect.poll(() => dialog.getByRole("status").textContent()).toContain("Notification removed");
    const restored = page.waitForResponse(
      (r) => r.url().endsWith("/restore") && r.request().method() === "POST",
    );
    await page.keyboard.press("Enter");
    await row.waitFor();
    expect((await restored).status()).toBe(204);
    await expect.poll(focused).toBe("Notifications: Remove notification");
    await undo.waitFor({ state: "detached" });
    await page.reload();
    await bell.click(FIRST_LOAD);
    await row.waitFor(FIRST_LOAD);

    // Removed without Undo (by the pointer), it stays removed once Undo's 5 s are over.
    const removed = page.waitForResponse(
      (r) => r.url().includes("/api/notifications/") && r.request().method() === "DELETE",
    );
    await dialog.getByRole("button", { name: "Remove notification" }).click();
    expect((await removed).status()).toBe(204);
    await page.mouse.move(0, 0);
    await dialog.getByText("There are no notifications").waitFor({ timeout: 15_000 });
    await page.reload();
    await bell.click(FIRST_LOAD);
    await dialog.getByText("There are no notifications").waitFor(FIRST_LOAD);
    await context.close();
  });
});
