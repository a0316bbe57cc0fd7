import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { and, eq, gt } from "drizzle-orm";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { photoRef } from "../../src/domain/inventory/photos";
import { ebayConnections, ebayListings, inventoryPhotos } from "../../src/server/db/schema";
import { createFileStore } from "../../src/server/storage";
import { type EbayDouble, startEbayDouble } from "./doubles/ebay";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/** A server pointed at a fresh eBay double, files in a temporary DATA_DIR. */
export async function startEbayServer(env: Record<string, string> = {}) {
  const double = await startEbayDouble();
  const dataDir = mkdtempSync(join(tmpdir(), "blocklot-ebay-"));
  const server = await startTestServer({
    ...double.env,
    DATA_DIR: dataDir,
    PUBLIC_URL: "https://blocklot.test",
    ...env,
  });
  double.setAcceptUrl("https://blocklot.test/api/ebay/callback");
  return { server, double, dataDir };
}

/** Connect through the double's consent page: answers where the callback sent the browser. */
export async function connect(
  server: TestServer,
  double: EbayDouble,
  user: TestUser,
  seller = "test_seller",
) {
  const res = await server.app.inject({ method: "POST", url: "/api/ebay/connect", headers: user.auth });
  if (res.statusCode !== 200) throw new Error(`connect ${res.statusCode}: ${res.body}`);
  const back = new URL(await double.consent(res.json().url, "accept", { seller }));
  const cb = await server.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
  return cb.headers.location as string;
}

/** Connected and set up for listing: business policies, created default policies, location. */
export async function connectAndSetUp(
  server: TestServer,
  double: EbayDouble,
  user: TestUser,
  seller = "test_seller",
) {
  const location = await connect(server, double, user, seller);
  if (!location.endsWith("/auth-success?provider=ebay")) throw new Error(`not connected: ${location}`);
  const steps = [
    { method: "POST" as const, url: "/api/ebay/setup/business-policies" },
    {
      method: "PUT" as const,
      url: "/api/ebay/setup/policies",
      payload: { fulfillmentPolicyId: "create", paymentPolicyId: "create", returnPolicyId: "create" },
    },
    {
      method: "POST" as const,
      url: "/api/ebay/setup/location",
      payload: {
        addressLine1: "12 Main St",
        city: "Brooklyn",
        stateOrProvince: "NY",
        postalCode: "11201",
        country: "US",
      },
    },
  ];
  for (const s of steps) {
    const res = await server.app.inject({ ...s, headers: user.auth });
    if (res.statusCode !== 200) throw new Error(`${s.url} ${res.statusCode}: ${res.body}`);
  }
}

/** Stored photos for an item (distinct JPEGs, in the company's store); answers their references. */
export async function storePhotos(server: TestServer, companyId: string, itemId: string, count: number) {
  const store = createFileStore(server.config);
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({
      create: {
        width: 64,
        height: 64,
        channels: 3,
        background: { r: (i * 53) % 255, g: itemId.charCodeAt(30) % 255, b: itemId.charCodeAt(35) % 255 },
      },
    })
      .jpeg()
      .toBuffer();
    const stored = await store.put(Readable.from(bytes));
    const id = uuidv7();
    await server.database.db.insert(inventoryPhotos).values({
      id,
      companyId,
      itemId,
      sourceSha256: stored.sha256,
      storageKey: stored.key,
      contentType: "image/jpeg",
      width: 64,
      height: 64,
      size: stored.size,
      thumbKey: stored.key,
      thumbWidth: 64,
      thumbHeight: 64,
    });
    refs.push(photoRef(id));
  }
  return refs;
}

/** A listable item: priced, categorised (Lamps, with its required Brand), with photos. */
export async function listableItem(
  server: TestServer,
  user: TestUser,
  opts: {
    sku?: string;
    photos?: number;
    quantity?: number;
    aspects?: Record<string, string[]>;
    title?: string;
    /** false: no eBay category chosen yet (not ready to list). */
    category?: boolean;
  } = {},
) {
  const id = uuidv7();
  const sku = opts.sku ?? `L${id.slice(-12).replace(/-/g, "")}`;
  const put = await server.app.inject({
    method: "PUT",
    url: `/api/inventory/items/${id}`,
    headers: user.auth,
    payload: {
      sku,
      title: opts.title ?? `Brass lamp ${sku}`,
      description: "A working brass lamp",
      quantity: opts.quantity ?? 1,
      price: 2500,
    },
  });
  if (put.statusCode !== 201) throw new Error(`item ${put.statusCode}: ${put.body}`);
  const photos = await storePhotos(server, user.companyId, id, opts.photos ?? 1);
  const res = await server.app.inject({
    method: "PATCH",
    url: `/api/inventory/items/${id}`,
    headers: user.auth,
    payload: {
      version: 1,
      photos,
      ...(opts.category === false
        ? {}
        : {
            ebay: {
              categoryId: "112581",
              categoryName: "Lamps",
              aspects: opts.aspects ?? { Brand: ["Acme"] },
              request: null,
            },
          }),
    },
  });
  if (res.statusCode !== 200) throw new Error(`item patch ${res.statusCode}: ${res.body}`);
  return { id, sku, version: res.json().version as number };
}

