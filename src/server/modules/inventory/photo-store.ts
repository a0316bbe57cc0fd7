import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { inventoryItems, inventoryPhotoLinks, inventoryPhotos } from "../../db/schema";

/** The SQL of photos by link (photo-routes.ts): links, stored photos and the item's `photos`. */

export type PhotoLinkRow = typeof inventoryPhotoLinks.$inferSelect;
export type PhotoRow = typeof inventoryPhotos.$inferSelect;
type NewPhoto = typeof inventoryPhotos.$inferInsert;

/** The item of a company, deleted or not; undefined when the company has no such item. */
export async function companyItemState(tx: Db, companyId: string, itemId: string) {
  const [item] = await tx
    .select({ id: inventoryItems.id, deletedAt: inventoryItems.deletedAt })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.companyId, companyId)));
  return item;
}

/** A link with its item (`lock`: FOR UPDATE, so an upload and a revoke wait for each other). */
export async function linkWithItem(tx: Db, linkId: string, lock = false) {
  const q = tx
    .select({ link: inventoryPhotoLinks, item: inventoryItems })
    .from(inventoryPhotoLinks)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryPhotoLinks.itemId))
    .where(eq(inventoryPhotoLinks.id, linkId));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** The item's live link that is good until at least `until`, the latest first. */
export async function liveLinkUntil(tx: Db, companyId: string, itemId: string, until: Date) {
  const [current] = await tx
    .select()
    .from(inventoryPhotoLinks)
    .where(
      and(
        eq(inventoryPhotoLinks.itemId, itemId),
        eq(inventoryPhotoLinks.companyId, companyId),
        isNull(inventoryPhotoLinks.revokedAt),
        gt(inventoryPhotoLinks.expiresAt, until),
      ),
    )
    .orderBy(sql`${inventoryPhotoLinks.expiresAt} desc`)
    .limit(1);
  return current;
}

export async function insertLink(
  tx: Db,
  link: { companyId: string; itemId: string; createdBy: string; expiresAt: Date },
): Promise<PhotoLinkRow> {
  const [row] = await tx
    .insert(inventoryPhotoLinks)
    .values({ id: uuidv7(), ...link })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Turns off every live link of the item. */
export async function revokeLinks(tx: Db, companyId: string, itemId: string) {
  await tx
    .update(inventoryPhotoLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(inventoryPhotoLinks.itemId, itemId),
        eq(inventoryPhotoLinks.companyId, companyId),
        isNull(inventoryPhotoLinks.revokedAt),
      ),
    );
}

export async function companyPhoto(db: Db, companyId: string, photoId: string) {
  const [photo] = await db
    .select()
    .from(inventoryPhotos)
    .where(and(eq(inventoryPhotos.id, photoId), eq(inventoryPhotos.companyId, companyId)));
  return photo;
}

export async function itemPhoto(db: Db, itemId: string, photoId: string) {
  const [photo] = await db
    .select()
    .from(inventoryPhotos)
    .where(and(eq(inventoryPhotos.id, photoId), eq(inventoryPhotos.itemId, itemId)));
  return photo;
}

/** The photo an earlier upload with this idempotency key stored through this link, with the item's photos. */
export async function photoByKey(tx: Db, linkId: string, idempotencyKey: string) {
  const [done] = await tx
    .select({ photo: inventoryPhotos, photos: inventoryItems.photos })
    .from(inventoryPhotos)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryPhotos.itemId))
    .where(and(eq(inventoryPhotos.linkId, linkId), eq(inventoryPhotos.idempotencyKey, idempotencyKey)));
  return done;
}

/** How many photos the item holds, its row locked until the transaction ends. */
export async function lockedPhotoCount(tx: Db, itemId: string): Promise<number> {
  const [current] = await tx
    .select({ photos: inventoryItems.photos })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId))
    .for("update");
  return current?.photos.length ?? 0;
}

/**
 * Stores the photo's row and appends its reference to the item's `photos`, bumping the item's
 * version (so the sync feed carries it). Answers the item's photos after the append.
 */
export async function addItemPhoto(tx: Db, photo: NewPhoto, ref: string): Promise<string[]> {
  await tx.insert(inventoryPhotos).values(photo);
  const [updated] = await tx
    .update(inventoryItems)
    .set({
      photos: sql`array_append(${inventoryItems.photos}, ${ref})`,
      version: sql`${inventoryItems.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(inventoryItems.id, photo.itemId))
    .returning({ photos: inventoryItems.photos });
  return updated?.photos ?? [];
}
