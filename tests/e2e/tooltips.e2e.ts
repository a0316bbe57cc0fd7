import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, registerConfirmedUser, signIn } from "./auth-helpers";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A signed-in owner with one property, on the properties page. */
async function ownerWithProperty(page: Page, name: string) {
  const email = uniqueEmail("tooltip");
  await registerConfirmedUser(email, "tooltip-password-123", name);
  await signIn(page, email, "tooltip-password-123");
  const token = await page.evaluate(() => localStorage.getItem("accessToken"));
  const res = await page.request.post("/api/bbl", {
    headers: { authorization: `Bearer ${token}` },
    data: { bbl: "1-01119-0036", residentialUnits: 10, commercialUnits: 0, aav: 500_000 },
  });
  expect(res.status()).toBe(201);
  await page.goto("/dashboard/properties");
  await page.locator('[data-testid=property-row][data-bbl="1011190036"]').waitFor();
}

/** Marks the element so a test can tell the same node from a new one that looks the same. */
const mark = (page: Page, label: string) =>
  page.getByRole("button", { name: label }).evaluate((el) => {
    (el as HTMLElement & { marked?: boolean }).marked = true;
  });
const stillMarked = (page: Page, label: string) =>
  page
    .getByRole("button", { name: label })
    .evaluate((el) => (el as HTMLElement & { marked?: boolean }).marked === true);

// The tooltip's machinery mounts on the first pointer or focus on its button (issue 19): the
// button must stay the same node, its tooltip must open as before, and nothing may be lost.
describe("tooltips of a list's buttons", () => {
  it("open on hover and on keyboard focus, on the same button", async () => {
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await ownerWithProperty(page, "Tia Tooltip");
    const edit = page.getByRole("button", { name: "Edit 1-01119-0036" });
    await mark(page, "Edit 1-01119-0036");
    expect(await page.getByRole("tooltip").count()).toBe(0);

    await edit.hover();
    const box = await edit.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2 + 1);
    await page.getByRole("tooltip", { name: "Edit 1-01119-0036" }).waitFor();
    expect(await stillMarked(page, "Edit 1-01119-0036")).toBe(true);
    await page.mouse.move(5, 5);
    await page.getByRole("tooltip").waitFor({ state: "detached" });

    // From the keyboard: focus moves onto the delete button and its tooltip shows; Tab away hides it.
    await mark(page, "Delete 1-01119-0036");
    await edit.focus();
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Delete 1-01119-0036");
    await page.getByRole("tooltip", { name: "Delete 1-01119-0036" }).waitFor();
    expect(await stillMarked(page, "Delete 1-01119-0036")).toBe(true);
    await page.keyboard.press("Shift+Tab");
    await page.getByRole("tooltip", { name: "Delete 1-01119-0036" }).waitFor({ state: "detached" });
    await context.close();
  }, 60_000);

  it("lose no tap on a phone: the first tap on a button does what it says", async () => {
    const { context, page } = await freshPage(browser, { width: 390, height: 844, touch: true });
    await ownerWithProperty(page, "Tom Touch");
    await page.getByRole("button", { name: "Delete 1-01119-0036" }).tap();
    await page.getByRole("dialog", { name: "Delete property?" }).waitFor({ timeout: 5_000 });
    await context.close();
  }, 60_000);
});
