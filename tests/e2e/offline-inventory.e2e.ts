/**
 * Issue 6, offline-first inventory in a real Chromium with the built app and its service
 * worker: items added, edited and deleted offline reach the server exactly once; a replay cut
 * off in the middle loses and doubles nothing; an edit that meets another device's edit of the
 * same field is settled by the person on the sync screen.
 */
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PASSWORD = "seller-password-123";
const POLL = { timeout: 20_000, interval: 250 };

interface ServerItem {
  id: string;
  sku: string;
  title: string;
  quantity: number;
  price: number | null;
  version: number;
  location: string | null;
}

/** A token of the seller for checking what the server holds. */
async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/auth-jwt/connect/google/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The company's live items whose SKU, title or barcode contains `q`. */
async function serverItems(token: string, q: string): Promise<ServerItem[]> {
  const res = await fetch(`${baseUrl()}/api/inventory/items?q=${encodeURIComponent(q)}&rowsPerPage=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`items answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { rows: ServerItem[] }).rows;
}

const summary = (rows: ServerItem[]) =>
  rows.map((r) => `${r.sku}|${r.title}|${r.quantity}|v${r.version}`).sort();

/** An input by its label, ignoring Mantine's required asterisk. */
const input = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

/** The top bar's sync indicator's accessible name. */
const indicator = (page: Page) => page.getByTestId("outbox-indicator");
const indicatorName = (page: Page) => indicator(page).getAttribute("aria-label");

async function seller(): Promise<{ email: string; context: BrowserContext; page: Page }> {
  const email = uniqueEmail("seller");
  await registerConfirmedUser(email, PASSWORD, "Sam Seller");
  const { context, page } = await freshPage(browser, { width: 1280, height: 900 });
  await signIn(page, email, PASSWORD);
  return { email, context, page };
}

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), POLL).toBe(true);
}

/** Adds an item through /dashboard/add-item and returns its id (from the page it lands on). */
async function addItem(
  page: Page,
  item: { title: string; sku: string; quantity: number; price?: string },
  notice: string,
): Promise<string> {
  await page.goto("/dashboard/add-item");
  await heading(page, "Create Item").waitFor();
  await input(page, "Inventory title").fill(item.title);
  await input(page, "Description").fill(`Description of ${item.title}`);
  await input(page, "Quantity").fill(String(item.quantity));
  await input(page, "SKU").fill(item.sku);
  if (item.price) await input(page, "Price").fill(item.price);
  await page.getByRole("button", { name: "Add item" }).click();
  await page.waitForURL(/\/dashboard\/[^/]+\/update-inventory$/);
  await page.getByText(notice).first().waitFor();
  await heading(page, "Edit item").waitFor();
  const id = new URL(page.url()).pathname.split("/")[2];
  if (!id) throw new Error(`no item id in ${page.url()}`);
  return id;
}

/** Opens an item's edit page and waits for its form to be filled. */
async function openItem(page: Page, id: string, title: string) {
  await page.goto(`/dashboard/${id}/update-inventory`);
  await heading(page, "Edit item").waitFor();
  await expect.poll(() => input(page, "Inventory title").inputValue(), POLL).toBe(title);
}

async function saveChanges(page: Page, notice: string) {
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("status").filter({ hasText: notice }).first().waitFor();
}

async function deleteItem(page: Page) {
  await page.getByRole("button", { name: "Delete item" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this item?" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Send attempts of the outbox so far, read from IndexedDB (works on a page without the app's database code). */
function outboxAttempts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("blocklot");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction("outbox").objectStore("outbox").getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { attempts: number }[]).reduce((n, e) => n + e.attempts, 0));
          };
        };
      }),
  );
}

