import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { filings, invoices, payments } from "../../src/server/db/schema";
import { type StripeDouble, startStripeDouble } from "./doubles/stripe";
import { createProperty } from "./file-helpers";
import { BASE_QUOTE, BASE_TOTAL, caller } from "./filing-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let stripe: StripeDouble;
let server: TestServer;
let ann: TestUser;
let bob: TestUser;
let staff: TestUser;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  stripe = await startStripeDouble();
  server = await startTestServer({ ...stripe.env, PUBLIC_URL: "https://app.blocklot.test" });
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  staff = await createTestUser(server, { displayName: "Staff", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

/** A filing of Ann's with an accepted quote and its unpaid invoice. */
async function invoiced(year: number) {
  const propertyId = await createProperty(server, ann.companyId);
  let f = (await call("POST", "/api/filings", ann, { propertyId, year })).json();
  f = (await call("POST", `/api/filings/${f.id}/documents-sent`, ann, { version: f.version })).json();
  f = (
    await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "in_review",
      version: f.version,
    })
  ).json();
  f = (await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE)).json();
  const accepted = await call("POST", `/api/quotes/${f.quote.id}/accept`, ann);
  expect(accepted.statusCode).toBe(200);
  return { filingId: f.id as string, invoice: accepted.json().invoice };
}

function webhook(payload: string, signature?: string) {
  return server.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    payload,
  });
}

async function paymentsOf(invoiceId: string) {
  return server.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

describe("Stripe Checkout against the local double", () => {
  it("checkout creates a Checkout Session with the invoice's amount and links back", async () => {
    const { invoice } = await invoiced(2026);
    const res = await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    expect(res.statusCode, res.body).toBe(200);
    const session = stripe.sessions.at(-1);
    expect(session).toBeDefined();
    expect(res.json()).toEqual({ provider: "stripe", sessionId: session?.id, url: session?.url });
    expect(session).toMatchObject({
      amount_total: BASE_TOTAL,
      currency: "usd",
      client_reference_id: invoice.id,
      customer_email: ann.email,
      metadata: { invoice_id: invoice.id, invoice_number: invoice.number },
      success_url: `https://app.blocklot.test/dashboard/invoices/${invoice.id}?checkout=success`,
      cancel_url: `https://app.blocklot.test/dashboard/invoices/${invoice.id}?checkout=cancelled`,
    });
    expect(session?.form["line_items[0][price_data][product_data][name]"]).toBe(`Invoice ${invoice.number}`);
    expect(stripe.requests.at(-1)?.authorization).toBe(`Bearer ${stripe.secretKey}`);
    const [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.checkoutSessionId).toBe(session?.id);
  });

  it("a signed checkout.session.completed marks the invoice paid and the filing Paid; a replay changes nothing", async () => {
    const { filingId, invoice } = await invoiced(2025);
    await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    const session = stripe.sessions.at(-1);
    if (!session) throw new Error("no session");
    const event = stripe.completedEvent(session, { eventId: "evt_paid_once" });
    const res = await webhook(event, stripe.sign(event));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, recorded: true });

    const f = (await call("GET", `/api/filings/${filingId}`, ann)).json();
    expect(f.state).toBe("paid");
    expect(f.invoice).toMatchObject({ status: "paid", method: "stripe", paidCents: BASE_TOTAL });
    expect(f.events.at(-1)).toMatchObject({ actorRole: "system", fromState: "quoted", toState: "paid" });
    const before = await paymentsOf(invoice.id);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      provider: "stripe",
      providerEventId: "evt_paid_once",
      providerPaymentId: session.id,
    });

    // Stripe retries the same event (re-signed later): 200, nothing doubled.
    const replay = await webhook(event, stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) + 5 }));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, recorded: false });
    // Another event for the same session (e.g. async_payment_succeeded): still one payment.
    const other = stripe.completedEvent(session, { eventId: "evt_same_session" });
    expect((await webhook(other, stripe.sign(other))).json()).toEqual({ received: true, recorded: false });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    const [filing] = await server.database.db.select().from(filings).where(eq(filings.id, filingId));
    expect(filing?.version).toBe(f.version);

    // Paid: checkout is refused.
    expect((await call("POST", `/api/invoices/${invoice.id}/checkout`, ann)).statusCode).toBe(409);
  });

  it("a forged, stale or missing signature answers 400 and records nothing", async () => {
    const { invoice } = await invoiced(2024);
    await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    const session = stripe.sessions.at(-1);
    if (!session) throw new Error("no session");
    const event = stripe.completedEvent(session);
    const forged = await webhook(event, stripe.sign(event, { secret: "whsec_attacker" }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(
      "Webhook signature verification failed: The Stripe signature does not match the payload",
    );
    const tampered = event.replace(`"amount_total":${BASE_TOTAL}`, '"amount_total":1');
    expect((await webhook(tampered, stripe.sign(event))).statusCode).toBe(400);
    const stale = await webhook(
      event,
      stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toContain("tolerance");
    expect((await webhook(event)).statusCode).toBe(400);
    expect((await webhook("not json", stripe.sign("not json"))).statusCode).toBe(400);
    expect((await webhook("{}", stripe.sign("{}"))).statusCode).toBe(400);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe("unpaid");
  });

  it("events that are not a paid checkout are acknowledged and ignored", async () => {
    const { invoice } = await invoiced(2023);
    await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    const session = stripe.sessions.at(-1);
    if (!session) throw new Error("no session");
    const unpaid = stripe.completedEvent(session, { paid: false });
    expect((await webhook(unpaid, stripe.sign(unpaid))).json()).toEqual({ received: true, recorded: false });
    const other = JSON.stringify({ id: "evt_x", type: "customer.created", data: { object: {} } });
    expect((await webhook(other, stripe.sign(other))).json()).toEqual({ received: true, recorded: false });
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it("Stripe failing answers 503 with what to do; another company's invoice 404", async () => {
    const { invoice } = await invoiced(2022);
    stripe.failNext(500);
    const res = await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("pay by bank transfer or check");
    expect(res.json().code).toBe("UNAVAILABLE");
    expect((await call("POST", `/api/invoices/${invoice.id}/checkout`, bob)).statusCode).toBe(404);
  });

  it("configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET; the API URL defaults to Stripe's", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" }, { jwtSecret: new Uint8Array(32) })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    const config = loadConfig(
      { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" },
      { jwtSecret: new Uint8Array(32) },
    );
    expect(config.stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      apiUrl: "https://api.stripe.com",
    });
    expect(loadConfig({}, { jwtSecret: new Uint8Array(32) }).stripe).toBeUndefined();
  });
});
