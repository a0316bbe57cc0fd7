import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPerDb } from "../../db/prepared";
import { users } from "../../db/schema";

/** The signed-in user's own account row (routes.ts). */

export type AccountRow = typeof users.$inferSelect;
export type ProfileChange = Partial<Pick<AccountRow, "displayName" | "photo" | "phoneNumber">>;

const accountById = preparedPerDb((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_account"),
);

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await accountById(db).execute({ id });
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
