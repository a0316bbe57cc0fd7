import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * eBay tokens at rest: AES-256-GCM with a 96-bit random IV per value and the 128-bit tag,
 * stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). `aad` binds a value to its row (the
 * connection id), so a token copied into another row does not decrypt.
 */
export function encryptToken(key: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The token, or throws when the value was changed, made with another key or for another row. */
export function decryptToken(key: Buffer, stored: string, aad: string): string {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Not an encrypted eBay token");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
