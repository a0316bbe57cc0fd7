/**
 * Product Management and Listing Management (issue 6): a seller makes a product from an item,
 * finds it in the product list, edits it, makes an item from it and deletes it; the listing
 * page counts items by listing state; form errors show under their fields; the product list
 * on a phone is a list of cards.
 */
import type { Browser, Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPage, heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { seriousViolations } from "./axe";
import { launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const POLL = { timeout: 15_000, interval: 250 };

/** An input by its label, ignoring Mantine's required asterisk. */
const input = (scope: Pick<Page, "getByLabel">, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

/** The error text Mantine shows under one input (inside that input's wrapper). */
const errorUnder = (page: Page, label: string) =>
  page
    .locator(".mantine-InputWrapper-root", { has: input(page, label) })
    .locator(".mantine-InputWrapper-error");

async function signedInSeller(width = 1280, height = 900) {
  const email = uniqueEmail("seller");
  await registerConfirmedUser(email, "seller-password-123", "Sam Seller");
  const made = await freshPage(browser, { width, height });
  await signIn(made.page, email, "seller-password-123");
  const token = (await made.page.evaluate(() => localStorage.getItem("accessToken"))) as string;
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await made.page.request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    const text = await res.text();
    return { status: res.status(), body: text ? JSON.parse(text) : null };
  };
  return { ...made, api };
}

const itemBody = (over: Record<string, unknown>) => ({
  sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
  title: "An item",
  description: "Something to sell",
  quantity: 1,
  ...over,
});

describe("Product Management", () => {
  it("makes a product from an item, lists, edits, makes an item from it and deletes it", async () => {
    const { context, page, api } = await signedInSeller();
    const itemId = uuidv7();
    const created = await api(
      "PUT",
      `/api/inventory/items/${itemId}`,
      itemBody({
        sku: "LAMP-1",
        title: "Brass desk lamp",
        description: "A 1970s brass desk lamp, works",
        quantity: 2,
        condition: 13,
        price: 4599,
        dimensions: { length: 10, width: 6, height: 18.5, unit: "INCH" },
        weight: { value: 3.2, unit: "POUND" },
        photos: ["https://example.com/lamp.jpg"],
      }),
    );
    expect(created.status).toBe(201);

    // The list starts empty.
    await page.goto("/dashboard/product/list");
    await heading(page, "Product Management").waitFor();
    await page.getByTestId("products-empty").getByText("No products yet").waitFor({ timeout: 15_000 });
    await expect.poll(() => page.title(), POLL).toBe("Product Management | Blocklot");

    // Create product from the item: the form is filled in from it.
    await page.goto(`/dashboard/${itemId}/create-product`);
    await heading(page, "Create product").waitFor();
    await expect.poll(() => input(page, "Title").inputValue(), POLL).toBe("Brass desk lamp");
    expect(await input(page, "Description").inputValue()).toBe("A 1970s brass desk lamp, works");
    expect(await input(page, "Price").inputValue()).toBe("$45.99");
    expect(await input(page, "Height").inputValue()).toBe("18.5");
    expect(await input(page, "Weight value").inputValue()).toBe("3.2");
    expect(await page.getByRole("textbox", { name: "Condition" }).inputValue()).toBe("Used");
    await page.getByText("1. https://example.com/lamp.jpg").waitFor();
    await page
      .getByTestId("from-item-notice")
      .getByText(/Filled in from item LAMP-1/)
      .waitFor();

    // Required fields left empty: the errors show under those fields, nothing is saved.
    await input(page, "Title").fill("");
    await input(page, "Description").fill("   ");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect.poll(() => errorUnder(page, "Title").textContent(), POLL).toBe("This field is required");
    await expect
      .poll(() => errorUnder(page, "Description").textContent(), POLL)
      .toBe("This field is required");
    expect(await input(page, "Title").getAttribute("aria-invalid")).toBe("true");
    expect(await errorUnder(page, "Price").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/${itemId}/create-product`);

    await input(page, "Title").fill("Brass desk lamp (catalogue)");
    await input(page, "Description").fill("Brass desk lamp from the 1970s");
    await expect.poll(() => errorUnder(page, "Title").count(), POLL).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/product/list");

    const row = page.getByTestId("product-row").filter({ hasText: "Brass desk lamp (catalogue)" });
    await row.waitFor();
    expect(await row.textContent()).toContain("$45.99");
    await expect.poll(() => page.getByTestId("product-count").textContent(), POLL).toBe("1 product");

    // The server got it (through the outbox), and the item is linked to it.
    const productId = (await row.getAttribute("data-id")) as string;
    await expect
      .poll(async () => (await api("GET", `/api/inventory/products/${productId}`)).body?.title, POLL)
      .toBe("Brass desk lamp (catalogue)");
    const onServer = (await api("GET", `/api/inventory/products/${productId}`)).body;
    expect(onServer).toMatchObject({
      price: 4599,
      condition: 13,
      dimensions: { length: 10, width: 6, height: 18.5, unit: "INCH" },
      weight: { value: 3.2, unit: "POUND" },
      images: ["https://example.com/lamp.jpg"],
    });
    await expect
      .poll(async () => (await api("GET", `/api/inventory/items/${itemId}`)).body?.productId, POLL)
      .toBe(productId);

    // Search narrows the list.
    await page.getByLabel("Search products").fill("piano");
    await page.getByTestId("products-empty").getByText("No products match your search").waitFor();
    await page.getByLabel("Search products").fill("brass");
    await row.waitFor();

    // Edit: a new price and unit.
    await row.getByRole("link", { name: "Edit Brass desk lamp (catalogue)" }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/${productId}/update-product`);
    await heading(page, "Edit product").waitFor();
    await expect.poll(() => input(page, "Title").inputValue(), POLL).toBe("Brass desk lamp (catalogue)");
    await input(page, "Price").fill("50");
    await page.getByRole("textbox", { name: "Dimension unit" }).click();
    await page.getByRole("option", { name: "Centimeters" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/product/list");
    await expect.poll(() => row.textContent(), POLL).toContain("$50.00");
    await expect
      .poll(async () => {
        const p = (await api("GET", `/api/inventory/products/${productId}`)).body;
        return [p?.price, p?.dimensions?.unit, p?.version];
      }, POLL)
      .toEqual([5000, "CENTIMETER", 2]);

    // An item made from the product: SKU and quantity asked, the rest copied; its page opens.
    await row.getByRole("link", { name: "Edit Brass desk lamp (catalogue)" }).click();
    await heading(page, "Edit product").waitFor();
    await page.getByRole("button", { name: "Create item from product" }).click();
    const dialog = page.getByRole("dialog", { name: "Create item from product" });
    await input(dialog, "SKU").fill("LAMP-1");
    await dialog.getByRole("button", { name: "Create item" }).click();
    await dialog.getByText("Another item of your company already has this SKU").waitFor({ timeout: 15_000 });
    await input(dialog, "SKU").fill("LAMP-2");
    await input(dialog, "Quantity").fill("3");
    await dialog.getByRole("button", { name: "Create item" }).click();
    await page.waitForURL((u) => /^\/dashboard\/[0-9a-f-]{36}\/update-inventory$/.test(u.pathname));
    const newItemId = new URL(page.url()).pathname.split("/")[2] as string;
    await expect
      .poll(async () => {
        const it = (await api("GET", `/api/inventory/items/${newItemId}`)).body;
        return it && [it.sku, it.quantity, it.productId, it.title, it.price];
      }, POLL)
      .toEqual(["LAMP-2", 3, productId, "Brass desk lamp (catalogue)", 5000]);

    // Delete, after confirming (Cancel first keeps it).
    await page.goto("/dashboard/product/list");
    await row.waitFor();
    await row.getByRole("button", { name: "Delete Brass desk lamp (catalogue)" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete product?" });
    await confirm.getByText(/Delete the product “Brass desk lamp \(catalogue\)”\?/).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await row.isVisible()).toBe(true);
    await row.getByRole("button", { name: "Delete Brass desk lamp (catalogue)" }).click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByTestId("products-empty").getByText("No products yet").waitFor();
    await expect
      .poll(async () => (await api("GET", `/api/inventory/products/${productId}`)).status, POLL)
      .toBe(404);
    await context.close();
  });

  it("creates a product offline and sends it once the network is back", async () => {
    const { context, page, api } = await signedInSeller();
    // Both screens loaded once while online (their code is then in the page).
    await page.goto("/dashboard/product/create");
    await heading(page, "New product").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/product/list");
    await page.getByTestId("products-empty").waitFor({ timeout: 15_000 });

    await context.setOffline(true);
    await page.getByRole("link", { name: "New product" }).first().click();
    await heading(page, "New product").waitFor();
    await input(page, "Title").fill("Enamel coffee pot");
    await input(page, "Description").fill("Blue enamel, 1 litre");
    await input(page, "Price").fill("18.5");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/product/list");
    const row = page.getByTestId("product-row").filter({ hasText: "Enamel coffee pot" });
    await row.getByText("Waiting to sync").waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain("$18.50");

    await context.setOffline(false);
    await expect.poll(() => row.getByText("Waiting to sync").count(), { ...POLL, timeout: 30_000 }).toBe(0);
    const list = (await api("GET", "/api/inventory/products?q=Enamel")).body;
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ title: "Enamel coffee pot", price: 1850 });
    await context.close();
  });

  it("shows the product list as cards on a 390 px phone", async () => {
    const { context, page, api } = await signedInSeller(390, 844);
    for (const [title, price] of [
      ["Oak side table with a very long name that has to wrap on a phone screen", 12000],
      ["Ceramic vase", null],
    ] as const) {
      const res = await api("PUT", `/api/inventory/products/${uuidv7()}`, {
        title,
        description: "Made by hand",
        price,
      });
      expect(res.status).toBe(201);
    }
    await page.goto("/dashboard/product/list");
    await heading(page, "Product Management").waitFor();
    await expect.poll(() => page.getByTestId("product-row").count(), POLL).toBe(2);
    expect(await page.getByTestId("products-cards").isVisible()).toBe(true);
    expect(await page.getByTestId("products-table").count()).toBe(0);
    const vase = page.getByTestId("product-row").filter({ hasText: "Ceramic vase" });
    expect(await vase.getByRole("link", { name: "Edit Ceramic vase" }).isVisible()).toBe(true);
    expect(await vase.getByRole("button", { name: "Delete Ceramic vase" }).isVisible()).toBe(true);
    expect(
      await page.getByTestId("product-row").filter({ hasText: "Oak side table" }).textContent(),
    ).toContain("$120.00");
    // Nothing wider than the phone: no sideways scrolling.
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("Listing Management", () => {
  it("counts items by listing state and status, searches, and opens an item", async () => {
    const { context, page, api } = await signedInSeller();
    const items: [string, number, string][] = [
      ["Walnut bookshelf", 0, "new"],
      ["Desk fan", 0, "active"],
      ["Leather satchel", 1, "listed"],
      ["Film camera", 1, "listed"],
      ["Vinyl records lot", 1, "sold"],
      ["Old teapot", 2, "deleted_from_ebay"],
    ];
    const ids = new Map<string, string>();
    for (const [title, publicationStatus, status] of items) {
      const id = uuidv7();
      ids.set(title, id);
      const res = await api(
        "PUT",
        `/api/inventory/items/${id}`,
        itemBody({ title, publicationStatus, status }),
      );
      expect(res.status).toBe(201);
    }

    await page.goto("/dashboard/listing");
    await heading(page, "Listing Management").waitFor();
    await expect.poll(() => page.title(), POLL).toBe("Listing Management | Blocklot");
    const count = (s: string) => page.getByTestId(`listing-count-${s}`).textContent();
    await expect.poll(() => count("all"), POLL).toBe("6");
    expect([await count("0"), await count("1"), await count("2")]).toEqual(["2", "3", "1"]);
    // Not connected to eBay yet: the panel offers to connect, and publishing waits for a selection.
    await page.getByTestId("ebay-connect").waitFor();
    expect(await page.getByTestId("ebay-publish").isDisabled()).toBe(true);

    // Published: three items; narrowed to "Sold", one.
    await page.getByRole("tab", { name: /Published/ }).click();
    const rows = page.getByTestId("listing-row");
    await expect.poll(() => rows.count(), POLL).toBe(3);
    expect((await rows.allTextContents()).join(" ")).not.toContain("Walnut bookshelf");
    await page.getByRole("textbox", { name: "Item status" }).click();
    await page.getByRole("option", { name: "Sold (1)" }).click();
    await expect.poll(() => rows.count(), POLL).toBe(1);
    expect(await rows.first().textContent()).toContain("Vinyl records lot");

    // Deleted: the teapot.
    await page.getByRole("tab", { name: /Deleted/ }).click();
    await expect.poll(() => rows.allTextContents(), POLL).toEqual([expect.stringContaining("Old teapot")]);

    // Search across all states; the counts follow the search.
    await page.getByRole("tab", { name: /All items/ }).click();
    await page.getByLabel("Search items").fill("camera");
    await expect.poll(() => count("all"), POLL).toBe("1");
    expect([await count("0"), await count("1"), await count("2")]).toEqual(["0", "1", "0"]);
    expect(await seriousViolations(page)).toEqual([]);

    // The title opens the item's edit page; the product action opens create-product.
    const camera = rows.filter({ hasText: "Film camera" });
    expect(
      await camera.getByRole("link", { name: "Create product from Film camera" }).getAttribute("href"),
    ).toBe(`/dashboard/${ids.get("Film camera")}/create-product`);
    await camera.getByRole("link", { name: "Film camera", exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard/${ids.get("Film camera")}/update-inventory`);

    // A change made elsewhere (here: the API) reaches the page through the sync feed.
    await api("PATCH", `/api/inventory/items/${ids.get("Desk fan")}`, { version: 1, publicationStatus: 1 });
    await page.goto("/dashboard/listing");
    await expect.poll(() => count("1"), POLL).toBe("4");
    expect(await count("0")).toBe("1");
    await context.close();
  });
});
