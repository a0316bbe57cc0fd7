import { and, eq, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { clarityIds, users } from "../../db/schema";

/** The user with this (normalised) email, matched case-insensitively. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByGoogleSub(db: Db, sub: string) {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row ?? null;
}

/** Marks the address confirmed (once: an already confirmed account keeps its first date). */
export async function confirmEmail(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)));
}

/**
 * Sets a new password hash after a reset. Opening the mailed link proves the address, so an
 * unconfirmed account is confirmed too. Answers the account's email, or null when it is gone.
 */
export async function resetPassword(db: Db, id: string, passwordHash: string): Promise<string | null> {
  const now = new Date();
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, id))
    .returning({ email: users.email, emailConfirmedAt: users.emailConfirmedAt });
  if (user && !user.emailConfirmedAt) {
    await db.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, id));
  }
  return user?.email ?? null;
}

/** Stores a Microsoft Clarity id of the user; false when it was stored before. */
export async function saveClarityId(db: Db, userId: string, clarityId: string): Promise<boolean> {
  const inserted = await db
    .insert(clarityIds)
    .values({ id: uuidv7(), userId, clarityId })
    .onConflictDoNothing({ target: [clarityIds.userId, clarityIds.clarityId] })
    .returning({ id: clarityIds.id });
  return inserted.length > 0;
}
