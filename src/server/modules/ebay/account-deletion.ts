/**
 * eBay's Marketplace Account Deletion notifications (required of every eBay application):
 * the challenge (SHA-256 hex of challenge code + verification token + endpoint URL), the
 * signature check of each POST (X-EBAY-SIGNATURE: base64 JSON with alg, kid, signature — ECDSA
 * over the body — and digest, SHA1 as in eBay's SDKs; the public key fetched by kid from the
 * Notification API and cached), and the deletion of that eBay user's tokens and personal data.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  commerceCustomers,
  ebayAccountDeletions,
  ebayConnections,
  ebayOrders,
  ebayPublicKeys,
} from "../../db/schema";
import { ok } from "../../integrations/ebay/client";
import { applicationClient, type EbayDeps } from "./connection";

export function challengeResponse(code: string, verificationToken: string, endpoint: string): string {
  return createHash("sha256").update(code).update(verificationToken).update(endpoint).digest("hex");
}

interface SignatureHeader {
  alg: string;
  kid: string;
  signature: string;
  digest: string;
}

function parseSignatureHeader(header: string | undefined): SignatureHeader | null {
  if (!header || header.length > 4096) return null;
  try {
    const h = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as Partial<SignatureHeader>;
    if (typeof h.kid !== "string" || !/^[\w-]{1,100}$/.test(h.kid) || typeof h.signature !== "string")
      return null;
    return {
      alg: String(h.alg ?? "ECDSA"),
      kid: h.kid,
      signature: h.signature,
      digest: String(h.digest ?? "SHA1"),
    };
  } catch {
    return null;
  }
}

const memory = new Map<string, { pem: string; digest: string; at: number }>();
const KEY_TTL_MS = 60 * 60_000;

/** eBay's public key for a kid: from memory, then the table, then the Notification API (stored for the next time). */
async function publicKey(deps: EbayDeps, kid: string): Promise<{ pem: string; digest: string } | null> {
  const hit = memory.get(kid);
  if (hit && Date.now() - hit.at < KEY_TTL_MS) return hit;
  const [row] = await deps.db.select().from(ebayPublicKeys).where(eq(ebayPublicKeys.kid, kid));
  if (row && Date.now() - row.fetchedAt.getTime() < 24 * KEY_TTL_MS) {
    memory.set(kid, { pem: row.pem, digest: row.digest, at: Date.now() });
    return row;
  }
  const res = await applicationClient(deps).notification.GET("/public_key/{public_key_id}", {
    params: { path: { public_key_id: kid } },
  });
  if (res.response.status === 404) return null;
  const key = ok("getPublicKey", res);
  if (!key.key) return null;
  const value = { pem: key.key, digest: key.digest ?? "SHA1", algorithm: key.algorithm ?? "ECDSA" };
  await deps.db
    .insert(ebayPublicKeys)
    .values({ kid, ...value })
    .onConflictDoUpdate({ target: ebayPublicKeys.kid, set: { ...value, fetchedAt: sql`now()` } });
  memory.set(kid, { pem: value.pem, digest: value.digest, at: Date.now() });
  return value;
}

/** True when the body was signed by eBay's key named in the header. */
export async function verifyNotification(
  deps: EbayDeps,
  body: Buffer,
  header: string | undefined,
): Promise<boolean> {
  const h = parseSignatureHeader(header);
  if (h?.alg.toUpperCase() !== "ECDSA") return false;
  const key = await publicKey(deps, h.kid);
  if (!key) return false;
  try {
    const pem = key.pem.includes("BEGIN PUBLIC KEY")
      ? key.pem
      : `-----BEGIN PUBLIC KEY-----\n${key.pem}\n-----END PUBLIC KEY-----`;
    const digest = (h.digest || key.digest).toUpperCase() === "SHA256" ? "sha256" : "sha1";
    return verify(digest, body, createPublicKey(pem), Buffer.from(h.signature, "base64"));
  } catch {
    return false;
  }
}

export interface DeletionNotice {
  notificationId: string;
  userId: string | null;
  username: string | null;
}

export function parseDeletion(body: unknown): DeletionNotice | null {
  const n = (
    body as { notification?: { notificationId?: unknown; data?: { userId?: unknown; username?: unknown } } }
  )?.notification;
  if (!n || typeof n.notificationId !== "string" || n.notificationId.length > 200) return null;
  const userId = typeof n.data?.userId === "string" ? n.data.userId : null;
  const username = typeof n.data?.username === "string" ? n.data.username : null;
  if (!userId && !username) return null;
  return { notificationId: n.notificationId, userId, username };
}

/**
 * Deletes what Blocklot holds of that eBay user: a seller's connection (tokens, eBay user id
 * and name) and, where they bought from a seller here, their name, user name and city on the
 * orders. A notification seen before changes nothing.
 */
export async function deleteEbayUser(db: Db, n: DeletionNotice) {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(ebayAccountDeletions)
      .values({ notificationId: n.notificationId })
      .onConflictDoNothing()
      .returning({ id: ebayAccountDeletions.notificationId });
    if (fresh.length === 0) return { repeated: true, connections: 0, orders: 0 };
    const matchSeller = or(
      n.userId ? eq(ebayConnections.ebayUserId, n.userId) : sql`false`,
      n.username ? eq(ebayConnections.ebayUsername, n.username) : sql`false`,
    );
    const connections = await tx
      .delete(ebayConnections)
      .where(matchSeller)
      .returning({ id: ebayConnections.id });
    const orders = n.username
      ? await tx
          .update(ebayOrders)
          .set({ buyerUsername: null, buyerName: null, buyerCity: null, updatedAt: sql`now()` })
          .where(eq(ebayOrders.buyerUsername, n.username))
          .returning({ id: ebayOrders.id })
      : [];
    // and what the companies wrote about them as a customer (docs/commerce.md)
    if (n.username) await tx.delete(commerceCustomers).where(eq(commerceCustomers.buyerUsername, n.username));
    await tx
      .update(ebayAccountDeletions)
      .set({ connectionsDeleted: connections.length, ordersCleared: orders.length })
      .where(eq(ebayAccountDeletions.notificationId, n.notificationId));
    return { repeated: false, connections: connections.length, orders: orders.length };
  });
}
