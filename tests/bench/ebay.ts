/**
 * eBay (issue 13), against the local eBay double with 150 ms added to every eBay call:
 * - publish 500 items with 3 photos each: from the request (the outbox's write batches of
 *   100, as the Listing page's Publish sends them) until every item is listed; and how many
 *   eBay calls the job makes per 25 items (target ≤ 20 s; eBay's published Media API limit of
 *   50 uploads per 5 s per user alone puts 1,500 new photos at ≥ 150 s, printed as the floor);
 * - order sync of 1,000 orders: from "sync orders" until all are stored (target ≤ 10 s).
 * In-process server on PGlite (DATABASE_URL set: PostgreSQL), as the server tests run it.
 *
 *   npm run bench -- ebay        or        npx tsx tests/bench/ebay.ts
 */
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { and, count, eq } from "drizzle-orm";
import { WRITE_BATCH_MAX } from "../../src/domain/sync/write-batch";
import { ebayConnections, ebayListings, ebayOrders } from "../../src/server/db/schema";
import {
  connectAndSetUp,
  createTestUser,
  listableItem,
  requestActions,
  settled,
  startEbayServer,
} from "../server/ebay-helpers";
import { type Figure, runWhenMain } from "./util";

const BENCH = "ebay";
const ITEMS = Number(process.env.BENCH_EBAY_ITEMS || 500);
const ORDERS = Number(process.env.BENCH_EBAY_ORDERS || 1000);
const LATENCY_MS = 150;

const seconds = (ms: number) => Math.round(ms / 10) / 100;

export async function ebayBench(): Promise<Figure[]> {
  const { server, double, dataDir } = await startEbayServer();
  try {
    const seller = await createTestUser(server);
    await connectAndSetUp(server, double, seller);
    const items: { id: string; sku: string }[] = [];
    for (let i = 0; i < ITEMS; i++)
      items.push(await listableItem(server, seller, { photos: 3, quantity: 3 }));
    double.setLatency(LATENCY_MS);
    const db = server.database.db;

    // Publish: the requests arrive as the outbox sends them, then the job runs them all.
    const callsBefore = double.calls.length;
    let t = performance.now();
    for (let i = 0; i < items.length; i += WRITE_BATCH_MAX)
      await requestActions(
        server,
        seller,
        items.slice(i, i + WRITE_BATCH_MAX).map((x) => x.id),
        "publish",
      );
    await settled(server, seller.companyId, 600_000);
    const publishMs = performance.now() - t;
    const [listed] = await db
      .select({ n: count() })
      .from(ebayListings)
      .where(and(eq(ebayListings.companyId, seller.companyId), eq(ebayListings.state, "published")));
    if (Number(listed?.n) !== ITEMS) throw new Error(`${listed?.n} of ${ITEMS} items listed`);
    const calls = double.calls.slice(callsBefore);
    const byOperation = new Map<string, number>();
    for (const c of calls)
      byOperation.set(c.operationId ?? c.path, (byOperation.get(c.operationId ?? c.path) ?? 0) + 1);
    const uploads = byOperation.get("createImageFromFile") ?? 0;
    // eBay allows 50 Media POSTs per 5 s per user: the floor for this many new photos.
    console.log(
      `  photo uploads ${uploads} (429 answers: ${calls.filter((c) => c.status === 429).length}); eBay's Media limit alone takes ≥ ${seconds((uploads / 50) * 5000)} s`,
    );
    console.log(
      `  eBay calls for ${ITEMS} items: ${calls.length} — ${[...byOperation].map(([k, v]) => `${k} ${v}`).join(", ")}`,
    );

    // Order sync: 1,000 orders of the listed items (at most 3 per item, their quantity).
    for (let i = 0; i < ORDERS; i++)
      double.addOrder({ sku: (items[i % items.length] as { sku: string }).sku, quantity: 1 });
    const [before] = await db
      .select({ at: ebayConnections.ordersSyncedAt })
      .from(ebayConnections)
      .where(eq(ebayConnections.companyId, seller.companyId));
    t = performance.now();
    const res = await server.app.inject({
      method: "POST",
      url: "/api/ebay/orders/sync",
      headers: seller.auth,
    });
    if (res.statusCode !== 202) throw new Error(`orders sync ${res.statusCode}: ${res.body}`);
    for (;;) {
      const [stored] = await db
        .select({ n: count() })
        .from(ebayOrders)
        .where(eq(ebayOrders.companyId, seller.companyId));
      const [c] = await db
        .select({ at: ebayConnections.ordersSyncedAt })
        .from(ebayConnections)
        .where(eq(ebayConnections.companyId, seller.companyId));
      if (Number(stored?.n) >= ORDERS && c?.at && c.at !== before?.at) break;
      if (performance.now() - t > 600_000) throw new Error(`order sync: ${stored?.n} of ${ORDERS} orders`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const ordersMs = performance.now() - t;

    return [
      {
        bench: `${BENCH}: publish ${ITEMS} items × 3 photos, ${LATENCY_MS} ms per eBay call`,
        metric: "publish (request → all listed)",
        value: seconds(publishMs),
        unit: "s",
        target: { op: "<", value: 20 },
      },
      {
        bench: `${BENCH}: publish ${ITEMS} items`,
        metric: "eBay calls per 25 items",
        value: Math.round((calls.length / ITEMS) * 25 * 10) / 10,
        unit: "calls",
      },
      {
        bench: `${BENCH}: ${ORDERS} orders, ${LATENCY_MS} ms per eBay call`,
        metric: "order sync",
        value: seconds(ordersMs),
        unit: "s",
        target: { op: "<", value: 10 },
      },
    ];
  } finally {
    await server.close();
    await double.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.filename, ebayBench);
