// Over 600 lines on purpose: the filing pipeline is one journey on one database, from request to filed, each step building on the last.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filingEvents, filings, invoices, mailOutbox, payments, quotes } from "../../src/server/db/schema";
import { createProperty } from "./file-helpers";
import { BASE_QUOTE, BASE_TOTAL, caller, insertFile } from "./filing-helpers";
import { addMember, createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let ann: TestUser; // admin of Ann Realty (the owner)
let emp: TestUser; // employee of Ann Realty
let bob: TestUser; // admin of Bob Holdings (another company)
let staff: TestUser; // super admin
let call: ReturnType<typeof caller>;
let annProperty: string;

beforeAll(async () => {
  server = await startTestServer({ PAYMENT_INSTRUCTIONS: "Wire to Test Bank, account 123." });
  call = caller(server);
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  emp = await createTestUser(server, { displayName: "Emp", companyName: "Emp Own Co" });
  await addMember(server, ann.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
  annProperty = await createProperty(server, ann.companyId);
});
afterAll(async () => server.close());

/** Creates a filing for a new property of Ann's and walks it to `in_review`. */
async function filingInReview(year = 2026) {
  const propertyId = await createProperty(server, ann.companyId);
  const created = await call("POST", "/api/filings", ann, { propertyId, year });
  expect(created.statusCode).toBe(201);
  let f = created.json();
  f = (await call("POST", `/api/filings/${f.id}/documents-sent`, emp, { version: f.version })).json();
  const r = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
    to: "in_review",
    version: f.version,
  });
  expect(r.statusCode).toBe(200);
  return r.json();
}

async function quotedAndAccepted() {
  const f = await filingInReview();
  const q = await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE);
  expect(q.statusCode).toBe(201);
  const accepted = await call("POST", `/api/quotes/${q.json().quote.id}/accept`, ann);
  expect(accepted.statusCode).toBe(200);
  return { filing: q.json(), invoice: accepted.json().invoice };
}

