import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { v7 as uuidv7 } from "uuid";
import { SELLER_COMPANY_HEADER } from "../../domain/marketplace";
import { COMPANY_ROLES, type CompanyRole, effectiveRoles, hasAnyRole, ROLES } from "../../domain/roles";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { auditLog, companies, companyMembers, users } from "../db/schema";
import { currentUser } from "./auth";
import { httpError } from "./errors";

/** Who is calling and in which company: the one answer every company-owned query is scoped by. */
export interface CompanyScope {
  userId: string;
  /** The caller's active (primary) company; filter every company-owned row by it. */
  companyId: string;
  /** The caller's roles in that company, read from the database (not from the token). */
  roles: CompanyRole[];
  /**
   * Set when a marketplace staff member works for a seller (the X-Seller-Company header):
   * `companyId` is then the seller's, `userId` the staff member's and `roles` empty.
   */
  seller?: true;
  /**
   * Set when a super admin works in a seller that has not turned Managed listing on (only a
   * super admin may): its writes' audit rows say so (`detail.superAdminOverride`).
   */
  superAdminOverride?: true;
}

export interface CompanyScopeOptions {
  /**
   * The route serves the seller's inventory (items, batches, products, item photos): a
   * marketplace staff member's seller scope is accepted. Every other route leaves it out and
   * refuses a request that names a seller (filings, files, billing stay the seller's own).
   */
  sellerInventory?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The caller's active company membership, loaded from the database once per request.
     * Throws 401 without a signed-in user and 403 "You are not a member of any company"
     * when the user has no active membership (e.g. they were just removed from it),
     * whatever their access token says.
     *
     * With the X-Seller-Company header (docs/marketplace.md) it is the named seller's scope
     * instead, for marketplace staff (ROLE_MARKETPLACE, read from the database) while that seller
     * has Managed listing on (read on every request, so opting out takes effect at once), and for
     * a super admin (read from the database) in any company; only routes that pass `{ sellerInventory: true }` accept it, the others answer 403.
     */
    companyScope(options?: CompanyScopeOptions): Promise<CompanyScope>;
  }
}

/**
 * The scope of a caller who works in the company's shared workspace (inventory, kanban, calendar,
 * the eBay connection): its Company Employees and Admins, and marketplace staff or super admins
 * within a company they belong to (global roles from the access token). With `sellerInventory`,
 * marketplace staff working for a seller (see CompanyScopeOptions) pass too. Anyone else gets 403
 * with `refusal`, which names what they cannot reach.
 */
export async function companyMember(
  request: FastifyRequest,
  refusal: string,
  options?: CompanyScopeOptions,
): Promise<CompanyScope> {
  const scope = await request.companyScope(options);
  if (scope.seller) return scope;
  const staff = !!request.user && hasAnyRole(request.user, [ROLES.MARKETPLACE, ROLES.SUPER_ADMIN]);
  if (!staff && !effectiveRoles(scope.roles).has(ROLES.COMPANY_EMPLOYEE)) throw httpError(403, refusal);
  return scope;
}

const isCompanyRole = (r: string): r is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(r);

const activeMembership = preparedPerDb((db) =>
  db
    .select({ companyId: companyMembers.companyId, roles: companyMembers.roles })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.userId, sql.placeholder("userId")),
        eq(companyMembers.isPrimary, true),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare("company_scope"),
);

