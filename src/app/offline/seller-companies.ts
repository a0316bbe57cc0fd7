/**
 * The seller companies a marketplace staff member works for on this device (docs/marketplace.md
 * "In the app"). Their records live in the same Dexie tables as every company's, kept apart by
 * `companyId` as the sync engine keeps any two companies apart (rows, outbox entries, the feed
 * cursor `cursor:{companyId}`); what differs is that every request carrying them — the outbox's
 * writes, the feed, a record's refresh — names the seller in `X-Seller-Company`, whether the page
 * or the service worker sends it. The list is kept in `meta` (`seller-company:{id}`) so the
 * service worker, which has no screen to ask, finds it too.
 */
import { SELLER_COMPANY_HEADER } from "../../domain/marketplace";
import type { SyncTransport } from "../../sync/transport";
import type { BlocklotDb } from "./db";

const metaKey = (companyId: string) => `seller-company:${companyId}`;

/** Companies this page already knows are sellers (read before Dexie: the first pull must carry the header). */
const known = new Set<string>();

/**
 * Marks `companyId` as a seller this device works for (the marketplace screens, before they sync
 * it), with its name when known (kept when not given).
 */
export async function rememberSellerCompany(db: BlocklotDb, companyId: string, name?: string): Promise<void> {
  known.add(companyId);
  await db.transaction("rw", db.meta, async () => {
    const before = (await db.meta.get(metaKey(companyId)))?.value as { name?: string } | undefined;
    await db.meta.put({ key: metaKey(companyId), value: { name: name ?? before?.name ?? null } });
  });
}

/** The seller's name as last remembered here (null: not known yet). */
export async function sellerCompanyName(db: BlocklotDb, companyId: string): Promise<string | null> {
  const value = (await db.meta.get(metaKey(companyId)))?.value as { name?: string | null } | undefined;
  return value?.name ?? null;
}

/** Every seller company marked on this device, with its name as last remembered (null: not known). */
export async function sellerCompanies(db: BlocklotDb): Promise<Map<string, string | null>> {
  const rows = await db.meta.where("key").startsWith(metaKey("")).toArray();
  return new Map(
    rows.map((r) => [r.key.slice(metaKey("").length), (r.value as { name?: string | null }).name ?? null]),
  );
}

/** Marks it in this page at once (render time), for requests sent before the Dexie write lands. */
export function noteSellerCompany(companyId: string): void {
  known.add(companyId);
}

/** The last answer `meta` gave for each company, per database (only ever turns from no to yes). */
const lastRead = new WeakMap<BlocklotDb, Map<string, boolean>>();
/** The `meta` reads in flight, per database and company (one at a time). */
const reading = new WeakMap<BlocklotDb, Map<string, Promise<boolean>>>();

/** The map `maps` holds for `db`, made on first use. */
function mapOf<V>(maps: WeakMap<BlocklotDb, Map<string, V>>, db: BlocklotDb): Map<string, V> {
  const found = maps.get(db);
  if (found) return found;
  const made = new Map<string, V>();
  maps.set(db, made);
  return made;
}

function readSellerMark(db: BlocklotDb, companyId: string): Promise<boolean> {
  const inFlight = mapOf(reading, db);
  const pending = inFlight.get(companyId);
  if (pending) return pending;
  const read = db.meta
    .get(metaKey(companyId))
    .then((row) => {
      const found = row !== undefined;
      if (found) known.add(companyId);
      mapOf(lastRead, db).set(companyId, found);
      return found;
    })
    .finally(() => inFlight.delete(companyId));
  inFlight.set(companyId, read);
  return read;
}

/**
 * Whether requests of `companyId` carry the seller header. Once `meta` has answered for a company,
 * later requests take that answer at once and read `meta` again behind them: a read of `meta` waits
 * for every transaction on it before it, and while an import writes, each of its chunk
 * transactions (items, outbox and the chunk's body in `meta`) holds it for a second or more — the
 * import's own chunks waited that long before each was sent (docs/benchmarks.md, 2026-11-27). A
 * company marked as a seller by another page or the service worker is seen from the request after
 * the one that read it; one marked in this page is known at once (`known`).
 */
export async function isSellerCompany(db: BlocklotDb, companyId: string): Promise<boolean> {
  if (known.has(companyId)) return true;
  const read = readSellerMark(db, companyId);
  const last = lastRead.get(db)?.get(companyId);
  if (last === undefined) return read;
  read.catch(() => undefined);
  return last;
}

/** `transport` with the seller header on every request whose records belong to a seller company. */
export function sellerScopedTransport(db: BlocklotDb, transport: SyncTransport): SyncTransport {
  return {
    async send(req) {
      if (!req.companyId || !(await isSellerCompany(db, req.companyId))) return transport.send(req);
      return transport.send({ ...req, headers: { ...req.headers, [SELLER_COMPANY_HEADER]: req.companyId } });
    },
  };
}
