import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filingEvents, filings, invoices, mailOutbox, payments, quotes } from "../../src/server/db/schema";
import { type StripeDouble, startStripeDouble } from "./doubles/stripe";
import { createProperty } from "./file-helpers";
import { BASE_QUOTE, BASE_TOTAL, caller, insertFile } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

/**
 * Filing, quote, invoice and payment writes honour Idempotency-Key (a retried request — a
 * flaky network, a double click, an offline queue — acts once), and an invoice never has two
 * payable Stripe Checkout Sessions.
 */
let stripe: StripeDouble;
let server: TestServer;
let ann: TestUser; // admin of Ann Realty (the owner)
let emp: TestUser; // employee of Ann Realty
let staff: TestUser;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  stripe = await startStripeDouble();
  server = await startTestServer({ ...stripe.env, PUBLIC_URL: "https://app.blocklot.test" });
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  emp = await createTestUser(server, { displayName: "Emp", companyName: "Emp Own Co" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

/** The same request twice with one Idempotency-Key: both answers, the second a replay of the first. */
async function twice(method: "POST", url: string, who: TestUser, key: string, payload?: unknown) {
  const send = () =>
    server.app.inject({
      method,
      url,
      headers: { ...who.auth, "idempotency-key": key },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const first = await send();
  const second = await send();
  expect(first.headers["idempotent-replayed"]).toBeUndefined();
  expect(second.headers["idempotent-replayed"], `${url}: ${second.body}`).toBe("true");
  expect(second.statusCode).toBe(first.statusCode);
  expect(second.body).toBe(first.body);
  return { first, second };
}

const json = (r: LightMyRequestResponse) => r.json();
const db = () => server.database.db;
const eventsOf = async (filingId: string, type: string) =>
  (await db().select().from(filingEvents).where(eq(filingEvents.filingId, filingId))).filter(
    (e) => e.type === type,
  );
const mailsTo = async (to: string, kind: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.kind === kind).length;

/** A new filing of Ann's, walked to In review. */
async function inReview(year: number) {
  const propertyId = await createProperty(server, ann.companyId);
  let f = json(await call("POST", "/api/filings", ann, { propertyId, year }));
  f = json(await call("POST", `/api/filings/${f.id}/documents-sent`, ann, { version: f.version }));
  f = json(
    await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "in_review",
      version: f.version,
    }),
  );
  expect(f.state).toBe("in_review");
  return f;
}

/** A new filing with an accepted quote and its unpaid invoice. */
async function invoiced(year: number) {
  const f = json(
    await call("POST", `/api/admin/filings/${(await inReview(year)).id}/quote`, staff, BASE_QUOTE),
  );
  const accepted = await call("POST", `/api/quotes/${f.quote.id}/accept`, ann);
  expect(accepted.statusCode).toBe(200);
  return { filingId: f.id as string, invoice: accepted.json().invoice as { id: string; number: string } };
}

describe("Idempotency-Key on the owner's filing writes", () => {
  it("starting a filing and saying documents are sent, twice with one key, happens once", async () => {
    const propertyId = await createProperty(server, ann.companyId);
    const { first } = await twice("POST", "/api/filings", ann, "create-1", { propertyId, year: 2030 });
    expect(first.statusCode).toBe(201);
    const mine = await db().select().from(filings).where(eq(filings.propertyId, propertyId));
    expect(mine).toHaveLength(1);

    const f = first.json();
    const sent = await twice("POST", `/api/filings/${f.id}/documents-sent`, emp, "docs-1", {
      version: f.version,
    });
    expect(sent.first.statusCode).toBe(200);
    expect(sent.first.json().state).toBe("documents_received");
    expect(
      (await eventsOf(f.id, "transition")).filter((e) => e.toState === "documents_received"),
    ).toHaveLength(1);
    // The same retry without a key is refused as stale: the key is what makes it safe.
    expect(
      (await call("POST", `/api/filings/${f.id}/documents-sent`, emp, { version: f.version })).statusCode,
    ).toBe(409);
  });

  it("a penalty-removal request and an answer to staff's question are sent once", async () => {
    const propertyId = await createProperty(server, ann.companyId);
    const noticeFileId = await insertFile(server, ann.companyId, propertyId);
    const body = { propertyId, year: 2029, reason: "We filed on time", noticeFileId };
    const { first } = await twice("POST", "/api/filings/penalty-removal", ann, "penalty-1", body);
    expect(first.statusCode).toBe(201);
    expect(await db().select().from(filings).where(eq(filings.propertyId, propertyId))).toHaveLength(1);

    const f0 = await inReview(2031);
    const asked = json(
      await call("POST", `/api/admin/filings/${f0.id}/transition`, staff, {
        to: "needs_information",
        version: f0.version,
        message: "Which year is the rent roll?",
      }),
    );
    const answer = await twice("POST", `/api/filings/${f0.id}/answer`, ann, "answer-1", {
      version: asked.version,
      message: "2030",
    });
    expect(answer.first.statusCode).toBe(200);
    expect(await eventsOf(f0.id, "answer")).toHaveLength(1);
  });

  it("accepting a quote twice with one key answers the same invoice twice and creates one", async () => {
    const f = json(
      await call("POST", `/api/admin/filings/${(await inReview(2032)).id}/quote`, staff, BASE_QUOTE),
    );
    const { first } = await twice("POST", `/api/quotes/${f.quote.id}/accept`, ann, "accept-1");
    expect(first.statusCode).toBe(200);
    expect(first.json().quote.status).toBe("accepted");
    expect(await db().select().from(invoices).where(eq(invoices.filingId, f.id))).toHaveLength(1);
  });
});

describe("Idempotency-Key on staff's filing writes", () => {
  it("a quote sent twice with one key is one quote and one mail to the owner", async () => {
    const f = await inReview(2033);
    const mailsBefore = await mailsTo(ann.email, "filing-quote");
    const { first } = await twice("POST", `/api/admin/filings/${f.id}/quote`, staff, "quote-1", BASE_QUOTE);
    expect(first.statusCode).toBe(201);
    expect(first.json().state).toBe("quoted");
    expect(await db().select().from(quotes).where(eq(quotes.filingId, f.id))).toHaveLength(1);
    expect(await mailsTo(ann.email, "filing-quote")).toBe(mailsBefore + 1);
  });

  it("a draft quote sent twice with one key mails once", async () => {
    const f = await inReview(2034);
    const draft = json(
      await call("POST", `/api/admin/filings/${f.id}/quote`, staff, { ...BASE_QUOTE, send: false }),
    );
    const mailsBefore = await mailsTo(ann.email, "filing-quote");
    const { first } = await twice("POST", `/api/admin/quotes/${draft.quote.id}/send`, staff, "send-1");
    expect(first.statusCode, first.body).toBe(200);
    expect(await mailsTo(ann.email, "filing-quote")).toBe(mailsBefore + 1);
  });

  it("a question to the owner asked twice with one key is one move and one mail", async () => {
    const f = await inReview(2035);
    const mailsBefore = await mailsTo(ann.email, "filing-needs-information");
    const { first } = await twice("POST", `/api/admin/filings/${f.id}/transition`, staff, "ask-1", {
      to: "needs_information",
      version: f.version,
      message: "Send the ledger",
    });
    expect(first.statusCode).toBe(200);
    expect(
      (await eventsOf(f.id, "transition")).filter((e) => e.toState === "needs_information"),
    ).toHaveLength(1);
    expect(await mailsTo(ann.email, "filing-needs-information")).toBe(mailsBefore + 1);
  });

  it("a part payment recorded twice with one key is recorded once (without a key it would be twice)", async () => {
    const { invoice } = await invoiced(2036);
    const part = { method: "bank_transfer", amountCents: 10_000, reference: "WIRE-77" };
    const { first } = await twice(
      "POST",
      `/api/admin/invoices/${invoice.id}/mark-received`,
      staff,
      "wire-1",
      part,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().invoice).toMatchObject({ status: "unpaid", paidCents: 10_000 });
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    // The danger the key removes: the same request again without one is a second payment.
    await call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, part);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(2);
  });

  it("an override and marking filed, each twice with one key, happen once", async () => {
    const { filingId, invoice } = await invoiced(2037);
    const over = await twice("POST", `/api/admin/invoices/${invoice.id}/override`, staff, "override-1", {
      reason: "Pays monthly",
    });
    expect(over.first.statusCode).toBe(200);
    expect(await eventsOf(filingId, "override")).toHaveLength(1);
    let f = over.first.json();
    for (const to of ["mapping", "ready_to_file"]) {
      f = json(
        await call("POST", `/api/admin/filings/${filingId}/transition`, staff, { to, version: f.version }),
      );
    }
    const mailsBefore = await mailsTo(ann.email, "filing-filed");
    const filed = await twice("POST", `/api/admin/filings/${filingId}/filed`, staff, "filed-1", {
      version: f.version,
      confirmationNumber: "C-77",
      filedOn: "2026-01-05",
    });
    expect(filed.first.statusCode, filed.first.body).toBe(200);
    expect(filed.first.json().state).toBe("filed");
    expect((await eventsOf(filingId, "transition")).filter((e) => e.toState === "filed")).toHaveLength(1);
    expect(await mailsTo(ann.email, "filing-filed")).toBe(mailsBefore + 1);
  });

  it("the same key for another request is refused with 422", async () => {
    const { invoice } = await invoiced(2038);
    await call("POST", `/api/admin/invoices/${invoice.id}/override`, staff, { reason: "Pays monthly" });
    const reused = await server.app.inject({
      method: "POST",
      url: `/api/admin/invoices/${invoice.id}/mark-received`,
      headers: { ...staff.auth, "idempotency-key": "override-1" },
      payload: { method: "check" },
    });
    expect(reused.statusCode).toBe(422);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(0);
  });
});

describe("one payable Stripe Checkout Session per invoice", () => {
  const sessionsOf = (invoiceId: string) =>
    stripe.sessions.filter((s) => s.client_reference_id === invoiceId);
  const created = () =>
    stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;
  const stored = async (invoiceId: string) =>
    (await db().select().from(invoices).where(eq(invoices.id, invoiceId)))[0]?.checkoutSessionId;

  it("checkout with the same Idempotency-Key twice asks Stripe once", async () => {
    const { invoice } = await invoiced(2040);
    const before = created();
    const { first } = await twice("POST", `/api/invoices/${invoice.id}/checkout`, ann, "pay-1");
    expect(first.statusCode).toBe(200);
    expect(created()).toBe(before + 1);
    expect(sessionsOf(invoice.id)).toHaveLength(1);
  });

  it("asking again while the session is open answers the same session instead of a second one", async () => {
    const { invoice } = await invoiced(2041);
    const one = await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    const again = await call("POST", `/api/invoices/${invoice.id}/checkout`, emp);
    expect(one.statusCode).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(one.json());
    expect(sessionsOf(invoice.id)).toHaveLength(1);
    expect(await stored(invoice.id)).toBe(one.json().sessionId);
  });

  it("an expired session is replaced by a new one", async () => {
    const { invoice } = await invoiced(2042);
    const one = json(await call("POST", `/api/invoices/${invoice.id}/checkout`, ann));
    stripe.expire(sessionsOf(invoice.id)[0] as (typeof stripe.sessions)[number]);
    const two = json(await call("POST", `/api/invoices/${invoice.id}/checkout`, ann));
    expect(two.sessionId).not.toBe(one.sessionId);
    expect(sessionsOf(invoice.id).map((s) => s.status)).toEqual(["expired", "open"]);
    expect(await stored(invoice.id)).toBe(two.sessionId);
  });

  it("after a part payment the open session for the old amount is closed and a new one asks the rest", async () => {
    const { invoice } = await invoiced(2043);
    const one = json(await call("POST", `/api/invoices/${invoice.id}/checkout`, ann));
    await call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, {
      method: "check",
      amountCents: 20_000,
    });
    const two = json(await call("POST", `/api/invoices/${invoice.id}/checkout`, ann));
    expect(two.sessionId).not.toBe(one.sessionId);
    const [old, fresh] = sessionsOf(invoice.id);
    expect(old).toMatchObject({ id: one.sessionId, status: "expired", amount_total: BASE_TOTAL });
    expect(fresh).toMatchObject({ id: two.sessionId, status: "open", amount_total: BASE_TOTAL - 20_000 });
  });

  it("a session paid on Stripe whose webhook has not come yet: no second session, 409 saying so", async () => {
    const { invoice } = await invoiced(2044);
    json(await call("POST", `/api/invoices/${invoice.id}/checkout`, ann));
    stripe.complete(sessionsOf(invoice.id)[0] as (typeof stripe.sessions)[number]);
    const before = created();
    const res = await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "A card payment for this invoice was just completed; it shows as paid in a moment",
    );
    expect(created()).toBe(before);
    expect(sessionsOf(invoice.id)).toHaveLength(1);
  });

  it("two checkouts at the same moment (two people, two tabs) end with one open session for both", async () => {
    const { invoice } = await invoiced(2045);
    const [a, b, c] = await Promise.all([
      call("POST", `/api/invoices/${invoice.id}/checkout`, ann),
      call("POST", `/api/invoices/${invoice.id}/checkout`, ann),
      call("POST", `/api/invoices/${invoice.id}/checkout`, emp),
    ]);
    for (const r of [a, b, c]) expect(r?.statusCode, r?.body).toBe(200);
    const ids = new Set([a, b, c].map((r) => r?.json().sessionId));
    expect(ids.size).toBe(1);
    const open = sessionsOf(invoice.id).filter((s) => s.status === "open");
    expect(open.map((s) => s.id)).toEqual([...ids]);
    expect(await stored(invoice.id)).toBe([...ids][0]);
  });

  it("a session Stripe no longer knows is replaced", async () => {
    const { invoice } = await invoiced(2046);
    await db()
      .update(invoices)
      .set({ checkoutSessionId: "cs_test_from_another_account" })
      .where(and(eq(invoices.id, invoice.id)));
    const res = await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(invoice.id)).toBe(res.json().sessionId);
    expect(sessionsOf(invoice.id)).toHaveLength(1);
  });
});
