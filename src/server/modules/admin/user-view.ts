/**
 * Read-only views of what a user sees (`/admin/view/{userId}`, `/admin/batch-item/list/{userId}`):
 * the properties, files, filings and inventory of the user's companies, read by a super admin
 * without signing in as the user. Every read is recorded in audit_log (action
 * `admin-user-view`, `user_id` the viewed user, `detail` who looked and at which page), like the
 * role changes, so the user's own rows can be read back on one index.
 */
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import {
  auditLog,
  filings,
  inventoryBatches,
  inventoryItems,
  properties,
  statementFiles,
} from "../../db/schema";
import { findUser } from "./users";

export const USER_VIEW_ACTION = "admin-user-view";
/** Rows of each kind shown per company (newest first); `truncated` says when more exist. */
const VIEW_LIMIT = 200;

export type UserViewPage = "view" | "batch-items";

async function recordView(db: Db, actor: { id: string; email: string }, userId: string, page: UserViewPage) {
  await db.insert(auditLog).values({
    id: uuidv7(),
    action: USER_VIEW_ACTION,
    userId,
    detail: { byId: actor.id, byEmail: actor.email, page },
  });
}

const iso = (d: Date) => d.toISOString();

/** The user's properties (with their files), filings and inventory, per company; null: no such user. */
export async function userView(db: Db, actor: { id: string; email: string }, id: string) {
  const user = await findUser(db, id);
  if (!user) return null;
  await recordView(db, actor, id, "view");
  const companies = [];
  for (const c of user.companies) {
    const props = await db
      .select({ id: properties.id, bbl: properties.bbl, address: properties.address })
      .from(properties)
      .where(and(eq(properties.companyId, c.id), isNull(properties.deletedAt)))
      .orderBy(properties.bbl)
      .limit(VIEW_LIMIT + 1);
    const files = await db
      .select({
        id: statementFiles.id,
        propertyId: statementFiles.propertyId,
        fileName: statementFiles.fileName,
        documentType: statementFiles.documentType,
        statementYear: statementFiles.statementYear,
        status: statementFiles.status,
        createdAt: statementFiles.createdAt,
      })
      .from(statementFiles)
      .where(and(eq(statementFiles.companyId, c.id), isNull(statementFiles.deletedAt)))
      .orderBy(desc(statementFiles.createdAt))
      .limit(VIEW_LIMIT + 1);
    const fils = await db
      .select({
        id: filings.id,
        propertyId: filings.propertyId,
        bbl: properties.bbl,
        year: filings.year,
        kind: filings.kind,
        state: filings.state,
        stateChangedAt: filings.stateChangedAt,
      })
      .from(filings)
      .innerJoin(properties, eq(properties.id, filings.propertyId))
      .where(eq(filings.companyId, c.id))
      .orderBy(desc(filings.stateChangedAt))
      .limit(VIEW_LIMIT + 1);
    const byStatus = await db
      .select({ status: inventoryItems.status, n: count() })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.companyId, c.id), isNull(inventoryItems.deletedAt)))
      .groupBy(inventoryItems.status);
    const batches = await db
      .select({ id: inventoryBatches.id })
      .from(inventoryBatches)
      .where(and(eq(inventoryBatches.companyId, c.id), isNull(inventoryBatches.deletedAt)));
    const shownProps = props.slice(0, VIEW_LIMIT);
    companies.push({
      id: c.id,
      companyName: c.companyName,
      isPrimary: c.isPrimary,
      properties: shownProps.map((p) => ({
        ...p,
        files: files.filter((f) => f.propertyId === p.id).length,
      })),
      files: files.slice(0, VIEW_LIMIT).map((f) => ({
        id: f.id,
        fileName: f.fileName,
        documentType: f.documentType,
        statementYear: f.statementYear,
        status: f.status,
        createdAt: iso(f.createdAt),
        bbl: shownProps.find((p) => p.id === f.propertyId)?.bbl ?? null,
      })),
      filings: fils.slice(0, VIEW_LIMIT).map((f) => ({
        id: f.id,
        bbl: f.bbl,
        year: f.year,
        kind: f.kind,
        state: f.state,
        stateChangedAt: iso(f.stateChangedAt),
      })),
      inventory: {
        batches: batches.length,
        byStatus: Object.fromEntries(byStatus.map((s) => [s.status, Number(s.n)])),
      },
      truncated: props.length > VIEW_LIMIT || files.length > VIEW_LIMIT || fils.length > VIEW_LIMIT,
    });
  }
  return { user: { id: user.id, email: user.email, displayName: user.displayName }, companies };
}

/** The import batches of the user's companies with their items (status, photos), newest first. */
export async function userBatches(db: Db, actor: { id: string; email: string }, id: string) {
  const user = await findUser(db, id);
  if (!user) return null;
  await recordView(db, actor, id, "batch-items");
  const companies = [];
  for (const c of user.companies) {
    const batches = await db
      .select({
        id: inventoryBatches.id,
        name: inventoryBatches.name,
        sourceFileName: inventoryBatches.sourceFileName,
        createdAt: inventoryBatches.createdAt,
      })
      .from(inventoryBatches)
      .where(and(eq(inventoryBatches.companyId, c.id), isNull(inventoryBatches.deletedAt)))
      .orderBy(desc(inventoryBatches.createdAt), desc(inventoryBatches.id))
      .limit(VIEW_LIMIT + 1);
    const shown = batches.slice(0, VIEW_LIMIT);
    const items =
      shown.length === 0
        ? []
        : await db
            .select({
              id: inventoryItems.id,
              batchId: inventoryItems.batchId,
              sku: inventoryItems.sku,
              title: inventoryItems.title,
              status: inventoryItems.status,
              quantity: inventoryItems.quantity,
              photos: inventoryItems.photos,
            })
            .from(inventoryItems)
            .where(
              and(
                eq(inventoryItems.companyId, c.id),
                inArray(
                  inventoryItems.batchId,
                  shown.map((b) => b.id),
                ),
                isNull(inventoryItems.deletedAt),
              ),
            )
            .orderBy(inventoryItems.sku)
            .limit(VIEW_LIMIT * 10 + 1);
    companies.push({
      id: c.id,
      companyName: c.companyName,
      isPrimary: c.isPrimary,
      batches: shown.map((b) => ({
        id: b.id,
        name: b.name,
        sourceFileName: b.sourceFileName,
        createdAt: iso(b.createdAt),
        items: items
          .slice(0, VIEW_LIMIT * 10)
          .filter((i) => i.batchId === b.id)
          .map((i) => ({
            id: i.id,
            sku: i.sku,
            title: i.title,
            status: i.status,
            quantity: i.quantity,
            photos: i.photos.length,
          })),
      })),
      truncated: batches.length > VIEW_LIMIT || items.length > VIEW_LIMIT * 10,
    });
  }
  return { user: { id: user.id, email: user.email, displayName: user.displayName }, companies };
}