/** The active membership of a user (null when they have none or their account is disabled). */
async function loadCompanyScope(db: Db, userId: string): Promise<CompanyScope | null> {
  const [row] = await activeMembership(db).execute({ userId });
  if (!row) return null;
  return { userId, companyId: row.companyId, roles: row.roles.filter(isCompanyRole) };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_STAFF = "Only marketplace staff can work for sellers";
const NOT_MANAGED = "This seller has not handed its inventory to the marketplace (Managed listing is off)";
const INVENTORY_ONLY = "Marketplace staff can reach only a seller's inventory, not this";

/**
 * The caller must be marketplace staff (ROLE_MARKETPLACE or super admin) according to the
 * database, whatever the token says; 403 otherwise (a disabled account too). Answers whether
 * the caller is a super admin (in the database).
 */
export async function assertMarketplaceStaff(db: Db, userId: string): Promise<{ superAdmin: boolean }> {
  const [me] = await db
    .select({ roles: users.roles, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const roles = effectiveRoles(me?.roles ?? []);
  if (!me || me.disabledAt || !(roles.has(ROLES.MARKETPLACE) || roles.has(ROLES.SUPER_ADMIN))) {
    throw httpError(403, NOT_STAFF);
  }
  return { superAdmin: roles.has(ROLES.SUPER_ADMIN) };
}

/**
 * The seller scope of a marketplace staff member, or the reason it is refused. Marketplace staff
 * reach only sellers with Managed listing on; a super admin (in the database) any company (the
 * admin's product pages, docs/marketplace.md "Super admins in any seller's scope"): an unknown
 * company is then a 404. Every write in either scope is audited (the plugin below).
 */
async function loadSellerScope(db: Db, userId: string, sellerId: string): Promise<CompanyScope> {
  const { superAdmin } = await assertMarketplaceStaff(db, userId);
  const [seller] = await db
    .select({ id: companies.id, managedListing: companies.managedListing })
    .from(companies)
    .where(eq(companies.id, sellerId))
    .limit(1);
  if (superAdmin) {
    if (!seller) throw httpError(404, "No such company");
  } else if (!seller?.managedListing) throw httpError(403, NOT_MANAGED);
  const managed = seller?.managedListing === true;
  return {
    userId,
    companyId: sellerId,
    roles: [],
    seller: true,
    ...(managed ? {} : { superAdminOverride: true as const }),
  };
}

/** The seller a request names in X-Seller-Company, or null when it names none. */
function sellerOf(request: FastifyRequest): string | null {
  const header = request.headers[SELLER_COMPANY_HEADER];
  if (header === undefined) return null;
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? "";
  if (!UUID_RE.test(value)) throw httpError(400, "X-Seller-Company must be a company id (a UUID)");
  return value;
}

/** The audit action of a marketplace staff member's successful write in a seller's inventory. */
export const STAFF_WRITE_ACTION = "marketplace-inventory-write";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Records one staff write in a seller's inventory (the `audit_log` row the seller's item history
 * reads): the plugin below for every request in a seller scope, and the marketplace bulk publish
 * for each seller it wrote in (one request, several sellers).
 */
export function recordStaffWrite(db: Db, scope: CompanyScope, detail: Record<string, unknown>) {
  return db.insert(auditLog).values({
    id: uuidv7(),
    action: STAFF_WRITE_ACTION,
    userId: scope.userId,
    companyId: scope.companyId,
    detail: scope.superAdminOverride ? { ...detail, superAdminOverride: true } : detail,
  });
}

/** One write of the write batch, as its audit row names it. */
export interface StoredWrite {
  method: string;
  url: string;
}
/** The writes a write batch stored (answered 2xx, not replayed), told by the batch route itself. */
const batchStored = new WeakMap<FastifyRequest, StoredWrite[]>();

/**
 * The write batch says which of its writes it stored: only those are a staff write. A batch
 * whose writes were all replays of writes already stored (the app resends an outbox entry whose
 * answer it did not get, alone or in a batch), or all refused, changed nothing and records no
 * row; without this one staff Save was recorded twice (its PATCH, then the batch replaying it).
 */
export function tellStoredWrites(request: FastifyRequest, writes: StoredWrite[]) {
  batchStored.set(request, writes);
}

/** What a staff write changed: the route, and for the write batch the writes it stored. */
function staffWriteDetail(request: FastifyRequest, status: number) {
  const body = request.body as { ids?: unknown; items?: { batchId?: unknown }[] } | undefined;
  const writes = batchStored.get(request);
  // the items a bulk route touched, so an item's history finds it: bulk-status names them (≤ 1,000),
  // an import chunk (≤ 5,000 items) by its batches
  const ids = Array.isArray(body?.ids) ? body.ids.filter((id) => typeof id === "string") : undefined;
  const batchIds = Array.isArray(body?.items)
    ? [...new Set(body.items.flatMap((i) => (typeof i?.batchId === "string" ? [i.batchId] : [])))]
    : undefined;
  return {
    method: request.method,
    url: request.url,
    status,
    ...(writes ? { writes } : {}),
    ...(ids ? { ids } : {}),
    ...(batchIds ? { batchIds } : {}),
  };
}

/**
 * What a module adds to a staff write's audit row (inventory: the item fields it changed, old →
 * new). `before` runs just before the route's handler, in the seller named by the request (not
 * yet checked: its answer is only used once the write was allowed and answered 2xx); `after` gets
 * its answer back and returns the fields to add to the audit detail.
 */
export interface StaffWriteTracker {
  before(request: FastifyRequest, companyId: string): Promise<unknown>;
  after(request: FastifyRequest, companyId: string, before: unknown): Promise<Record<string, unknown>>;
}

/** The scope as loaded (seller scope included), and the same refusing a seller scope. */
const loaded = new WeakMap<FastifyRequest, Promise<CompanyScope>>();
const memo = new WeakMap<FastifyRequest, Promise<CompanyScope>>();
const tracked = new WeakMap<FastifyRequest, unknown>();

export const companyScopePlugin = fp(
  async (app: FastifyInstance, opts: { staffWrites?: StaffWriteTracker }) => {
    const tracker = opts.staffWrites;
    const load = (request: FastifyRequest): Promise<CompanyScope> => {
      const userId = currentUser(request).id;
      const sellerId = sellerOf(request);
      if (sellerId) return loadSellerScope(app.ctx.db, userId, sellerId);
      return loadCompanyScope(app.ctx.db, userId).then((found) => {
        if (!found) throw httpError(403, "You are not a member of any company");
        return found;
      });
    };
    // Every successful write of marketplace staff in a seller's inventory is recorded for the
    // seller: who (the staff member), which company, what (docs/marketplace.md). Replays are not.
    if (tracker) {
      app.addHook("preHandler", async (request) => {
        if (!WRITES.has(request.method) || request.headers[SELLER_COMPANY_HEADER] === undefined) return;
        let sellerId: string | null;
        try {
          sellerId = sellerOf(request);
        } catch {
          return; // the route's own companyScope() answers the 400
        }
        if (!sellerId) return;
        const state = await tracker.before(request, sellerId).catch((err: unknown) => {
          request.log.error({ err }, "the state before a marketplace staff write was not read");
          return null;
        });
        tracked.set(request, state);
      });
    }
    app.addHook("onResponse", async (request, reply) => {
      if (!WRITES.has(request.method) || reply.statusCode >= 300) return;
      if (reply.getHeader("idempotent-replayed")) return;
      if (batchStored.get(request)?.length === 0) return;
      const scope = await loaded.get(request)?.catch(() => null);
      if (!scope?.seller) return;
      const changed =
        tracker && tracked.has(request)
          ? await tracker.after(request, scope.companyId, tracked.get(request)).catch((err: unknown) => {
              request.log.error({ err }, "the fields a marketplace staff write changed were not read");
              return {};
            })
          : {};
      await recordStaffWrite(app.ctx.db, scope, {
        ...staffWriteDetail(request, reply.statusCode),
        ...changed,
      }).catch((err: unknown) => request.log.error({ err }, "a marketplace staff write was not audited"));
    });

    app.decorateRequest("companyScope", function (this: FastifyRequest, options?: CompanyScopeOptions) {
      let scope = loaded.get(this);
      if (!scope) {
        scope = Promise.resolve().then(() => load(this));
        loaded.set(this, scope);
      }
      if (options?.sellerInventory) return scope;
      let own = memo.get(this);
      if (!own) {
        own = scope.then((s) => {
          if (s.seller) throw httpError(403, INVENTORY_ONLY);
          return s;
        });
        memo.set(this, own);
      }
      return own;
    });
  },
  { name: "company-scope", dependencies: ["auth"] },
);
