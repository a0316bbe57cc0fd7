import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh unguessable token: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Constant-time string comparison (for the CSRF double-submit check). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, "utf8");
  const bb = Buffer.from(b, "utf8");
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
