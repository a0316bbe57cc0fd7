import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The photo-link capability (docs/warehouse.md "Photos by link"): 33 bytes in base64url
 * (44 characters) — a format byte (1), the link row's id (16 bytes of its UUID) and the first
 * 16 bytes of HMAC-SHA256 over those 17 bytes. The HMAC key is derived (HKDF-SHA256) from the
 * server's JWT secret with its own label, so a link can never pass for an access token or the
 * other way round. A hash that does not verify is refused without touching the database; one
 * that verifies names a row, which says until when it is valid and whether it was revoked.
 */

const FORMAT = 1;
const TAG_BYTES = 16;
const ID_BYTES = 16;
const HASH_BYTES = 1 + ID_BYTES + TAG_BYTES;
export const PHOTO_LINK_HASH_LENGTH = Math.ceil((HASH_BYTES * 4) / 3);

const keys = new WeakMap<Uint8Array, Buffer>();

/** The signing key for photo links, derived once per server secret. */
export function photoLinkKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "blocklot", "inventory-photo-link/v1", 32));
    keys.set(secret, key);
  }
  return key;
}

const tag = (key: Buffer, body: Buffer) =>
  createHmac("sha256", key).update(body).digest().subarray(0, TAG_BYTES);

function uuidBytes(id: string): Buffer {
  const hex = id.replaceAll("-", "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a UUID: ${id}`);
  return Buffer.from(hex, "hex");
}

function bytesToUuid(b: Buffer): string {
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The hash for a link row id. */
export function signPhotoLink(linkId: string, key: Buffer): string {
  const body = Buffer.concat([Buffer.from([FORMAT]), uuidBytes(linkId)]);
  return Buffer.concat([body, tag(key, body)]).toString("base64url");
}

/** The link row id a hash names, or null when it is malformed or its signature is wrong (forged). */
export function readPhotoLink(hash: string, key: Buffer): string | null {
  if (hash.length !== PHOTO_LINK_HASH_LENGTH || !/^[A-Za-z0-9_-]+$/.test(hash)) return null;
  const raw = Buffer.from(hash, "base64url");
  if (raw.length !== HASH_BYTES || raw[0] !== FORMAT) return null;
  // base64url has spare bits in its last character: only the canonical text is accepted.
  if (raw.toString("base64url") !== hash) return null;
  const body = raw.subarray(0, 1 + ID_BYTES);
  const given = raw.subarray(1 + ID_BYTES);
  if (!timingSafeEqual(given, tag(key, body))) return null;
  return bytesToUuid(body.subarray(1));
}
