import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPerDb } from "../../db/prepared";
import { users } from "../../db/schema";

/** The signed-in user's own account row (routes.ts). */

export type AccountRow = typeof users.$inferSelect;
export type ProfileChange = Partial<Pick<AccountRow, "displayName" | "photo" | "phoneNumber">>;

/**
 * The columns the profile shows, and whether the account is disabled: what GET and PATCH
 * /api/account/profile need. Not the whole row: the profile read is the hot path of the
 * authenticated-reads benchmark (docs/benchmarks.md), and each column costs the driver and
 * drizzle work on every read (16 columns, the password hash and the roles array among them).
 */
const profileColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  photo: users.photo,
  phoneNumber: users.phoneNumber,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
};
export type ProfileRow = Pick<AccountRow, keyof typeof profileColumns>;

const profileById = preparedPerDb((db) =>
  db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_profile"),
);

export async function findProfile(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await profileById(db).execute({ id });
  return row;
}

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
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(profileColumns);
  return row;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}
