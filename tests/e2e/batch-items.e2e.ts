import type { Browser, Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, uniqueEmail } from "./browser";

/**
 * /dashboard/item/{id} (issue 6): a batch of 3,000 items made through the API, synced into the
 * browser's Dexie database, searched, filtered, selected and changed in bulk, a quantity edited
 * in its row — and the server holds every change.
 */

const ITEMS = 3000;
const LAMPS = 30; // every 100th item is a lamp
const LISTED = 500; // the last 500 are listed

interface ServerItem {
  id: string;
  sku: string;
  status: string;
  quantity: number;
  version: number;
}

let browser: Browser;
let token: string;
let email: string;
const password = "batch-items-password-1";
const batchId = uuidv7();
const ids = Array.from({ length: ITEMS }, () => uuidv7());

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const sku = (i: number) => `E2E-${String(i).padStart(5, "0")}`;
const serverItem = (i: number) => api<ServerItem>("GET", `/api/inventory/items/${ids[i]}`);
const serverCount = async (status: string) =>
  (
    await api<{ total: number }>(
      "GET",
      `/api/inventory/items?batchId=${batchId}&status=${status}&rowsPerPage=1`,
    )
  ).total;

beforeAll(async () => {
  browser = await launchBrowser();
  email = uniqueEmail("batch-items");
  await registerConfirmedUser(email, password, "Bea Batch");
  const login = await fetch(`${baseUrl()}/auth-jwt/connect/google/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  token = ((await login.json()) as { token: string }).token;

  await api("PUT", `/api/inventory/batches/${batchId}`, {
    name: "Estate sale March",
    sourceFileName: "estate-march.csv",
    rowCount: ITEMS,
  });
  const items = ids.map((id, i) => ({
    id,
    batchId,
    sku: sku(i),
    barcode: String(400000000000 + i),
    title: i % 100 === 7 ? `Brass lamp ${i}` : `Teacup ${i}`,
    description: "From the estate",
    quantity: i % 9,
  }));
  for (let start = 0; start < ITEMS; start += 1500) {
    const out = await api<{ created: number }>("POST", "/api/inventory/items/bulk", {
      items: items.slice(start, start + 1500),
    });
    expect(out.created).toBe(Math.min(1500, ITEMS - start));
  }
  await api("POST", "/api/inventory/items/bulk-status", { ids: ids.slice(ITEMS - LISTED), status: "listed" });
}, 120_000);
afterAll(async () => browser?.close());

const count = (page: Page) => page.getByTestId("batch-items-count");
const rows = (page: Page) => page.getByTestId("batch-item-row");
const search = (page: Page) => page.getByRole("textbox", { name: "Search" });
const row = (page: Page, i: number) => page.locator(`[data-testid=batch-item-row][data-sku="${sku(i)}"]`);

async function openBatch(page: Page) {
  await page.goto(`/dashboard/item/${batchId}`);
  await page.getByRole("heading", { level: 1, name: "Estate sale March" }).waitFor({ timeout: 30_000 });
  // the first pull brings the 3,000 items into Dexie, then the list reads them all
  await expect.poll(() => count(page).textContent(), { timeout: 30_000 }).toBe("3,000 items");
}

describe("batch items list", () => {
  it("searches, filters, selects and changes status in bulk, edits a quantity inline; the server holds it", async () => {
    const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
    await signIn(page, email, password);
    await openBatch(page);
    await expect.poll(() => page.title()).toBe("Estate sale March | Blocklot");
    const summary = page.getByTestId("batch-summary");
    await summary.getByText("File: estate-march.csv").waitFor();
    await summary.getByText("3,000 rows in the file").waitFor();
    // virtualised: far fewer rows in the DOM than in the batch
    await expect.poll(() => rows(page).count()).toBeGreaterThan(5);
    expect(await rows(page).count()).toBeLessThan(60);

    // search by title (any case), SKU and barcode; the count is a live region
    await expect(count(page).getAttribute("aria-live")).resolves.toBe("polite");
    await search(page).fill("BRASS LAMP");
    await expect.poll(() => count(page).textContent()).toBe(`${LAMPS} of 3,000 items match`);
    await expect
      .poll(async () => (await rows(page).allTextContents()).every((t) => t.includes("Brass lamp")))
      .toBe(true);
    await search(page).fill(sku(1234).toLowerCase());
    await expect.poll(() => count(page).textContent()).toBe("1 of 3,000 items match");
    await row(page, 1234).waitFor();
    await search(page).fill("400000002345");
    await expect.poll(() => count(page).textContent()).toBe("1 of 3,000 items match");
    await row(page, 2345).waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => count(page).textContent()).toBe("3,000 items");
    await search(page).fill("no such thing");
    await page.getByTestId("batch-items-no-match").getByText("No items match").waitFor();
    await page.getByTestId("batch-items-no-match").getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => count(page).textContent()).toBe("3,000 items");

    // status filter (with counts)
    await page.getByRole("textbox", { name: "Status" }).click();
    await page.getByRole("option", { name: `Listed (${LISTED})` }).click();
    await expect.poll(() => count(page).textContent()).toBe(`${LISTED} of 3,000 items match`);

    // selecting every shown row (500) asks before changing them; Cancel changes nothing
    await page.getByRole("checkbox", { name: `Select all shown (${LISTED} items)` }).check();
    await page.getByTestId("bulk-bar").getByText(`${LISTED} selected`).waitFor();
    await page.getByRole("textbox", { name: "New status" }).click();
    await page.getByRole("option", { name: "Withdrawn from eBay", exact: true }).click();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Change status" }).click();
    const dialog = page.getByRole("dialog", { name: `Change the status of ${LISTED} items?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Clear selection" }).click();
    await page.getByTestId("bulk-bar").waitFor({ state: "detached" });

    // lamps: click one, Shift+click a later one (a range), Space on another with the keyboard
    await page.getByRole("textbox", { name: "Status" }).click();
    await page.getByRole("option", { name: "All statuses" }).click();
    await search(page).fill("brass lamp");
    await expect.poll(() => count(page).textContent()).toBe(`${LAMPS} of 3,000 items match`);
    await row(page, 7).getByRole("checkbox").click();
    await row(page, 307)
      .getByRole("checkbox")
      .click({ modifiers: ["Shift"] });
    await page.getByTestId("bulk-bar").getByText("4 selected").waitFor(); // 7, 107, 207, 307
    await row(page, 307).getByRole("checkbox").focus();
    await page.keyboard.press("ArrowDown"); // focus moves to the next row's box (407)
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[data-sku]")?.getAttribute("data-sku")),
      )
      .toBe(sku(407));
    await page.keyboard.press("Space");
    await page.getByTestId("bulk-bar").getByText("5 selected").waitFor();
    expect(await row(page, 407).getByRole("checkbox").isChecked()).toBe(true);
    await page.getByRole("textbox", { name: "New status" }).click();
    await page.getByRole("option", { name: "Sold", exact: true }).click();
    await page.getByTestId("bulk-bar").getByRole("button", { name: "Change status" }).click();
    await page.getByTestId("bulk-bar").waitFor({ state: "detached" });
    await expect
      .poll(() => page.getByTestId("batch-items-announcer").textContent())
      .toContain("5 items set to Sold");
    for (const i of [7, 107, 207, 307, 407]) await row(page, i).getByText("Sold").waitFor();
    // the outbox drains to the server: exactly those five, each changed once
    await expect.poll(() => serverCount("sold"), { timeout: 20_000 }).toBe(5);
    for (const i of [7, 107, 207, 307, 407]) {
      const it = await serverItem(i);
      expect([it.status, it.version]).toEqual(["sold", 2]);
    }
    expect((await serverItem(507)).status).toBe("new");

    // inline quantity: Enter saves, Escape puts the saved value back, a bad value is refused
    await search(page).fill(sku(1234));
    await row(page, 1234).waitFor();
    const qty = row(page, 1234).getByRole("textbox", { name: "Quantity of Teacup 1234" });
    expect(await qty.inputValue()).toBe(String(1234 % 9));
    await qty.fill("42");
    await qty.press("Enter");
    await expect
      .poll(() => page.getByTestId("batch-items-announcer").textContent())
      .toBe("Quantity of Teacup 1234 set to 42");
    // Escape right away goes back to the value just saved, not to the one before
    await qty.fill("7");
    await qty.press("Escape");
    expect(await qty.inputValue()).toBe("42");
    await expect.poll(async () => (await serverItem(1234)).quantity, { timeout: 20_000 }).toBe(42);
    await expect.poll(() => row(page, 1234).getAttribute("data-quantity"), { timeout: 10_000 }).toBe("42");
    await qty.fill("2000000");
    await qty.press("Enter");
    await expect.poll(() => qty.getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => page.getByTestId("batch-items-announcer").textContent())
      .toBe("Quantity of Teacup 1234 not saved: Quantity must be between 0 and 1,000,000");
    await qty.press("Escape");
    expect(await qty.inputValue()).toBe("42");
    const after = await serverItem(1234);
    expect([after.quantity, after.version]).toEqual([42, 2]);

    // the row links to the item's form
    await search(page).fill("");
    expect(await page.getByRole("link", { name: "Teacup 1", exact: true }).getAttribute("href")).toBe(
      `/dashboard/${ids[1]}/update-inventory`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows compact cards on a phone, and 'Batch not found' for an unknown batch", async () => {
    const { context, page } = await freshPage(browser, { width: 390, height: 844 });
    await signIn(page, email, password);
    await openBatch(page);
    const first = rows(page).first();
    await first.getByRole("link").waitFor();
    const box = await first.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    // a card: title, codes, status and quantity stacked in one row of the list
    await first.getByText(/^SKU E2E-\d{5} · Barcode \d{12}$/).waitFor();
    await first.getByRole("textbox", { name: /^Quantity of / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/dashboard/item/${uuidv7()}`);
    await page.getByTestId("batch-not-found").getByText("Batch not found").waitFor({ timeout: 30_000 });
    await page.getByRole("link", { name: "Go to the Inventory Dashboard" }).waitFor();
    await context.close();
  });
});
