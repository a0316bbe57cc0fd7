/**
 * Describe and List (issue 7): a seller describes items with the keyboard alone and moves on
 * with Ctrl+Enter; a draft typed offline survives a reload; the guided shots work on a phone
 * (390 × 844, touch) with big buttons at the bottom and swipes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Item } from "../../src/domain/inventory/item";
import { freshPage, heading, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser } from "./browser";
import { createItem, getItem, newSeller, type Seller } from "./inventory-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const form = (page: Page) => page.getByTestId("describe-form");
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const openItem = (page: Page) => form(page).getAttribute("data-item-id", { timeout: 15_000 });

/** Replaces the focused field's text by typing, as a person at a keyboard does. */
async function retype(page: Page, text: string) {
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  if (text) await page.keyboard.type(text);
}

async function openDescribe(seller: Seller) {
  const { context, page } = await freshPage(browser);
  await signIn(page, seller.email, seller.password);
  await page.goto("/dashboard/describe-inventory");
  await heading(page, "Describe and List").waitFor();
  return { context, page };
}

describe("describe and list", () => {
  it("describes items with the keyboard alone: Tab through the fields, Ctrl+Enter saves and opens the next", async () => {
    const seller = await newSeller("describe");
    const items: Item[] = [];
    for (const n of [1, 2, 3])
      items.push(await createItem(seller, { sku: `DESC-${n}`, title: `Imported row ${n}` }));
    const [first, second, third] = items as [Item, Item, Item];
    const { context, page } = await openDescribe(seller);

    // the first item still to describe opens with the cursor in its title
    await expect.poll(() => openItem(page), { timeout: 15_000 }).toBe(first.id);
    await expect.poll(() => focusedId(page)).toBe("describe-title");
    expect(await page.getByTestId("queue-count").textContent()).toBe("3 items to describe");
    expect(await page.getByTestId("shortcut-hint").textContent()).toBe(
      "Ctrl + Enter saves and opens the next item",
    );

    await retype(page, "Walnut side table");
    await page.keyboard.press("Tab");
    await retype(page, "Solid walnut, one drawer, light wear on the top.");
    await page.keyboard.press("Tab");
    await retype(page, "2");
    await page.keyboard.press("Tab"); // condition: a native select, chosen by typing
    await page.keyboard.type("New");
    await page.keyboard.press("Tab");
    await retype(page, "45.50");
    await page.keyboard.press("Tab"); // category stays Inventory
    await page.keyboard.press("Tab");
    await retype(page, "20");
    await page.keyboard.press("Tab");
    await retype(page, "16");
    await page.keyboard.press("Tab");
    await retype(page, "24");
    await page.keyboard.press("Tab"); // inches
    await page.keyboard.press("Tab");
    await retype(page, "12.5");
    await page.keyboard.press("Tab"); // pounds
    await page.keyboard.press("Tab");
    await retype(page, "B-07");
    expect(await focusedId(page)).toBe("describe-location");
    await page.keyboard.press("Control+Enter");

    // the next item opens, ready to type into
    await expect.poll(() => openItem(page)).toBe(second.id);
    await expect.poll(() => focusedId(page)).toBe("describe-title");
    await expect
      .poll(() => page.getByTestId("describe-announce").textContent())
      .toBe("Saved “Walnut side table”.");
    await expect.poll(() => page.getByTestId("queue-count").textContent()).toBe("2 items to describe");
    // and the server has exactly what was typed, the item now Pending (described)
    await expect
      .poll(
        async () => {
          const saved = await getItem(seller, first.id);
          return {
            title: saved.title,
            description: saved.description,
            quantity: saved.quantity,
            condition: saved.condition,
            price: saved.price,
            dimensions: saved.dimensions,
            weight: saved.weight,
            location: saved.location,
            status: saved.status,
          };
        },
        { timeout: 15_000 },
      )
      .toEqual({
        title: "Walnut side table",
        description: "Solid walnut, one drawer, light wear on the top.",
        quantity: 2,
        condition: 5,
        price: 4550,
        dimensions: { length: 20, width: 16, height: 24, unit: "INCH" },
        weight: { value: 12.5, unit: "POUND" },
        location: "B-07",
        status: "pending",
      });

    // an empty title is refused under the field, the cursor goes back to it, nothing moves on
    await retype(page, "");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await retype(page, "1.5");
    await page.keyboard.press("Control+Enter");
    const title = page.getByRole("textbox", { name: "Inventory title" });
    await expect.poll(() => title.getAttribute("aria-invalid")).toBe("true");
    await form(page).getByText("Inventory title is required").waitFor();
    await form(page).getByText("Quantity must be a whole number").waitFor();
    expect(await focusedId(page)).toBe("describe-title");
    expect(await openItem(page)).toBe(second.id);
    expect((await getItem(seller, second.id)).status).toBe("new");

    await page.keyboard.type("Desk lamp");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await retype(page, "1");
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => openItem(page)).toBe(third.id);
    await expect.poll(() => focusedId(page)).toBe("describe-title");

    // the last one: saved as it is, and the page says the list is done
    await page.keyboard.press("Control+Enter");
    await page.getByText("That was the last item in this list. Choose another item or list.").waitFor();
    await expect.poll(() => page.getByTestId("queue-count").textContent()).toBe("0 items to describe");
    await expect
      .poll(async () => (await getItem(seller, third.id)).status, { timeout: 15_000 })
      .toBe("pending");
    expect((await getItem(seller, second.id)).title).toBe("Desk lamp");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("keeps a draft typed offline across a reload, then saves it when back online", async () => {
    const seller = await newSeller("draft");
    const item = await createItem(seller, { sku: "DRAFT-1", title: "Camera bag" });
    const { context, page } = await openDescribe(seller);
    // the service worker controls the page, so it reloads without a network
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => openItem(page)).toBe(item.id);

    await context.setOffline(true);
    try {
      const description = page.getByRole("textbox", { name: "Description" });
      await description.fill("Waxed canvas, leather straps. Written offline.");
      await expect
        .poll(() => page.getByTestId("draft-status").textContent())
        .toMatch(/^Draft saved on this device at /);

      await page.reload();
      await expect.poll(() => openItem(page), { timeout: 15_000 }).toBe(item.id);
      await expect
        .poll(() => description.inputValue())
        .toBe("Waxed canvas, leather straps. Written offline.");
      expect(await page.getByTestId("draft-status").textContent()).toMatch(
        /^Unsaved draft from .+ restored$/,
      );
      await page.getByTestId("queue-item").filter({ hasText: "Draft" }).waitFor();

      // saved on the device while offline; the outbox sends it later
      await page.getByRole("textbox", { name: "Inventory title" }).focus();
      await page.keyboard.press("Control+Enter");
      await page.getByText("That was the last item in this list. Choose another item or list.").waitFor();
      expect((await getItem(seller, item.id)).description).toBe("Imported item");
    } finally {
      await context.setOffline(false);
    }
    await expect
      .poll(async () => (await getItem(seller, item.id)).description, { timeout: 20_000 })
      .toBe("Waxed canvas, leather straps. Written offline.");
    await context.close();
  });
});

