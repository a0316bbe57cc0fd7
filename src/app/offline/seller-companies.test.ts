import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SELLER_COMPANY_HEADER } from "../../domain/marketplace";
import type { SyncRequest, SyncTransport } from "../../sync/transport";
import { type BlocklotDb, createDb } from "./db";
import {
  rememberSellerCompany,
  sellerCompanies,
  sellerCompanyName,
  sellerScopedTransport,
} from "./seller-companies";
import { createAppSyncEngine } from "./synced-types";
import { itemWrites } from "./test-writes";
import { readOutboxStatus } from "./use-outbox-status";

const OWN = "00000000-0000-7000-8000-000000000001";
const SELLER = "00000000-0000-7000-8000-000000000002";
const OTHER_SELLER = "00000000-0000-7000-8000-000000000003";
const LATE_SELLER = "00000000-0000-7000-8000-000000000004";

const fields = (sku: string) => ({
  batchId: null,
  productId: null,
  sku,
  barcode: null,
  title: `Item ${sku}`,
  description: "d",
  quantity: 1,
  condition: 13 as const,
  price: 100,
  category: "inventory" as const,
  dimensions: { length: null, width: null, height: null, unit: "INCH" as const },
  weight: { value: null, unit: "POUND" as const },
  notes: null,
  location: null,
  status: "new" as const,
  publicationStatus: 0 as const,
  photos: [],
});

/** Records every request; answers writes with the row at version 1 and the feed with nothing new. */
function recorder(): SyncTransport & { seen: SyncRequest[] } {
  const seen: SyncRequest[] = [];
  return {
    seen,
    async send(req) {
      seen.push(req);
      if (req.method === "GET") return { status: 200, data: { changes: [], cursor: "c", hasMore: false } };
      const now = new Date().toISOString();
      const id = req.url.split("/").pop()?.split("?")[0];
      return {
        status: 201,
        data: {
          ...(req.body as object),
          id,
          companyId: req.companyId,
          version: 1,
          createdAt: now,
          updatedAt: now,
        },
      };
    },
  };
}

let db: BlocklotDb;
let n = 0;
beforeEach(async () => {
  db = createDb(`seller-companies-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const header = (r: SyncRequest) => r.headers?.[SELLER_COMPANY_HEADER];

describe("a seller's records on a marketplace staff member's device", () => {
  it("go out with the seller header; the staff member's own company's do not", async () => {
    await rememberSellerCompany(db, SELLER, "Sally's Shop");
    const transport = recorder();
    const engine = createAppSyncEngine({ db, transport });
    await itemWrites.create({ db }, OWN, fields("MINE"));
    await engine.drain();
    await itemWrites.create({ db }, SELLER, fields("THEIRS"));
    await engine.drain();
    await engine.pull(SELLER);
    await engine.pull(OWN);

    const byCompany = transport.seen.map((r) => [r.method, r.companyId, header(r) ?? null]);
    expect(byCompany).toEqual([
      ["PUT", OWN, null],
      ["PUT", SELLER, SELLER],
      ["GET", SELLER, SELLER],
      ["GET", OWN, null],
    ]);
    // each company's rows stay under its own id
    expect((await db.items.where("companyId").equals(SELLER).toArray()).map((i) => i.sku)).toEqual([
      "THEIRS",
    ]);
    expect(await sellerCompanyName(db, SELLER)).toBe("Sally's Shop");
  });

  it("are known to a fresh engine on the same database (the service worker) from meta", async () => {
    // what a page wrote (this module's in-memory list is the page's, not the SW's)
    await db.meta.put({ key: `seller-company:${OTHER_SELLER}`, value: { name: null } });
    await itemWrites.create({ db }, OTHER_SELLER, fields("LATER"));
    const transport = recorder();
    await createAppSyncEngine({ db, transport }).drain();
    expect(transport.seen.map(header)).toEqual([OTHER_SELLER]);
    expect(await sellerCompanyName(db, OTHER_SELLER)).toBeNull();
  });

  it("do not hold a request behind a busy meta store once its company was looked up (an import's chunks)", async () => {
    const transport = recorder();
    // a meta store whose reads answer only when let go, as behind an import's chunk transaction
    const gates: (() => void)[] = [];
    const get = db.meta.get.bind(db.meta);
    const slowDb = {
      meta: {
        get: (key: string) => new Promise((resolve) => gates.push(() => resolve(get(key)))),
      },
    } as unknown as BlocklotDb;
    const scoped = sellerScopedTransport(slowDb, transport);
    const first = scoped.send({ method: "GET", url: "/api/sync/changes", companyId: LATE_SELLER });
    expect(transport.seen).toHaveLength(0); // the first request of a company waits for its answer
    gates.shift()?.();
    await first;
    // the next ones go at once, without the header, and meta is read again behind them
    await scoped.send({ method: "GET", url: "/api/sync/changes", companyId: LATE_SELLER });
    expect(transport.seen.map(header)).toEqual([undefined, undefined]);
    expect(gates).toHaveLength(1);
    // another page marks the company as a seller meanwhile: the request after that read carries it
    await db.meta.put({ key: `seller-company:${LATE_SELLER}`, value: { name: null } });
    gates.shift()?.();
    await new Promise((r) => setTimeout(r, 10));
    await scoped.send({ method: "GET", url: "/api/sync/changes", companyId: LATE_SELLER });
    expect(transport.seen.map(header)).toEqual([undefined, undefined, LATE_SELLER]);
  });

  it("are listed with their names, and their queued changes count as the staff member's own", async () => {
    await rememberSellerCompany(db, SELLER, "Sally's Shop");
    await rememberSellerCompany(db, OTHER_SELLER);
    await db.meta.put({ key: `cursor:${OWN}`, value: "c" });
    expect([...(await sellerCompanies(db))].sort()).toEqual([
      [SELLER, "Sally's Shop"],
      [OTHER_SELLER, null],
    ]);
    await itemWrites.create({ db }, OWN, fields("MINE"));
    await itemWrites.create({ db }, SELLER, fields("THEIRS"));
    await itemWrites.create({ db }, "00000000-0000-7000-8000-000000000009", fields("LEFT-OVER"));
    expect(await readOutboxStatus(db, OWN)).toEqual({ waiting: 2, rejected: 0, conflicts: 0 });
  });
});