describe("the pipeline end to end (bank transfer)", () => {
  it("owner creates, staff quote, owner accepts, transfer marked, mapping, ready, filed", async () => {
    // Owner creates the filing: documents requested.
    const created = await call("POST", "/api/filings", ann, { propertyId: annProperty, year: 2026 });
    expect(created.statusCode).toBe(201);
    let f = created.json();
    expect(f).toMatchObject({ state: "documents_requested", kind: "rpie", year: 2026, version: 1 });
    expect(f.deadline).toBe("2026-06-01");
    expect(f.nextStates).toEqual(["documents_received"]);

    // An employee of the same company says the documents are uploaded.
    f = (await call("POST", `/api/filings/${f.id}/documents-sent`, emp, { version: f.version })).json();
    expect(f.state).toBe("documents_received");

    // Staff see it in the queue with counts.
    const queue = await call("GET", `/api/admin/filings?companyId=${ann.companyId}`, staff);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().counts.documents_received).toBe(1);
    expect(queue.json().items.map((x: { id: string }) => x.id)).toContain(f.id);

    f = (
      await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
        to: "in_review",
        version: f.version,
      })
    ).json();
    expect(f.state).toBe("in_review");

    // Staff price it and send the quote: Quoted; the owner is mailed.
    const priced = await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE);
    expect(priced.statusCode).toBe(201);
    f = priced.json();
    expect(f.state).toBe("quoted");
    expect(f.quote).toMatchObject({ status: "sent", totalCents: BASE_TOTAL });
    expect(f.quote.items).toEqual([
      {
        kind: "base_filing",
        description: "Base filing",
        quantity: 1,
        unitCents: 45_000,
        amountCents: 45_000,
      },
      {
        kind: "extra_statement",
        description: "Two more statements",
        quantity: 2,
        unitCents: 7_500,
        amountCents: 15_000,
      },
    ]);
    const quoteMail = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "filing-quote"));
    expect(quoteMail.map((m) => m.to).sort()).toEqual([ann.email, emp.email].sort());

    // The owner accepts: an invoice follows.
    const accepted = await call("POST", `/api/quotes/${f.quote.id}/accept`, ann);
    expect(accepted.statusCode).toBe(200);
    const invoice = accepted.json().invoice;
    expect(invoice).toMatchObject({
      status: "unpaid",
      amountCents: BASE_TOTAL,
      paidCents: 0,
      filingId: f.id,
    });
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(accepted.json().quote).toMatchObject({ status: "accepted", acceptedBy: ann.userId });

    // The owner lists and opens invoices; checkout without Stripe gives bank/check instructions.
    const list = await call("GET", "/api/invoices", emp);
    expect(list.json().map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    expect((await call("GET", `/api/invoices/${invoice.id}`, ann)).json().number).toBe(invoice.number);
    const checkout = await call("POST", `/api/invoices/${invoice.id}/checkout`, ann);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json()).toEqual({
      provider: "manual",
      instructions: "Wire to Test Bank, account 123.",
      reference: invoice.number,
      amountCents: BASE_TOTAL,
      currency: "usd",
    });

    // Unpaid: staff cannot skip to mapping without an override.
    f = (await call("GET", `/api/filings/${f.id}`, ann)).json();
    const blocked = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "mapping",
      version: f.version,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain("unpaid");

    // Staff mark the bank transfer received: invoice paid, filing Paid.
    const marked = await call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, {
      method: "bank_transfer",
      reference: "WIRE-778",
    });
    expect(marked.statusCode).toBe(200);
    f = marked.json();
    expect(f.state).toBe("paid");
    expect(f.invoice).toMatchObject({ status: "paid", method: "bank_transfer", paidCents: BASE_TOTAL });
    const again = await call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, {
      method: "check",
    });
    expect(again.statusCode).toBe(409);
    expect(
      await server.database.db.select().from(payments).where(eq(payments.invoiceId, invoice.id)),
    ).toHaveLength(1);

    for (const to of ["mapping", "ready_to_file"]) {
      const r = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
        to,
        version: f.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      f = r.json();
      expect(f.state).toBe(to);
    }

    const filed = await call("POST", `/api/admin/filings/${f.id}/filed`, staff, {
      version: f.version,
      confirmationNumber: "RPIE-2026-99881",
      filedOn: "2026-05-20",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    f = filed.json();
    expect(f).toMatchObject({
      state: "filed",
      confirmationNumber: "RPIE-2026-99881",
      filedOn: "2026-05-20",
      filedBy: staff.userId,
      nextStates: [],
    });

    // The owner's timeline shows every step, in order, with who did it.
    const mine = (await call("GET", "/api/filings", ann)).json();
    const timeline = mine.find((x: { id: string }) => x.id === f.id);
    expect(
      timeline.events
        .filter((e: { type: string }) => e.type === "transition" || e.type === "created")
        .map((e: { toState: string }) => e.toState),
    ).toEqual([
      "documents_requested",
      "documents_received",
      "in_review",
      "quoted",
      "paid",
      "mapping",
      "ready_to_file",
      "filed",
    ]);
    expect(timeline.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(["quote_accepted", "payment"]),
    );
    expect(timeline.events.find((e: { toState: string }) => e.toState === "filed")).toMatchObject({
      actorRole: "staff",
      actorName: "Stella",
      fromState: "ready_to_file",
    });
    expect(timeline.nextStates).toEqual([]);

    // The invoice PDF is a real PDF with the invoice number in its title.
    const pdf = await call("GET", `/api/invoices/${invoice.id}/pdf`, ann);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe(`Invoice ${invoice.number}`);
    expect(doc.getPageCount()).toBe(1);

    // Filed mail to the owners.
    const filedMail = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "filing-filed"));
    expect(filedMail[0]?.text).toContain("RPIE-2026-99881");
  });

  it("needs information goes back where it came from when the owner answers", async () => {
    const f0 = await filingInReview(2025);
    const asked = await call("POST", `/api/admin/filings/${f0.id}/transition`, staff, {
      to: "needs_information",
      version: f0.version,
      message: "Please upload the 2024 rent roll",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ state: "needs_information", returnTo: "in_review" });
    const mail = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "filing-needs-information"));
    expect(mail.some((m) => m.text.includes("Please upload the 2024 rent roll"))).toBe(true);

    const mine = (await call("GET", `/api/filings/${f0.id}`, ann)).json();
    expect(mine.question).toBe("Please upload the 2024 rent roll");
    expect(mine.nextStates).toEqual(["in_review"]);

    const fileId = await insertFile(server, ann.companyId, f0.propertyId, "rent roll 2024.xlsx");
    const answered = await call("POST", `/api/filings/${f0.id}/answer`, emp, {
      version: mine.version,
      message: "Uploaded it",
      fileIds: [fileId],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ state: "in_review", returnTo: null, question: null });
    const last = answered.json().events.at(-1);
    expect(last).toMatchObject({
      type: "answer",
      actorRole: "owner",
      fromState: "needs_information",
      toState: "in_review",
    });
    expect(last.message).toContain("rent roll 2024.xlsx");

    // Answering when nothing was asked: 409.
    const extra = await call("POST", `/api/filings/${f0.id}/answer`, ann, {
      version: answered.json().version,
      message: "More",
    });
    expect(extra.statusCode).toBe(409);
    expect(extra.json().message).toBe("This filing is not waiting for information from you");
  });

  it("staff override an unpaid invoice with a reason, then mapping → ready → filed", async () => {
    const { filing, invoice } = await quotedAndAccepted();
    const noReason = await call("POST", `/api/admin/invoices/${invoice.id}/override`, staff, {
      reason: "  ",
    });
    expect(noReason.statusCode).toBe(400);
    const over = await call("POST", `/api/admin/invoices/${invoice.id}/override`, staff, {
      reason: "Long-standing client, pays monthly",
    });
    expect(over.statusCode).toBe(200);
    let f = over.json();
    expect(f.invoice).toMatchObject({
      status: "unpaid",
      overrideReason: "Long-standing client, pays monthly",
    });
    expect(f.events.at(-1)).toMatchObject({ type: "override", actorRole: "staff" });
    for (const to of ["mapping", "ready_to_file"]) {
      const r = await call("POST", `/api/admin/filings/${filing.id}/transition`, staff, {
        to,
        version: f.version,
      });
      expect(r.statusCode, r.body).toBe(200);
      f = r.json();
    }
    const filed = await call("POST", `/api/admin/filings/${filing.id}/filed`, staff, {
      version: f.version,
      confirmationNumber: "C-1",
      filedOn: "2026-01-02",
    });
    expect(filed.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "unpaid", overriddenBy: staff.userId });
  });

  it("a penalty-removal request enters the same pipeline with its notice", async () => {
    const propertyId = await createProperty(server, ann.companyId);
    const notice = await insertFile(server, ann.companyId, propertyId, "penalty notice.pdf");
    const r = await call("POST", "/api/filings/penalty-removal", ann, {
      propertyId,
      year: 2024,
      reason: "We filed on time; the city lost it",
      noticeFileId: notice,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      kind: "penalty_removal",
      state: "documents_received",
      noticeFileId: notice,
      reason: "We filed on time; the city lost it",
    });
    const queue = (await call("GET", "/api/admin/filings?kind=penalty_removal", staff)).json();
    expect(queue.items.map((x: { id: string }) => x.id)).toEqual([r.json().id]);
    expect(queue.counts.documents_received).toBe(1);

    const otherProperty = await createProperty(server, ann.companyId);
    const wrong = await call("POST", "/api/filings/penalty-removal", ann, {
      propertyId: otherProperty,
      year: 2024,
      reason: "x",
      noticeFileId: notice,
    });
    expect(wrong.statusCode).toBe(400);
    const bobsNotice = await insertFile(server, bob.companyId, await createProperty(server, bob.companyId));
    const foreign = await call("POST", "/api/filings/penalty-removal", ann, {
      propertyId,
      year: 2023,
      reason: "x",
      noticeFileId: bobsNotice,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("roles and companies", () => {
  it("an owner cannot price, mark paid, override, transition or mark filed", async () => {
    const { filing, invoice } = await quotedAndAccepted();
    const attempts = [
      call("POST", `/api/admin/filings/${filing.id}/quote`, ann, BASE_QUOTE),
      call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, ann, { method: "check" }),
      call("POST", `/api/admin/invoices/${invoice.id}/override`, ann, { reason: "because" }),
      call("POST", `/api/admin/filings/${filing.id}/transition`, ann, { to: "mapping", version: 1 }),
      call("POST", `/api/admin/filings/${filing.id}/filed`, ann, {
        version: 1,
        confirmationNumber: "X",
        filedOn: "2026-01-01",
      }),
      call("GET", "/api/admin/filings", ann),
      call("GET", `/api/admin/filings/${filing.id}`, emp),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
    const [row] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe("unpaid");
    expect(row?.overrideReason).toBeNull();
  });

  it("another company's filing, quote and invoice answer 404", async () => {
    const { filing, invoice } = await quotedAndAccepted();
    const bobCalls = [
      call("GET", `/api/filings/${filing.id}`, bob),
      call("POST", `/api/filings/${filing.id}/documents-sent`, bob, { version: 1 }),
      call("POST", `/api/filings/${filing.id}/answer`, bob, { version: 1, message: "hi" }),
      call("POST", `/api/quotes/${filing.quote.id}/accept`, bob),
      call("GET", `/api/invoices/${invoice.id}`, bob),
      call("GET", `/api/invoices/${invoice.id}/pdf`, bob),
      call("POST", `/api/invoices/${invoice.id}/checkout`, bob),
    ];
    for (const res of await Promise.all(bobCalls)) expect(res.statusCode).toBe(404);
    expect((await call("GET", "/api/filings", bob)).json()).toEqual([]);
    expect((await call("GET", "/api/invoices", bob)).json()).toEqual([]);
    // Creating a filing on another company's property: 404.
    expect(
      (await call("POST", "/api/filings", bob, { propertyId: filing.propertyId, year: 2026 })).statusCode,
    ).toBe(404);
    // Staff read any invoice.
    expect((await call("GET", `/api/invoices/${invoice.id}`, staff)).statusCode).toBe(200);
  });

  it("the routes are in the OpenAPI document", async () => {
    const paths = Object.keys((await call("GET", "/api/docs/json")).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/filings",
        "/api/filings/{id}/answer",
        "/api/quotes/{id}/accept",
        "/api/invoices/{id}/pdf",
        "/api/invoices/{id}/checkout",
        "/api/admin/filings",
        "/api/admin/filings/{id}/filed",
        "/api/payments/stripe/webhook",
      ]),
    );
  });

  it("declares the TC309 flags in every staff answer that returns a filing, and in no owner answer", async () => {
    const doc = (await call("GET", "/api/docs/json")).json();
    const schemaOf = (path: string, method: "get" | "post", status: string) =>
      doc.paths[path][method].responses[status].content["application/json"].schema;
    const staffAnswers = [
      ["/api/admin/filings/{id}", "get", "200"],
      ["/api/admin/filings/{id}/transition", "post", "200"],
      ["/api/admin/filings/{id}/quote", "post", "201"],
      ["/api/admin/quotes/{id}/send", "post", "200"],
      ["/api/admin/invoices/{id}/mark-received", "post", "200"],
      ["/api/admin/invoices/{id}/override", "post", "200"],
      ["/api/admin/filings/{id}/filed", "post", "200"],
    ] as const;
    for (const [path, method, status] of staffAnswers) {
      const schema = schemaOf(path, method, status);
      expect(schema.required, path).toContain("flags");
      expect(schema.properties.flags.type, path).toBe("array");
    }
    expect(schemaOf("/api/admin/filings", "get", "200").properties.items.items.required).toContain("flags");
    expect(schemaOf("/api/filings/{id}", "get", "200").properties).not.toHaveProperty("flags");
  });

  it("anonymous callers get 401", async () => {
    for (const [m, u] of [
      ["GET", "/api/filings"],
      ["GET", "/api/invoices"],
      ["GET", "/api/admin/filings"],
    ] as const) {
      expect((await call(m, u)).statusCode).toBe(401);
    }
  });
});

describe("illegal moves, stale versions, duplicates", () => {
  it("illegal transitions answer 409 with a clear message and change nothing", async () => {
    const f = await filingInReview(2024);
    const r = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "filed",
      version: f.version,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      "A filing cannot go from In review to Filed: from In review it can go to Quoted or Needs information",
    );
    const toQuoted = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "quoted",
      version: f.version,
    });
    expect(toQuoted.statusCode).toBe(409);
    expect(toQuoted.json().message).toContain("price the quote and send it");
    const noMessage = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "needs_information",
      version: f.version,
    });
    expect(noMessage.statusCode).toBe(400);
    const [row] = await server.database.db.select().from(filings).where(eq(filings.id, f.id));
    expect(row).toMatchObject({ state: "in_review", version: f.version });
    // The owner cannot take staff's move from documents_requested either way.
    const fresh = (
      await call("POST", "/api/filings", ann, {
        propertyId: await createProperty(server, ann.companyId),
        year: 2026,
      })
    ).json();
    const twice = await call("POST", `/api/filings/${fresh.id}/documents-sent`, ann, {
      version: fresh.version,
    });
    expect(twice.statusCode).toBe(200);
    const third = await call("POST", `/api/filings/${fresh.id}/documents-sent`, ann, {
      version: twice.json().version,
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain("cannot go from Documents received to Documents received");
  });

  it("a stale version answers 409 with the current filing", async () => {
    const f = await filingInReview(2023);
    const r = await call("POST", `/api/admin/filings/${f.id}/transition`, staff, {
      to: "needs_information",
      version: f.version - 1,
      message: "?",
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe("STALE_VERSION");
    expect(r.json().current).toMatchObject({ id: f.id, state: "in_review", version: f.version });
  });

  it("one filing per property, year and kind", async () => {
    const again = await call("POST", "/api/filings", ann, { propertyId: annProperty, year: 2026 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This property already has a rpie statement filing for 2026");
    expect(again.json().filingId).toBeTruthy();
  });

  it("a quote accepted twice answers 409 and nothing is doubled", async () => {
    const f = await filingInReview(2022);
    const q = (await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE)).json();
    const [a, b] = await Promise.all([
      call("POST", `/api/quotes/${q.quote.id}/accept`, ann),
      call("POST", `/api/quotes/${q.quote.id}/accept`, emp),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const third = await call("POST", `/api/quotes/${q.quote.id}/accept`, ann);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(
      /^This quote was already accepted on \d{4}-\d{2}-\d{2}; its invoice is INV-/,
    );
    const rows = await server.database.db.select().from(invoices).where(eq(invoices.filingId, f.id));
    expect(rows).toHaveLength(1);
    expect(third.json().invoiceId).toBe(rows[0]?.id);
    const accepted = await server.database.db
      .select()
      .from(filingEvents)
      .where(eq(filingEvents.filingId, f.id));
    expect(accepted.filter((e) => e.type === "quote_accepted")).toHaveLength(1);
    // Re-pricing after acceptance is refused.
    const reprice = await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE);
    expect(reprice.statusCode).toBe(409);
  });

  it("a re-sent quote replaces the old one, which can no longer be accepted; drafts stay hidden from owners", async () => {
    const f = await filingInReview(2021);
    const first = (await call("POST", `/api/admin/filings/${f.id}/quote`, staff, BASE_QUOTE)).json();
    const draft = await call("POST", `/api/admin/filings/${f.id}/quote`, staff, {
      items: [{ kind: "base_filing", quantity: 1, unitCents: 40_000 }],
      send: false,
    });
    expect(draft.json().quote).toMatchObject({ status: "draft", totalCents: 40_000 });
    expect((await call("GET", `/api/filings/${f.id}`, ann)).json().quote.id).toBe(first.quote.id);
    const draftAccept = await call("POST", `/api/quotes/${draft.json().quote.id}/accept`, ann);
    expect(draftAccept.statusCode).toBe(404);
    const sent = await call("POST", `/api/admin/quotes/${draft.json().quote.id}/send`, staff);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().quote).toMatchObject({ status: "sent", totalCents: 40_000 });
    const old = await call("POST", `/api/quotes/${first.quote.id}/accept`, ann);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toContain("replaced by a newer one");
    const rows = await server.database.db.select().from(quotes).where(eq(quotes.filingId, f.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["sent", "withdrawn"]);
  });
});

describe("bad input answers 4xx, never 500", () => {
  it("refuses malformed bodies, ids and values", async () => {
    const { filing, invoice } = await quotedAndAccepted();
    const cases: Array<[Promise<{ statusCode: number; body: string }>, number]> = [
      [call("POST", "/api/filings", ann, { propertyId: "nope", year: 2026 }), 400],
      [call("POST", "/api/filings", ann, { propertyId: annProperty, year: 1800 }), 400],
      [call("POST", "/api/filings", ann, { propertyId: annProperty, year: "2026" }), 400],
      [call("POST", "/api/filings", ann, { propertyId: annProperty, year: 2026, extra: 1 }), 400],
      [
        call("POST", "/api/filings", ann, { propertyId: annProperty, year: 2026, kind: "penalty_removal" }),
        400,
      ],
      [call("GET", "/api/filings/not-a-uuid", ann), 400],
      [call("GET", "/api/filings?year=abc", ann), 400],
      [call("GET", "/api/admin/filings?state=lost", staff), 400],
      [call("GET", "/api/admin/filings?rowsPerPage=0", staff), 400],
      [call("POST", `/api/admin/filings/${filing.id}/quote`, staff, { items: [] }), 400],
      [
        call("POST", `/api/admin/filings/${filing.id}/quote`, staff, {
          items: [{ kind: "rush", quantity: 1, unitCents: 12.5 }],
        }),
        400,
      ],
      [
        call("POST", `/api/admin/filings/${filing.id}/quote`, staff, {
          items: [{ kind: "lunch", quantity: 1, unitCents: 1 }],
        }),
        400,
      ],
      [
        call("POST", `/api/admin/filings/${filing.id}/quote`, staff, {
          items: [{ kind: "rush", quantity: 1, unitCents: -5 }],
        }),
        400,
      ],
      [
        call("POST", `/api/admin/filings/${filing.id}/transition`, staff, { to: "somewhere", version: 1 }),
        400,
      ],
      [call("POST", `/api/admin/filings/${filing.id}/transition`, staff, { to: "mapping" }), 400],
      [
        call("POST", `/api/admin/filings/${filing.id}/filed`, staff, {
          version: 1,
          confirmationNumber: "",
          filedOn: "2026-01-01",
        }),
        400,
      ],
      [
        call("POST", `/api/admin/filings/${filing.id}/filed`, staff, {
          version: 1,
          confirmationNumber: "A",
          filedOn: "yesterday",
        }),
        400,
      ],
      [call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, { method: "cash" }), 400],
      [
        call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, {
          method: "check",
          amountCents: 0,
        }),
        400,
      ],
      [
        call("POST", `/api/admin/invoices/${invoice.id}/mark-received`, staff, {
          method: "check",
          receivedOn: "2026-02-30",
        }),
        400,
      ],
      [call("POST", `/api/admin/invoices/${invoice.id}/override`, staff, {}), 400],
      [
        call("POST", "/api/admin/invoices/0192e4a0-0000-7000-8000-000000000000/override", staff, {
          reason: "why not",
        }),
        404,
      ],
      [call("POST", "/api/quotes/0192e4a0-0000-7000-8000-000000000000/accept", ann), 404],
      [call("GET", "/api/invoices/0192e4a0-0000-7000-8000-000000000000/pdf", ann), 404],
      [
        call("POST", "/api/filings", ann, { propertyId: "0192e4a0-0000-7000-8000-000000000000", year: 2026 }),
        404,
      ],
      [
        server.app.inject({
          method: "POST",
          url: "/api/filings",
          headers: { ...ann.auth, "content-type": "application/json" },
          payload: "{bad",
        }),
        400,
      ],
      // Stripe is not configured in this server: its webhook does not exist.
      [
        server.app.inject({
          method: "POST",
          url: "/api/payments/stripe/webhook",
          headers: { "content-type": "application/json" },
          payload: "{}",
        }),
        404,
      ],
    ];
    for (const [i, [res, status]] of (
      await Promise.all(cases.map(async ([p, s]) => [await p, s] as const))
    ).entries()) {
      expect(res.statusCode, `case ${i}: ${res.body}`).toBe(status);
    }
    // Filed date in the future is refused by the rules (400), and nothing moved.
    const [row] = await server.database.db.select().from(filings).where(eq(filings.id, filing.id));
    expect(row?.state).toBe("quoted");
  });
});
