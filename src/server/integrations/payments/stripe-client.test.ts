import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createPaymentProvider } from ".";
import { PaymentProviderError } from "./provider";
import {
  checkoutIdempotencyKey,
  createStripeClient,
  createStripeProvider,
  encodeStripeForm,
} from "./stripe-client";

const request = {
  invoiceId: "0192e4a0-0000-7000-8000-000000000001",
  invoiceNumber: "INV-2026-001001",
  amountCents: 60_000,
  currency: "usd",
  description: "RPIE statement 2026, BBL 1011190036",
  successUrl: "https://app.test/ok",
  cancelUrl: "https://app.test/cancel",
};

describe("Stripe form encoding", () => {
  it("nests objects and arrays the way Stripe reads them, skipping empty values", () => {
    expect(
      encodeStripeForm({
        mode: "payment",
        customer_email: undefined,
        metadata: { invoice_id: "a b" },
        line_items: [{ quantity: 1, price_data: { unit_amount: 500, product_data: { name: "X&Y" } } }],
      }),
    ).toBe(
      [
        "mode=payment",
        "metadata%5Binvoice_id%5D=a%20b",
        "line_items%5B0%5D%5Bquantity%5D=1",
        "line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=500",
        "line_items%5B0%5D%5Bprice_data%5D%5Bproduct_data%5D%5Bname%5D=X%26Y",
      ].join("&"),
    );
  });
});

describe("Stripe client errors", () => {
  it("turns refusals, network failures and odd answers into PaymentProviderError", async () => {
    const refused = createStripeClient({
      secretKey: "sk_test",
      apiUrl: "http://stripe.invalid",
      fetch: async () =>
        new Response(JSON.stringify({ error: { message: "No such price" } }), { status: 400 }),
    });
    await expect(refused.createCheckoutSession(request)).rejects.toMatchObject({
      message: "Stripe refused the request (400): No such price",
      status: 400,
    });
    await expect(refused.createCheckoutSession(request)).rejects.toBeInstanceOf(PaymentProviderError);
    const down = createStripeClient({
      secretKey: "sk_test",
      apiUrl: "http://stripe.invalid",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(down.createCheckoutSession(request)).rejects.toBeInstanceOf(PaymentProviderError);
    const odd = createStripeClient({
      secretKey: "sk_test",
      apiUrl: "http://stripe.invalid",
      fetch: async () => new Response("{}", { status: 200 }),
    });
    await expect(odd.createCheckoutSession(request)).rejects.toThrow(/without a Checkout Session id/);
  });

  it("without STRIPE_SECRET_KEY the provider gives bank transfer / check instructions", async () => {
    const config = loadConfig({ PAYMENT_INSTRUCTIONS: "Wire us." }, { jwtSecret: new Uint8Array(32) });
    const provider = createPaymentProvider(config);
    expect(provider.name).toBe("manual");
    expect(await provider.startCheckout(request)).toEqual({
      provider: "manual",
      instructions: "Wire us.",
      reference: "INV-2026-001001",
      amountCents: 60_000,
      currency: "usd",
    });
  });
});

describe("closing a spare Checkout Session", () => {
  /** One session on a Stripe that answers both reads before either expire lands, as two checkouts at once see it. */
  const stripeWithOneSession = () => {
    let status = "open";
    let reads = 0;
    const session = () => ({
      id: "cs_spare",
      status,
      url: "https://checkout.test/cs_spare",
      amount_total: 60_000,
      currency: "usd",
    });
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      if (init?.method === "POST" && String(url).endsWith("/expire")) {
        if (status !== "open") {
          return Response.json(
            { error: { message: 'Only Checkout Sessions with a status in ["open"] can be expired.' } },
            { status: 400 },
          );
        }
        status = "expired";
        return Response.json(session());
      }
      reads++;
      // Both checkouts read "open" before either closes it.
      return Response.json(reads <= 2 ? { ...session(), status: "open" } : session());
    };
    return createStripeProvider({
      secretKey: "sk_test",
      apiUrl: "http://stripe.invalid",
      fetch: fetch as typeof globalThis.fetch,
    });
  };

  it("two checkouts closing the same session at once both succeed", async () => {
    const provider = stripeWithOneSession();
    await expect(
      Promise.all([provider.closeCheckout?.("cs_spare"), provider.closeCheckout?.("cs_spare")]),
    ).resolves.toHaveLength(2);
  });

  it("a refused expire of a session that is still open is still an error", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test",
      apiUrl: "http://stripe.invalid",
      fetch: (async (_url: string | URL | Request, init?: RequestInit) =>
        init?.method === "POST"
          ? Response.json({ error: { message: "Stripe is busy" } }, { status: 500 })
          : Response.json({
              id: "cs_spare",
              status: "open",
              url: "https://checkout.test/x",
              amount_total: 1,
              currency: "usd",
            })) as typeof fetch,
    });
    await expect(provider.closeCheckout?.("cs_spare")).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("Stripe Idempotency-Key of a checkout", () => {
  it("is the same for the same checkout and changes with what it replaces, the amount or the payer", () => {
    const key = checkoutIdempotencyKey(request);
    expect(key).toMatch(/^blocklot-checkout-[0-9a-f]{40}$/);
    expect(checkoutIdempotencyKey({ ...request })).toBe(key);
    expect(checkoutIdempotencyKey({ ...request, previousSessionId: null })).toBe(key);
    for (const other of [
      { previousSessionId: "cs_test_old" },
      { amountCents: 40_000 },
      { customerEmail: "someone@example.com" },
      { invoiceId: "0192e4a0-0000-7000-8000-000000000002" },
    ]) {
      expect(checkoutIdempotencyKey({ ...request, ...other })).not.toBe(key);
    }
  });
});
