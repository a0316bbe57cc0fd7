import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** The signed-in user's own account row (routes.ts). */

export type AccountRow = typeof users.$inferSelect;
export type ProfileChange = Partial<Pick<AccountRow, "displayName" | "photo" | "phoneNumber">>;

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Answers the row after the change; undefined when the account is gone. */
export async function updateProfile(
  db: Db,
  id: string,
  change: ProfileChange,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}
