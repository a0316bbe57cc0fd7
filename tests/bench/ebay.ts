/**
 * eBay (issue 13), against the local eBay double with 150 ms added to every eBay call:
 * - publish 500 items with 3 photos each, their photos sent to eBay ahead (docs/ebay.md
 *   "Photos"): from the request (the outbox's write batches of 100, as the Listing page's
 *   Publish sends them) until every item is listed; and how many eBay calls the publish makes
 *   per 25 items (target ≤ 20 s);
 * - printed apart, honestly: how long sending the 1,500 photos ahead took from the setup's last
 *   step (eBay's published Media API limit of 50 uploads per 5 s per user puts it at ≥ 150 s),
 *   and the calls per 25 items counting those uploads;
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
  actionWrites,
  connectAndSetUp,
  createTestUser,
  listableItem,
  photosSettled,
  sendWrites,
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
    // The items exist before the seller connects: connecting sends all their photos ahead.
    const items: { id: string; sku: string }[] = [];
    for (let i = 0; i < ITEMS; i++)
      items.push(await listableItem(server, seller, { photos: 3, quantity: 3 }));
    double.setLatency(LATENCY_MS);
    const db = server.database.db;

    // Photos ahead: from the setup's last step until every photo is on eBay.
    const aheadFrom = double.calls.length;
    await connectAndSetUp(server, double, seller);
    let t = performance.now();
    await photosSettled(server, seller.companyId, 900_000);
    const aheadMs = performance.now() - t;
    const ahead = double.calls.slice(aheadFrom).filter((c) => c.operationId === "createImageFromFile");
    console.log(
      `  photos sent ahead: ${ahead.filter((c) => c.status === 201).length} in ${seconds(aheadMs)} s (429 answers: ${ahead.filter((c) => c.status === 429).length}); eBay's Media limit alone takes ≥ ${seconds((ahead.length / 50) * 5000)} s`,
    );

    // Publish: the requests arrive as the outbox sends them (the app knows its items' versions:
    // the batches are made before the click), then the job runs them all.
    const batches = [];
    for (let i = 0; i < items.length; i += WRITE_BATCH_MAX)
      batches.push(
        await actionWrites(
          server,
          seller,
          items.slice(i, i + WRITE_BATCH_MAX).map((x) => x.id),
          "publish",
        ),
      );
    const callsBefore = double.calls.length;
    t = performance.now();
    for (const writes of batches) await sendWrites(server, seller, writes);
    const sentMs = performance.now() - t;
    await settled(server, seller.companyId, 600_000);
    const publishMs = performance.now() - t;
    console.log(
      `  publish: requests sent (${Math.ceil(items.length / WRITE_BATCH_MAX)} write batches) after ${seconds(sentMs)} s, all listed after ${seconds(publishMs)} s`,
    );
    const [listed] = await db
      .select({ n: count() })
      .from(ebayListings)
      .where(and(eq(ebayListings.companyId, seller.companyId), eq(ebayListings.state, "published")));
    if (Number(listed?.n) !== ITEMS) throw new Error(`${listed?.n} of ${ITEMS} items listed`);
    const calls = double.calls.slice(callsBefore);
    const byOperation = new Map<string, number>();
    for (const c of calls)
      byOperation.set(c.operationId ?? c.path, (byOperation.get(c.operationId ?? c.path) ?? 0) + 1);
    console.log(
      `  publish: photo uploads ${byOperation.get("createImageFromFile") ?? 0} (429 answers: ${calls.filter((c) => c.status === 429).length})`,
    );
    console.log(
      `  eBay calls of the publish for ${ITEMS} items: ${calls.length} — ${[...byOperation].map(([k, v]) => `${k} ${v}`).join(", ")}`,
    );
    const perBatch = (n: number) => Math.round((n / ITEMS) * 25 * 10) / 10;
    console.log(
      `  eBay calls per 25 items: ${perBatch(calls.length)} at publish, ${perBatch(calls.length + ahead.length)} with the photos sent ahead`,
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
        metric: "eBay calls per 25 items (publish)",
        value: perBatch(calls.length),
        unit: "calls",
      },
      {
        bench: `${BENCH}: ${ITEMS * 3} photos sent ahead, ${LATENCY_MS} ms per eBay call`,
        metric: "photos ahead (setup done → all on eBay; eBay's limit ≥ 150 s)",
        value: seconds(aheadMs),
        unit: "s",
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
