/**
 * The kanban board (docs/kanban.md): two devices of one company on one board — one offline moving
 * a card with the keyboard (Space, ArrowRight, Space), the other renaming a card and dragging
 * another with the mouse — both show the same board once the first is back online, and the
 * server holds it.
 */
import type { Browser, Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keysBetween } from "../../src/domain/sync/order-key";
import { freshPage, heading, signIn } from "./auth-helpers";
import { baseUrl, launchBrowser } from "./browser";
import { newSeller, type Seller } from "./inventory-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const POLL = { timeout: 20_000 };

async function put(seller: Seller, path: string, body: object) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${seller.token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT ${path} answered ${res.status}: ${await res.text()}`);
}

/** A board with three columns; "Alpha", "Beta" and "Gamma" in the first. */
async function seedBoard(seller: Seller) {
  const boardId = uuidv7();
  await put(seller, `/api/kanban/boards/${boardId}`, { name: "Launch" });
  const columnKeys = keysBetween(null, null, 3);
  const columns = ["Backlog", "Doing", "Shipped"].map((name, i) => ({
    id: uuidv7(),
    name,
    key: columnKeys[i],
  }));
  for (const c of columns)
    await put(seller, `/api/kanban/columns/${c.id}`, { boardId, name: c.name, position: c.key });
  const taskKeys = keysBetween(null, null, 3);
  for (const [i, title] of ["Alpha", "Beta", "Gamma"].entries())
    await put(seller, `/api/kanban/tasks/${uuidv7()}`, {
      boardId,
      columnId: columns[0]?.id,
      title,
      position: taskKeys[i],
    });
}

/** The board as shown: column name → card titles in order. */
const shown = (page: Page) =>
  page
    .getByTestId("kanban-column")
    .evaluateAll((cols) =>
      cols.map((c) => [
        c.querySelector("h2")?.textContent ?? "",
        [...c.querySelectorAll('[data-testid="kanban-task"]')].map((t) => t.getAttribute("aria-label")),
      ]),
    );

async function openBoard(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.goto("/dashboard/kanban");
  await heading(page, "Kanban").waitFor();
  await page.getByRole("button", { name: "Gamma" }).waitFor(POLL);
}

describe("kanban", () => {
  it("a card moved offline with the keyboard and cards changed online meet on both devices", async () => {
    const seller = await newSeller("kanban");
    await seedBoard(seller);
    const { context: ctxA, page: a } = await freshPage(browser, { width: 1280, height: 900 });
    const { context: ctxB, page: b } = await freshPage(browser, { width: 1280, height: 900 });
    await openBoard(a, seller.email, seller.password);
    await openBoard(b, seller.email, seller.password);

    // B, offline, moves Alpha to the next column with the keyboard
    await ctxB.setOffline(true);
    await b.getByRole("button", { name: "Alpha" }).focus();
    await b.keyboard.press("Space");
    await b.getByRole("button", { name: "Alpha", pressed: true }).waitFor();
    await b.keyboard.press("ArrowRight");
    await b.keyboard.press("Space");
    await expect
      .poll(() => shown(b))
      .toEqual([
        ["Backlog", ["Beta", "Gamma"]],
        ["Doing", ["Alpha"]],
        ["Shipped", []],
      ]);

    // A, online, renames Beta in its drawer and drags Gamma to Shipped with the mouse
    await a.getByRole("button", { name: "Beta" }).click();
    const drawer = a.getByRole("dialog", { name: "Task details" });
    await drawer.getByLabel(/^Title/).fill("Beta renamed");
    await drawer.getByLabel(/^Description/).click();
    await a.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    const from = await a.getByRole("button", { name: "Gamma" }).boundingBox();
    const to = await a.getByTestId("kanban-column").nth(2).boundingBox();
    if (!from || !to) throw new Error("board not laid out");
    await a.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await a.mouse.down();
    await a.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 3 });
    await a.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 10 });
    await a.mouse.up();
    await expect
      .poll(() => shown(a))
      .toEqual([
        ["Backlog", ["Alpha", "Beta renamed"]],
        ["Doing", []],
        ["Shipped", ["Gamma"]],
      ]);

    // B back online: both converge on every change
    await ctxB.setOffline(false);
    const merged = [
      ["Backlog", ["Beta renamed"]],
      ["Doing", ["Alpha"]],
      ["Shipped", ["Gamma"]],
    ];
    await expect.poll(() => shown(b), POLL).toEqual(merged);
    await expect.poll(() => shown(a), POLL).toEqual(merged);
    await ctxA.close();
    await ctxB.close();
  });
});
