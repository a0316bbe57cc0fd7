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

async function isSellerCompany(db: BlocklotDb, companyId: string): Promise<boolean> {
  if (known.has(companyId)) return true;
  const found = (await db.meta.get(metaKey(companyId))) !== undefined;
  if (found) known.add(companyId);
  return found;
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
