/**
 * "Managed listing" on the company account page (issue 15, docs/marketplace.md): a seller
 * company hands its inventory to the marketplace staff. Its members read the setting; only its
 * company admins change it, every change audited (who, when, before, after) like the other
 * company changes. Staff requests read the flag each time (plugins/company-scope.ts), so turning
 * it off takes effect at once.
 */
import { type Static, Type } from "@sinclair/typebox";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { auditLog, companies, users } from "../../db/schema";
import { currentUser } from "../../plugins/auth";
import { httpError } from "../../plugins/errors";
import { assertCompanyAdmin, assertCompanyMember, COMPANY_NOT_FOUND } from "./service";

const MANAGED_LISTING_ACTION = "company-managed-listing";

const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const ManagedListingBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
const ManagedListing = Type.Object({
  enabled: Type.Boolean(),
  /** The last change: when and by whom (null when it was never changed). */
  changedAt: Type.Union([Type.String(), Type.Null()]),
  changedBy: Type.Union([Type.Object({ id: Type.String(), displayName: Type.String() }), Type.Null()]),
});
type ManagedListing = Static<typeof ManagedListing>;

async function readManagedListing(db: Db, companyId: string): Promise<ManagedListing> {
  const [company] = await db
    .select({ enabled: companies.managedListing })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw httpError(404, COMPANY_NOT_FOUND);
  const [last] = await db
    .select({ at: auditLog.createdAt, userId: auditLog.userId, displayName: users.displayName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, MANAGED_LISTING_ACTION)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return {
    enabled: company.enabled,
    changedAt: last ? last.at.toISOString() : null,
    changedBy: last?.userId ? { id: last.userId, displayName: last.displayName ?? "" } : null,
  };
}

/** Turns Managed listing on or off; audited only when it changes. */
async function setManagedListing(db: Db, actorId: string, companyId: string, enabled: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ enabled: companies.managedListing })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!before) throw httpError(404, COMPANY_NOT_FOUND);
    if (before.enabled === enabled) return;
    await tx
      .update(companies)
      .set({ managedListing: enabled, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await tx.insert(auditLog).values({
      id: uuidv7(),
      action: MANAGED_LISTING_ACTION,
      userId: actorId,
      companyId,
      detail: { from: before.enabled, to: enabled },
    });
  });
}

export async function managedListingRoutes(app: FastifyInstance, changed: () => void) {
  const { db } = app.ctx;

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/trade/company/:id/managed-listing",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Whether the company hands its inventory to the marketplace staff (members of it)",
        params: IdParams,
        response: { 200: ManagedListing },
      },
    },
    async (request) => {
      await assertCompanyMember(db, request.params.id, currentUser(request).id);
      return readManagedListing(db, request.params.id);
    },
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof ManagedListingBody> }>(
    "/api/trade/company/:id/managed-listing",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Turn Managed listing on or off (company admins of that company only; audited)",
        description:
          "On: marketplace staff may read and change the company's items, batches, products and item " +
          "photos, never its filings, files or billing. Off: their next request is refused.",
        params: IdParams,
        body: ManagedListingBody,
        response: { 200: ManagedListing },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const { id } = request.params;
      await assertCompanyAdmin(db, id, me);
      await setManagedListing(db, me, id, request.body.enabled);
      changed();
      return readManagedListing(db, id);
    },
  );
}
