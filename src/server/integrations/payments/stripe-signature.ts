import { createHmac, timingSafeEqual } from "node:crypto";

/** Stripe's default tolerance between the signature's timestamp and now. */
const STRIPE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

/**
 * Verifies a `Stripe-Signature` header as Stripe documents it: `t=<unix seconds>` and one or
 * more `v1=<hex>` entries, each an HMAC-SHA256 with the endpoint's signing secret of
 * `${t}.${raw body}`. Any v1 that matches passes (Stripe sends several while a secret is
 * rolled); other schemes (v0) are ignored; t must be within the tolerance of now.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds: number = STRIPE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: "Missing Stripe-Signature header" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null) return { ok: false, reason: "The Stripe-Signature header has no timestamp" };
  if (signatures.length === 0)
    return { ok: false, reason: "The Stripe-Signature header has no v1 signature" };
  const payload = Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), Buffer.from(rawBody)]);
  const expected = createHmac("sha256", secret).update(payload).digest();
  const matches = signatures.some((hex) => timingSafeEqual(Buffer.from(hex, "hex"), expected));
  if (!matches) return { ok: false, reason: "The Stripe signature does not match the payload" };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return { ok: false, reason: "The Stripe signature's timestamp is outside the tolerance" };
  }
  return { ok: true, timestamp };
}
