import { v7 as uuidv7 } from "uuid";
import { ROLES, type Role } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { companies, companyMembers, users } from "../../db/schema";

export interface NewUser {
  email: string;
  displayName: string;
  passwordHash?: string | null;
  googleSub?: string | null;
  photo?: string | null;
  /** Global roles besides ROLE_USER (ROLE_SUPER_ADMIN, ROLE_MARKETPLACE). */
  roles?: Role[];
  emailConfirmed?: boolean;
  /** Name of the company the user gets (they are its admin); defaults to "{displayName}'s company". */
  companyName?: string;
}

/**
 * Creates a user and the company they own (spec: a new account gets its own company
 * and is its admin, unless it joins one by invitation). One transaction.
 */
export async function createUserWithCompany(db: Db, input: NewUser) {
  const userId = uuidv7();
  const companyId = uuidv7();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: input.email.trim().toLowerCase(),
      displayName: input.displayName.trim(),
      passwordHash: input.passwordHash ?? null,
      googleSub: input.googleSub ?? null,
      photo: input.photo ?? null,
      roles: [ROLES.USER, ...(input.roles ?? []).filter((r) => r !== ROLES.USER)],
      emailConfirmedAt: input.emailConfirmed ? now : null,
    });
    await tx.insert(companies).values({
      id: companyId,
      name: input.companyName?.trim() || `${input.displayName.trim()}'s company`,
    });
    await tx
      .insert(companyMembers)
      .values({ companyId, userId, roles: [ROLES.COMPANY_ADMIN], isPrimary: true });
  });
  return { userId, companyId };
}
