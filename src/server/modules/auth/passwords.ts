import argon2 from "argon2";
import { httpError } from "../../plugins/errors";

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 256;

export function assertPasswordStrength(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw httpError(400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored argon2 hash. Without a hash (unknown user,
 * Google-only account) a dummy hash is checked anyway, so the answer takes as long
 * and does not reveal whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("no-such-account-dummy-password");
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