/** An inventory item as its company's users read it (GET /api/inventory/items/{id}). */
export async function getItem(server: TestServer, user: TestUser, itemId: string) {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/inventory/items/${itemId}`,
    headers: user.auth,
  });
  return res.json();
}

/** Posts a marketplace account-deletion notification as eBay does (unsigned without `signature`). */
export function postDeletionNotice(server: TestServer, notice: { body: string; signature?: string }) {
  return server.app.inject({
    method: "POST",
    url: "/api/ebay/account-deletion",
    headers: {
      "content-type": "application/json",
      ...(notice.signature ? { "x-ebay-signature": notice.signature } : {}),
    },
    payload: notice.body,
  });
}

/** Asks for a listing action on an item the way the app does: a PATCH of its `ebay.request`. */
export async function requestAction(
  server: TestServer,
  user: TestUser,
  itemId: string,
  action: "publish" | "withdraw" | "delete",
  requestId = uuidv7(),
  headers: Record<string, string> = {},
) {
  const item = await getItem(server, user, itemId);
  const res = await server.app.inject({
    method: "PATCH",
    url: `/api/inventory/items/${itemId}`,
    headers: { ...user.auth, ...headers },
    payload: {
      version: item.version,
      ebay: { ...item.ebay, request: { id: requestId, action, at: new Date().toISOString() } },
    },
  });
  if (res.statusCode !== 200) throw new Error(`request ${res.statusCode}: ${res.body}`);
  return res;
}

/** Waits until the company has no eBay listing work waiting (the job ran). */
export async function settled(server: TestServer, companyId: string, timeoutMs = 30_000) {
  const start = Date.now();
  for (;;) {
    const waiting = await server.database.db
      .select({ id: ebayListings.itemId })
      .from(ebayListings)
      .where(and(eq(ebayListings.companyId, companyId), gt(ebayListings.wantedSeq, ebayListings.doneSeq)))
      .limit(1);
    if (waiting.length === 0) return;
    if (Date.now() - start > timeoutMs) throw new Error("eBay listing work did not finish");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the photos the company's eBay job was asked to send ahead are sent (or refused). */
export async function photosSettled(server: TestServer, companyId: string, timeoutMs = 30_000) {
  const start = Date.now();
  for (;;) {
    const [c] = await server.database.db
      .select({ wanted: ebayConnections.photosWantedSeq, done: ebayConnections.photosDoneSeq })
      .from(ebayConnections)
      .where(eq(ebayConnections.companyId, companyId));
    if (!c || c.done >= c.wanted) return;
    if (Date.now() - start > timeoutMs) throw new Error("eBay photo uploads did not finish");
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function listingsOf(server: TestServer, user: TestUser) {
  const res = await server.app.inject({ method: "GET", url: "/api/ebay/listings", headers: user.auth });
  return res.json() as {
    itemId: string;
    state: string;
    listingUrl: string | null;
    error: string | null;
    listingId: string | null;
  }[];
}

export { createTestUser, uuidv7 };

/** Asks for an action on many items in one write batch, as the app's outbox sends them (one transaction). */
export async function requestActions(
  server: TestServer,
  user: TestUser,
  itemIds: string[],
  action: "publish" | "withdraw" | "delete",
) {
  await sendWrites(server, user, await actionWrites(server, user, itemIds, action));
}

type Write = { method: string; url: string; idempotencyKey: string; body: Record<string, unknown> };

/** The write batch's entries asking for an action on items (their versions read as the app knows them). */
export async function actionWrites(
  server: TestServer,
  user: TestUser,
  itemIds: string[],
  action: "publish" | "withdraw" | "delete",
): Promise<Write[]> {
  const writes: Write[] = [];
  for (const id of itemIds) {
    const item = await getItem(server, user, id);
    writes.push({
      method: "PATCH",
      url: `/api/inventory/items/${id}`,
      idempotencyKey: uuidv7(),
      body: {
        version: item.version,
        ebay: { ...item.ebay, request: { id: uuidv7(), action, at: new Date().toISOString() } },
      },
    });
  }
  return writes;
}

/** Sends one write batch (`POST /api/sync/writes`); every write must be taken. */
export async function sendWrites(server: TestServer, user: TestUser, writes: Write[]) {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/sync/writes",
    headers: user.auth,
    payload: { writes },
  });
  if (res.statusCode !== 200) throw new Error(`writes ${res.statusCode}: ${res.body}`);
  const answers = res.json().answers as { status: number }[];
  if (answers.length !== writes.length || answers.some((a) => a.status !== 200))
    throw new Error(`writes: ${res.body}`);
}