describe("offline inventory", () => {
  it("adds, edits and deletes items offline, survives a reload offline, and the server gets exactly that, once", async () => {
    const { email, context, page } = await seller();
    const token = await apiToken(email);
    const run = `OFF${Date.now().toString(36).toUpperCase()}`;
    await controlled(page);

    // Two items the server already has (created online), to edit and delete offline.
    const keepId = await addItem(
      page,
      { title: `Desk ${run}`, sku: `${run}-KEEP`, quantity: 1 },
      "Item added",
    );
    const goneId = await addItem(
      page,
      { title: `Chair ${run}`, sku: `${run}-GONE`, quantity: 1 },
      "Item added",
    );
    await expect
      .poll(async () => summary(await serverItems(token, run)), POLL)
      .toEqual([`${run}-GONE|Chair ${run}|1|v1`, `${run}-KEEP|Desk ${run}|1|v1`]);
    await expect.poll(() => indicatorName(page), POLL).toBe("All changes synced");

    await context.setOffline(true);
    // New item, then edited: a create and a patch in the outbox.
    const lampId = await addItem(
      page,
      { title: `Lamp ${run}`, sku: `${run}-LAMP`, quantity: 3, price: "12.50" },
      "Item added on this device — will sync",
    );
    await input(page, "Quantity").fill("4");
    await input(page, "Storage location / bin").fill("Shelf B-2");
    await saveChanges(page, "Saved on this device — will sync");
    await page.getByText("Waiting to sync").waitFor();

    // New item deleted before it was ever sent: the server must never hear of it.
    await addItem(
      page,
      { title: `Vase ${run}`, sku: `${run}-VASE`, quantity: 1 },
      "Item added on this device — will sync",
    );
    await deleteItem(page);
    await page.getByText("Deleted on this device — will sync").first().waitFor();

    // An item the server has: edited offline; another deleted offline.
    await openItem(page, keepId, `Desk ${run}`);
    await input(page, "Inventory title").fill(`Standing desk ${run}`);
    await saveChanges(page, "Saved on this device — will sync");
    await openItem(page, goneId, `Chair ${run}`);
    await deleteItem(page);

    await expect.poll(() => indicatorName(page), POLL).toBe("4 changes waiting to sync");
    // Nothing reached the server while offline.
    expect(summary(await serverItems(token, run))).toEqual([
      `${run}-GONE|Chair ${run}|1|v1`,
      `${run}-KEEP|Desk ${run}|1|v1`,
    ]);

    // Reload offline: the service worker serves the app, Dexie the data.
    await page.reload();
    await openItem(page, lampId, `Lamp ${run}`);
    expect(await input(page, "Quantity").inputValue()).toBe("4");
    expect(await input(page, "Storage location / bin").inputValue()).toBe("Shelf B-2");
    expect(await input(page, "Price").inputValue()).toBe("$12.50");
    await page.goto("/dashboard/sync");
    await heading(page, "Sync").waitFor();
    await expect
      .poll(() => page.getByRole("list", { name: "Changes" }).getByRole("listitem").count(), POLL)
      .toBe(4);
    // what the person wrote, write by write
    await page
      .getByRole("listitem", { name: `New Item: Lamp ${run}` })
      .getByText("$12.50")
      .waitFor();
    await page
      .getByRole("listitem", { name: `Change to Item: Lamp ${run}` })
      .getByText("Shelf B-2")
      .waitFor();
    await page.getByRole("listitem", { name: `Delete Item: Chair ${run}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await context.setOffline(false);
    await page.getByText("Everything is synced").waitFor({ timeout: 20_000 });
    await expect.poll(() => indicatorName(page), POLL).toBe("All changes synced");
    const rows = await serverItems(token, run);
    // exactly what the person did, each write applied once (a create is v1, each edit +1)
    expect(summary(rows)).toEqual([`${run}-KEEP|Standing desk ${run}|1|v2`, `${run}-LAMP|Lamp ${run}|4|v2`]);
    const lamp = rows.find((r) => r.sku === `${run}-LAMP`);
    expect(lamp).toMatchObject({ id: lampId, price: 1250, location: "Shelf B-2" });
    await context.close();
    // A whole offline session (import, add, edit, delete, a reload offline, the drain): 30 s on a
    // busy runner, 60 s at a load of 23.
  }, 120_000);

  it("a replay cut off mid-way (the server stored a write but its answer was lost) ends with nothing lost and nothing doubled", async () => {
    const { email, context, page } = await seller();
    const token = await apiToken(email);
    const run = `CUT${Date.now().toString(36).toUpperCase()}`;
    await controlled(page);

    await context.setOffline(true);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4])
      ids.push(
        await addItem(
          page,
          { title: `Box ${n} ${run}`, sku: `${run}-${n}`, quantity: n },
          "Item added on this device — will sync",
        ),
      );
    await openItem(page, ids[0] as string, `Box 1 ${run}`);
    await input(page, "Quantity").fill("10");
    await saveChanges(page, "Saved on this device — will sync");
    await expect.poll(() => indicatorName(page), POLL).toBe("5 changes waiting to sync");

    // The outbox's first request (the four creates, sent together as one write batch) reaches
    // the server, which stores them, but its answer is lost (connection reset); everything
    // after that finds the server down.
    let seen = 0;
    const cut = async (route: Route) => {
      // only the outbox's writes (a write batch, or a PUT/PATCH/DELETE of an item) are counted;
      // other calls of the screens (reads, the photos panel's link) pass while the server is up
      // and fail once it is down
      const req = route.request();
      const path = new URL(req.url()).pathname;
      const write =
        (req.method() === "POST" && path === "/api/sync/writes") ||
        (["PUT", "PATCH", "DELETE"].includes(req.method()) && /^\/api\/inventory\/items\/[^/]+$/.test(path));
      if (!write) return seen >= 1 ? route.abort("connectionrefused") : route.continue();
      seen++;
      if (seen === 1) {
        await route.fetch();
        // The page may have given up on the request meanwhile (it is then already handled).
        return route.abort("connectionreset").catch(() => {});
      }
      return route.abort("connectionrefused");
    };
    // The write batch (/api/sync/writes) and the inventory routes; reads pass while the server is up.
    const cutUrls = (url: URL) =>
      url.pathname.startsWith("/api/inventory/") || url.pathname === "/api/sync/writes";
    await context.route(cutUrls, cut);
    await context.setOffline(false);
    await expect.poll(async () => (await serverItems(token, run)).length, POLL).toBe(4);
    await expect.poll(() => seen, POLL).toBeGreaterThanOrEqual(1);
    // The app still counts all five as waiting: it does not know the four creates arrived.
    await expect.poll(() => indicatorName(page), POLL).toBe("5 changes waiting to sync");

    // The server is back.
    await context.unroute(cutUrls, cut);
    await page.goto("/dashboard/sync");
    await heading(page, "Sync").waitFor();
    await page.getByRole("button", { name: "Sync now" }).click();
    await page.getByText("Everything is synced").waitFor({ timeout: 20_000 });
    expect(summary(await serverItems(token, run))).toEqual([
      `${run}-1|Box 1 ${run}|10|v2`,
      `${run}-2|Box 2 ${run}|2|v1`,
      `${run}-3|Box 3 ${run}|3|v1`,
      `${run}-4|Box 4 ${run}|4|v1`,
    ]);
    await context.close();
  });

  it("the service worker replays with no app screen open, refreshing from the cookie, and the session survives the rotation", async () => {
    const { email, context, page } = await seller();
    const token = await apiToken(email);
    const run = `SWR${Date.now().toString(36).toUpperCase()}`;
    await controlled(page);
    await context.setOffline(true);
    await addItem(
      page,
      { title: `Rug ${run}`, sku: `${run}-1`, quantity: 2 },
      "Item added on this device — will sync",
    );
    // Leave the app's screens: no page engine runs and no page answers the SW's token requests.
    await page.goto("/terms-service");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const storedRefresh = await page.evaluate(() => localStorage.getItem("refreshToken"));
    // Stop the worker, as the browser does when it is idle: it forgets any token a page gave it.
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send("Target.getTargets")) as {
      targetInfos: { targetId: string; type: string }[];
    };
    for (const t of targetInfos.filter((t) => t.type === "service_worker"))
      await cdp.send("Target.closeTarget", { targetId: t.targetId });
    await cdp.detach();
    // A message wakes it (SW start: it tries to replay, offline, and keeps the write waiting).
    const before = await outboxAttempts(page);
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: "PING" }));
    await expect.poll(() => outboxAttempts(page), POLL).toBeGreaterThan(before);
    await context.setOffline(false);
    expect(summary(await serverItems(token, run))).toEqual([]);
    // Back online, the page asks the worker to replay (what pages do without Background Sync).
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: "SYNC_OUTBOX" }));
    await expect
      .poll(async () => summary(await serverItems(token, run)), POLL)
      .toEqual([`${run}-1|Rug ${run}|2|v1`]);
    // The SW refreshed from the cookie (the page's stored refresh token is now spent) and left the new pair.
    expect(await page.evaluate(() => caches.has("blocklot-token-handoff"))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("refreshToken"))).toBe(storedRefresh);

    // The page's next refresh takes the handed pair instead of reusing the spent token (which
    // would end the session): still signed in, the data still loads.
    await page.evaluate(() => localStorage.removeItem("accessToken"));
    await page.goto("/dashboard/sync");
    await heading(page, "Sync").waitFor();
    await page.getByText("Everything is synced").waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/sync");
    expect(await page.evaluate(() => localStorage.getItem("refreshToken"))).not.toBe(storedRefresh);
    await page.getByRole("button", { name: "Sync now" }).click();
    await page.getByText("Sync finished.").waitFor();
    await context.close();
  });

  it("two devices change the same field: the sync screen asks which value to keep, and the server gets the choice", async () => {
    const { email, context: ctxA, page: a } = await seller();
    const token = await apiToken(email);
    const run = `TWO${Date.now().toString(36).toUpperCase()}`;
    const id = await addItem(a, { title: `Mirror ${run}`, sku: `${run}-1`, quantity: 1 }, "Item added");
    await expect.poll(async () => (await serverItems(token, run)).length, POLL).toBe(1);

    // Device B (the same seller on another browser) opens the item, goes offline and edits.
    const { context: ctxB, page: b } = await freshPage(browser, { width: 390, height: 844 });
    await signIn(b, email, PASSWORD);
    await openItem(b, id, `Mirror ${run}`);
    await ctxB.setOffline(true);
    await input(b, "Inventory title").fill(`Mirror from B ${run}`);
    await saveChanges(b, "Saved on this device — will sync");

    // Device A, online, changes the same title and also the quantity.
    await openItem(a, id, `Mirror ${run}`);
    await input(a, "Inventory title").fill(`Mirror from A ${run}`);
    await input(a, "Quantity").fill("7");
    await saveChanges(a, "Saved");
    await expect
      .poll(async () => summary(await serverItems(token, run)), POLL)
      .toEqual([`${run}-1|Mirror from A ${run}|7|v2`]);

    // B comes back: its write meets A's; the title needs B's choice, the quantity merges.
    await ctxB.setOffline(false);
    await expect.poll(() => indicatorName(b), POLL).toBe("1 needs your choice");
    await indicator(b).click();
    await heading(b, "Sync").waitFor();
    // the indicator's tooltip (shown on hover) fades out before the page is checked
    await heading(b, "Sync").hover();
    await b.getByRole("tooltip").waitFor({ state: "detached" });
    const card = b.getByRole("listitem", { name: /^Change to Item: / });
    const title = card.getByRole("radiogroup", { name: "Inventory title" });
    await title.getByRole("radio", { name: `Mine: Mirror from B ${run}` }).waitFor();
    await title.getByRole("radio", { name: `Server's: Mirror from A ${run}` }).waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    await title.getByRole("radio", { name: `Mine: Mirror from B ${run}` }).check();
    await card.getByRole("button", { name: "Apply my choices" }).click();
    await b.getByText("Everything is synced").waitFor({ timeout: 20_000 });

    expect(summary(await serverItems(token, run))).toEqual([`${run}-1|Mirror from B ${run}|7|v3`]);
    // Both devices show the result.
    await openItem(b, id, `Mirror from B ${run}`);
    expect(await input(b, "Quantity").inputValue()).toBe("7");
    await a.reload();
    await expect.poll(() => input(a, "Inventory title").inputValue(), POLL).toBe(`Mirror from B ${run}`);
    await ctxA.close();
    await ctxB.close();
  });
});
