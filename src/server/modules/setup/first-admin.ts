import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, arrayContains, isNull, sql } from "drizzle-orm";
import { ROLES } from "../../../domain/roles";
import { SETUP_CODE_ALPHABET, SETUP_CODE_GROUP_LENGTH, SETUP_CODE_GROUPS } from "../../../domain/setup";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { audit } from "../auth/audit";
import { isUniqueViolation } from "../auth/db-errors";
import { normalizeEmail } from "../auth/email";
import { assertPasswordStrength, hashPassword } from "../auth/passwords";
import { findUserByEmail } from "../auth/users";
import { createUserWithCompany } from "../users/create";

/** Serialises first-admin setups across processes and replicas (pg_advisory_xact_lock). */
const SETUP_LOCK = 7_310_460;
/** Wrong codes accepted per minute before the setup answers 429 for the rest of the minute. */
export const SETUP_MAX_WRONG_PER_MINUTE = 10;

/** A code like "K7QF-M2XD-9HTR": 12 characters of an alphabet without look-alikes (about 56 bits). */
export function newSetupCode(): string {
  const group = () =>
    Array.from(
      { length: SETUP_CODE_GROUP_LENGTH },
      () => SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)],
    ).join("");
  return Array.from({ length: SETUP_CODE_GROUPS }, group).join("-");
}

/** What people may type: case, spaces and dashes do not matter. */
const canonical = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, "");
const digest = (code: string) => createHash("sha256").update(canonical(code)).digest();

/** True when an enabled super administrator exists. */
async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(users)
    .where(and(arrayContains(users.roles, [ROLES.SUPER_ADMIN]), isNull(users.disabledAt)))
    .limit(1);
  return !!row;
}

export interface SetupInput {
  code: string;
  displayName: string;
  email: string;
  password: string;
}

/**
 * The first super administrator without editing settings (issue 24): while no super admin exists
 * and ADMIN_EMAIL is unset, the server makes a setup code, prints it once in its console
 * (`announce`), and /setup creates the first super admin for whoever types that code, once. The
 * code lives only in this process's memory (never in the database or a log file); a restart
 * before setup prints a new one.
 */
export class FirstAdminSetup {
  private codeDigest: Buffer | null = null;
  private wrong: number[] = [];

  constructor(
    private readonly db: Db,
    private readonly adminEmailSet: boolean,
    /** Where a new code is said (the server's console); replaced by tests. */
    public announce: (code: string) => void = () => {},
  ) {}

  /**
   * Makes and announces a setup code when the product has no super admin and ADMIN_EMAIL is unset
   * (on start, and after the last super admin went with the demo data). Answers the code, or null.
   */
  async openIfNeeded(): Promise<string | null> {
    if (this.adminEmailSet || (await hasSuperAdmin(this.db))) return null;
    if (this.codeDigest) return null; // already announced in this process
    const code = newSetupCode();
    this.codeDigest = digest(code);
    this.announce(code);
    return code;
  }

  /** Setup is open: a code was announced and still no super admin exists. */
  async isOpen(): Promise<boolean> {
    return this.codeDigest !== null && !(await hasSuperAdmin(this.db));
  }

  private checkCode(code: string) {
    const now = Date.now();
    this.wrong = this.wrong.filter((t) => now - t < 60_000);
    if (this.wrong.length >= SETUP_MAX_WRONG_PER_MINUTE) {
      throw httpError(429, "Too many wrong setup codes: wait a minute and try again");
    }
    const ok = this.codeDigest !== null && timingSafeEqual(digest(code), this.codeDigest);
    if (!ok) {
      this.wrong.push(now);
      throw httpError(403, "That is not the setup code printed in the server's console");
    }
  }

  /** Creates the first super admin (confirmed, with their own company); the code is spent. */
  async complete(input: SetupInput): Promise<{ userId: string; email: string }> {
    if (!(await this.isOpen()))
      throw httpError(409, "This Blocklot already has an administrator: sign in instead");
    this.checkCode(input.code);
    const email = normalizeEmail(input.email);
    assertPasswordStrength(input.password);
    const displayName = input.displayName.trim();
    if (!displayName) throw httpError(400, "Your name is required");
    if (await findUserByEmail(this.db, email)) {
      throw httpError(409, "An account with this e-mail address already exists: use another address", {
        code: "DUPLICATE",
      });
    }
    const passwordHash = await hashPassword(input.password);
    const created = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
      // Another request (or replica) may have finished setup while this one waited.
      if (await hasSuperAdmin(tx as unknown as Db)) return null;
      try {
        return await createUserWithCompany(tx as unknown as Db, {
          email,
          displayName,
          passwordHash,
          roles: [ROLES.SUPER_ADMIN],
          emailConfirmed: true,
          companyName: "Blocklot",
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw httpError(409, "An account with this e-mail address already exists");
        throw err;
      }
    });
    if (!created) throw httpError(409, "This Blocklot already has an administrator: sign in instead");
    this.codeDigest = null;
    await audit(this.db, "admin-bootstrap", {
      userId: created.userId,
      detail: { change: "created", via: "setup" },
    });
    return { userId: created.userId, email };
  }
}
