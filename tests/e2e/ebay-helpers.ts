/** The eBay e2e's shared steps: a signed-in seller with an API caller, and an item eBay will take. */
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { expect } from "vitest";
import { freshPage, type heading, registerConfirmedUser, signIn } from "./auth-helpers";
import { uniqueEmail } from "./browser";

/** A newly registered seller signed in, and `api(method, path, data)` with their token. */
export async function signedInSeller(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const email = uniqueEmail("ebay-seller");
  await registerConfirmedUser(email, "seller-password-123", "Erin Seller");
  const made = await freshPage(browser, viewport);
  await signIn(made.page, email, "seller-password-123");
  const token = (await made.page.evaluate(() => localStorage.getItem("accessToken"))) as string;
  const authorization = `Bearer ${token}`;
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await made.page.request.fetch(path, {
      method,
      headers: { authorization },
      ...(data === undefined ? {} : { data }),
    });
    const text = await res.text();
    return { status: res.status(), body: text ? JSON.parse(text) : null };
  };
  return { ...made, api, email };
}

/** An item eBay will take: priced, described, one photo (uploaded through a photo link), a category. */
export async function listableItem(
  api: Awaited<ReturnType<typeof signedInSeller>>["api"],
  page: Parameters<typeof heading>[0],
  title: string,
) {
  const id = uuidv7();
  const sku = `E2E${id.slice(-10).replace(/-/g, "")}`;
  const put = await api("PUT", `/api/inventory/items/${id}`, {
    sku,
    title,
    description: "A working brass lamp with a linen shade",
    quantity: 1,
    condition: 13,
    price: 3400,
  });
  expect(put.status).toBe(201);
  const link = await api("POST", `/api/inventory/items/${id}/photo-link`, {});
  expect(link.status).toBe(201);
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b08d57" } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post(`/api/photo/${link.body.hash}`, {
    multipart: { file: { name: "lamp.jpg", mimeType: "image/jpeg", buffer: jpeg } },
  });
  expect(upload.status()).toBe(201);
  const current = await api("GET", `/api/inventory/items/${id}`);
  expect(current.body.photos).toHaveLength(1);
  const patched = await api("PATCH", `/api/inventory/items/${id}`, {
    version: current.body.version,
    ebay: { categoryId: "112581", categoryName: "Lamps", aspects: { Brand: ["Acme"] }, request: null },
  });
  expect(patched.status).toBe(200);
  return { id, sku };
}

/** The page fits a phone's width, and every control in `within` is at least 24 × 24 px (WCAG 2.5.8). */
export async function fitsPhone(page: Parameters<typeof heading>[0], within: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const small = await page.locator(within).evaluate((root) =>
    [...root.querySelectorAll("button, a[href], input:not([type=hidden])")]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
      .map(({ el }) => el.outerHTML.slice(0, 80)),
  );
  expect(small).toEqual([]);
}
