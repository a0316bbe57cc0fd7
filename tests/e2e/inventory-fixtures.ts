/** Items for the warehouse e2e tests, made through the API as the signed-in seller would. */
import { v7 as uuidv7 } from "uuid";
import type { Item, ItemFields } from "../../src/domain/inventory/item";
import { registerConfirmedUser } from "./auth-helpers";
import { baseUrl, uniqueEmail } from "./browser";

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export interface Seller {
  email: string;
  password: string;
  token: string;
}

/** A new seller with their own company (nothing else in its inventory). */
export async function newSeller(prefix: string): Promise<Seller> {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-password-123`;
  await registerConfirmedUser(email, password, "Sally Seller");
  const { token } = await api<{ token: string }>("/auth-jwt/connect/google/check", {
    method: "POST",
    body: { email, password },
  });
  return { email, password, token };
}

export async function createItem(
  seller: Seller,
  fields: Partial<ItemFields> & { sku: string; title: string },
) {
  const id = uuidv7();
  return api<Item>(`/api/inventory/items/${id}`, {
    method: "PUT",
    token: seller.token,
    body: { description: "Imported item", quantity: 1, ...fields },
  });
}

export const getItem = (seller: Seller, id: string) =>
  api<Item>(`/api/inventory/items/${id}`, { token: seller.token });

/**
 * An import's chunk as the app sends it: a batch and `count` items in one bulk request (the
 * server tells the seller through the bell, docs/notifications.md).
 */
export async function importChunk(seller: Seller, name: string, count: number) {
  const batch = await api<{ id: string }>("/api/inventory/batches", {
    method: "POST",
    token: seller.token,
    body: { id: uuidv7(), name, sourceFileName: `${name}.csv`, rowCount: count },
  });
  const items = Array.from({ length: count }, (_, i) => ({
    id: uuidv7(),
    sku: `${name}-${i}`.toUpperCase().replace(/[^A-Z0-9-]/g, "-"),
    title: `${name} ${i}`,
    description: "Imported item",
    quantity: 1,
    batchId: batch.id,
  }));
  await api("/api/inventory/items/bulk", { method: "POST", token: seller.token, body: { items } });
  return batch.id;
}