describe("guided listing images on a phone", () => {
  it("steps through the seven shots one-handed: big buttons at the bottom, taps and swipes", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: "en-US",
    });
    await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    const page = await context.newPage();
    // The PWA's "Ready to work offline" card sits over the bottom of a phone screen: close it as a user would.
    const offlineCard = page.getByRole("status").filter({ hasText: "Ready to work offline" });
    await page.addLocatorHandler(offlineCard, () =>
      offlineCard.getByRole("button", { name: "Close" }).click(),
    );
    await page.goto("/guided-listing-images");
    await heading(page, "Guided listing images").waitFor();
    await expect.poll(() => page.title()).toBe("Guided listing images | Blocklot");
    const progress = page.getByTestId("guided-progress");
    await expect.poll(() => progress.textContent()).toBe("1 of 7 · Front");
    const image = page.getByRole("img", { name: /^Example: the front/ });
    expect(await image.getAttribute("src")).toBe("/images/guided/front.svg");
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);

    // thumb-sized and at the bottom of the screen
    const next = page.getByRole("button", { name: "Next" });
    const box = await next.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(box?.y).toBeGreaterThan(844 * 0.6);

    await next.tap();
    await expect.poll(() => progress.textContent()).toBe("2 of 7 · Back");
    expect(await page.getByRole("img", { name: /^Example: the back/ }).getAttribute("src")).toBe(
      "/images/guided/back.svg",
    );

    // a sideways swipe on the picture turns the step: left = next, right = back
    const cdp = await context.newCDPSession(page);
    // The finger rests a moment before it lifts: lifted while moving, Chromium starts a fling,
    // and (as on a real phone) the next tap only stops the fling instead of pressing a button.
    const swipe = async (fromX: number, toX: number) => {
      const y = 300;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (let i = 1; i <= 5; i++) {
        const x = fromX + ((toX - fromX) * i) / 5;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      }
      await new Promise((r) => setTimeout(r, 120));
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: toX, y: y + 1 }] });
      await new Promise((r) => setTimeout(r, 120));
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(320, 70);
    await expect.poll(() => progress.textContent()).toBe("3 of 7 · Left side");
    await swipe(70, 320);
    await expect.poll(() => progress.textContent()).toBe("2 of 7 · Back");

    for (const expected of ["3 of 7", "4 of 7", "5 of 7", "6 of 7", "7 of 7"]) {
      await page.getByRole("button", { name: "Next" }).tap();
      await expect.poll(() => progress.textContent()).toMatch(new RegExp(`^${expected} · `));
    }
    expect(await progress.textContent()).toBe("7 of 7 · Measurements");
    await page.getByRole("button", { name: "Done" }).tap();
    await page.getByRole("heading", { name: "That's every shot" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
