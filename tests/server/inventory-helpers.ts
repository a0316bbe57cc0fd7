import { v7 as uuidv7 } from "uuid";
import type { TestServer } from "./harness";

export { uuidv7 };

export function itemBody(sku: string, extra: Record<string, unknown> = {}) {
  return { sku, title: `Item ${sku}`, description: "A thing to sell", quantity: 1, ...extra };
}

export async function putItem(
  server: TestServer,
  auth: { authorization: string },
  body: Record<string, unknown>,
  id = uuidv7(),
  headers: Record<string, string> = {},
) {
  const res = await server.app.inject({
    method: "PUT",
    url: `/api/inventory/items/${id}`,
    headers: { ...auth, ...headers },
    payload: body,
  });
  return { id, res, json: res.json() };
}

/** Pulls the whole feed from a cursor, page by page. */
export async function pullAll(
  server: TestServer,
  auth: { authorization: string },
  cursor: string | undefined,
  limit = 1000,
) {
  const changes: { entity: string; id: string; deleted: boolean; row: Record<string, unknown> | null }[] = [];
  let since = cursor;
  let pages = 0;
  for (;;) {
    const q = new URLSearchParams({ limit: String(limit) });
    if (since) q.set("since", since);
    const res = await server.app.inject({ method: "GET", url: `/api/sync/changes?${q}`, headers: auth });
    if (res.statusCode !== 200) throw new Error(`feed ${res.statusCode}: ${res.body}`);
    const page = res.json();
    changes.push(...page.changes);
    since = page.cursor;
    pages++;
    if (!page.hasMore) break;
  }
  return { changes, cursor: since as string, pages };
}
