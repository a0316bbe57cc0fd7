import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyStripeSignature } from "./stripe-signature";

const secret = "whsec_test_secret";
const body = '{"id":"evt_1","type":"checkout.session.completed"}';
const sig = (t: number, payload = body, key = secret) =>
  createHmac("sha256", key).update(`${t}.${payload}`).digest("hex");

describe("verifyStripeSignature", () => {
  const now = 1_700_000_000;

  it("accepts Stripe's header format, any matching v1, ignoring v0", () => {
    expect(verifyStripeSignature(body, `t=${now},v1=${sig(now)}`, secret, now)).toEqual({
      ok: true,
      timestamp: now,
    });
    const rolled = `t=${now},v1=${sig(now, body, "whsec_old")},v1=${sig(now)},v0=abc`;
    expect(verifyStripeSignature(Buffer.from(body), rolled, secret, now).ok).toBe(true);
  });

  it("refuses a missing header, missing parts, a wrong secret or a changed body", () => {
    expect(verifyStripeSignature(body, undefined, secret, now)).toMatchObject({ ok: false });
    expect(verifyStripeSignature(body, `v1=${sig(now)}`, secret, now)).toMatchObject({
      reason: "The Stripe-Signature header has no timestamp",
    });
    expect(verifyStripeSignature(body, `t=${now}`, secret, now)).toMatchObject({
      reason: "The Stripe-Signature header has no v1 signature",
    });
    expect(
      verifyStripeSignature(body, `t=${now},v1=${sig(now, body, "whsec_other")}`, secret, now),
    ).toMatchObject({
      reason: "The Stripe signature does not match the payload",
    });
    expect(verifyStripeSignature(`${body} `, `t=${now},v1=${sig(now)}`, secret, now).ok).toBe(false);
    expect(verifyStripeSignature(body, `t=${now + 1},v1=${sig(now)}`, secret, now).ok).toBe(false);
    expect(verifyStripeSignature(body, `t=${now},v1=nothex`, secret, now).ok).toBe(false);
  });

  it("keeps to the 5-minute tolerance either way", () => {
    expect(verifyStripeSignature(body, `t=${now - 300},v1=${sig(now - 300)}`, secret, now).ok).toBe(true);
    expect(verifyStripeSignature(body, `t=${now - 301},v1=${sig(now - 301)}`, secret, now)).toMatchObject({
      reason: "The Stripe signature's timestamp is outside the tolerance",
    });
    expect(verifyStripeSignature(body, `t=${now + 301},v1=${sig(now + 301)}`, secret, now).ok).toBe(false);
  });
});
