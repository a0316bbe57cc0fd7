import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { FilingActor } from "../../../domain/filing";
import { formatCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import { filings, invoices, payments } from "../../db/schema";
import { splitTotal, totalOver } from "../../db/total-over";
import { httpError } from "../../plugins/errors";
import { notify } from "../notifications/store";
import {
  addEvent,
  type FilingWithNames,
  findFiling,
  invoiceToApi,
  itemsOf,
  lockFiling,
  moveFiling,
  paidCentsOf,
  type Q,
  selectFilings,
  touchFiling,
} from "./filings";

const INVOICE_NOT_FOUND = "Invoice not found";
type InvoiceRow = typeof invoices.$inferSelect;

/** Invoices in API shape, newest first; with a company id only that company's. */
export async function listInvoices(q: Q, companyId: string) {
  const rows = await q
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.createdAt));
  return invoicesToApi(q, rows);
}

/** The company's unpaid invoices: how many, oldest first. */
export async function invoicesDue(q: Q, companyId: string, limit: number) {
  const rows = await q
    .select({
      id: invoices.id,
      number: invoices.number,
      filingId: invoices.filingId,
      amountCents: invoices.amountCents,
      total: totalOver(),
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "unpaid")))
    .orderBy(asc(invoices.createdAt))
    .limit(limit);
  return splitTotal(rows);
}

async function invoicesToApi(q: Q, rows: InvoiceRow[]) {
  if (rows.length === 0) return [];
  const filingRows = await selectFilings(q, inArray(filings.id, [...new Set(rows.map((r) => r.filingId))]));
  const byId = new Map(filingRows.map((f) => [f.filing.id, f]));
  const items = await itemsOf(
    q,
    rows.map((r) => r.quoteId),
  );
  const paid = await paidCentsOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    invoiceToApi(r, byId.get(r.filingId) as FilingWithNames, items, paid.get(r.id) ?? 0),
  );
}

/** One invoice (another company's answers 404 unless `companyId` is undefined, for staff). */
export async function findInvoice(q: Q, id: string, companyId: string | undefined) {
  const [row] = await q
    .select()
    .from(invoices)
    .where(companyId ? and(eq(invoices.id, id), eq(invoices.companyId, companyId)) : eq(invoices.id, id));
  if (!row) throw httpError(404, INVOICE_NOT_FOUND);
  const filing = await findFiling(q, row.filingId);
  if (!filing) throw httpError(404, INVOICE_NOT_FOUND);
  const [api] = await invoicesToApi(q, [row]);
  return { row, filing, api: api as NonNullable<typeof api> };
}

export interface PaymentRecord {
  provider: "stripe" | "bank_transfer" | "check";
  /** Unique per payment: Stripe's event id, or "manual:<uuid>". A repeat changes nothing. */
  eventId: string;
  paymentId?: string | null;
  amountCents: number;
  currency?: string;
  receivedOn?: string | null;
  actor: FilingActor;
  actorId: string | null;
}

/**
 * Records money received for an invoice, once per provider event id. When the payments cover the
 * amount the invoice becomes paid, and a Quoted filing moves to Paid. Answers whether anything
 * was recorded (false for a replay).
 */
export async function recordPayment(
  db: Db,
  invoiceId: string,
  p: PaymentRecord,
  now = new Date(),
): Promise<{ recorded: boolean; paid: boolean }> {
  return db.transaction(async (tx) => {
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!inv) throw httpError(404, INVOICE_NOT_FOUND);
    const filing = await lockFiling(tx, inv.filingId);
    if (p.provider === "stripe" && p.paymentId) {
      // One Checkout Session pays once, whichever of its events (completed, async succeeded) arrives.
      const [same] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, "stripe"), eq(payments.providerPaymentId, p.paymentId)));
      if (same) return { recorded: false, paid: inv.status === "paid" };
    }
    const inserted = await tx
      .insert(payments)
      .values({
        id: uuidv7(),
        invoiceId,
        companyId: inv.companyId,
        provider: p.provider,
        providerPaymentId: p.paymentId ?? null,
        providerEventId: p.eventId,
        amountCents: p.amountCents,
        currency: p.currency ?? inv.currency,
        recordedBy: p.actor === "staff" ? p.actorId : null,
        receivedOn: p.receivedOn ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.providerEventId })
      .returning({ id: payments.id });
    if (inserted.length === 0) return { recorded: false, paid: inv.status === "paid" };
    const total = (await paidCentsOf(tx, [invoiceId])).get(invoiceId) ?? 0;
    const covers = total >= inv.amountCents;
    const becomesPaid = covers && inv.status === "unpaid";
    if (becomesPaid) {
      await tx
        .update(invoices)
        .set({ status: "paid", method: p.provider, paidAt: now, version: inv.version + 1, updatedAt: now })
        .where(eq(invoices.id, invoiceId));
    }
    const method = p.provider === "stripe" ? "card (Stripe)" : p.provider.replace("_", " ");
    await addEvent(tx, {
      filingId: filing.id,
      actorId: p.actorId,
      actorRole: p.actor,
      type: "payment",
      message: `${formatCents(p.amountCents)} received by ${method} for invoice ${inv.number}${
        covers ? "" : ` (${formatCents(inv.amountCents - total)} still due)`
      }`,
      at: now,
    });
    if (becomesPaid) {
      await notify(tx, {
        type: "invoice_paid",
        companyId: inv.companyId,
        recipients: "members",
        authorId: p.actorId,
        job: p.actor === "staff" ? "Filing staff" : null,
        skipAuthor: false,
        description: `Invoice ${inv.number} is paid: ${formatCents(inv.amountCents)} by ${method}`,
        link: `/dashboard/invoices/${inv.id}`,
      });
    }
    if (becomesPaid && filing.state === "quoted") {
      await moveFiling(tx, filing, { to: "paid", actor: p.actor, actorId: p.actorId, now });
    } else {
      await touchFiling(tx, filing, now);
    }
    return { recorded: true, paid: covers };
  });
}

/** Staff record a bank transfer or check received. Refused for a paid or void invoice. */
export async function markReceived(
  db: Db,
  invoiceId: string,
  staffId: string,
  body: { method: "bank_transfer" | "check"; reference?: string; receivedOn?: string; amountCents?: number },
  now = new Date(),
) {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw httpError(404, INVOICE_NOT_FOUND);
  if (inv.status === "paid") throw httpError(409, `Invoice ${inv.number} is already paid`);
  if (inv.status === "void") throw httpError(409, `Invoice ${inv.number} is void`);
  const real = (iso: string) => {
    const d = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
  };
  if (body.receivedOn && (!real(body.receivedOn) || body.receivedOn > now.toISOString().slice(0, 10))) {
    throw httpError(400, "The date received must be a real date, not in the future");
  }
  return recordPayment(
    db,
    invoiceId,
    {
      provider: body.method,
      eventId: `manual:${uuidv7()}`,
      paymentId: body.reference?.trim() || null,
      amountCents: body.amountCents ?? inv.amountCents,
      receivedOn: body.receivedOn ?? now.toISOString().slice(0, 10),
      actor: "staff",
      actorId: staffId,
    },
    now,
  );
}

/** Staff let a filing with an unpaid invoice go ahead; the reason, who and when are recorded. */
export async function overrideUnpaid(
  db: Db,
  invoiceId: string,
  staffId: string,
  reason: string,
  now = new Date(),
) {
  const text = reason.trim();
  if (text.length < 3) throw httpError(400, "Give the reason for letting this filing go ahead unpaid");
  await db.transaction(async (tx) => {
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!inv) throw httpError(404, INVOICE_NOT_FOUND);
    const filing = await lockFiling(tx, inv.filingId);
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
    if (locked?.status !== "unpaid")
      throw httpError(409, `Invoice ${inv.number} is ${locked?.status}; nothing to override`);
    if (locked.overrideReason)
      throw httpError(409, `Invoice ${inv.number} is already overridden: ${locked.overrideReason}`);
    await tx
      .update(invoices)
      .set({
        overrideReason: text,
        overriddenBy: staffId,
        overriddenAt: now,
        version: inv.version + 1,
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    await addEvent(tx, {
      filingId: filing.id,
      actorId: staffId,
      actorRole: "staff",
      type: "override",
      message: `Unpaid invoice ${inv.number} overridden: ${text}`,
      at: now,
    });
    await touchFiling(tx, filing, now);
  });
}

/**
 * Keeps `sessionId` as the invoice's checkout session if the invoice still has `previous` (compare
 * and set, so two checkouts at once keep one session). Answers the session the invoice has now.
 */
export async function swapCheckoutSession(
  q: Q,
  invoiceId: string,
  previous: string | null,
  sessionId: string,
): Promise<string | null> {
  const stored = await q
    .update(invoices)
    .set({ checkoutSessionId: sessionId, updatedAt: new Date() })
    .where(
      and(
        eq(invoices.id, invoiceId),
        previous === null ? isNull(invoices.checkoutSessionId) : eq(invoices.checkoutSessionId, previous),
      ),
    )
    .returning({ id: invoices.id });
  if (stored.length > 0) return sessionId;
  const [now] = await q
    .select({ sessionId: invoices.checkoutSessionId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return now?.sessionId ?? null;
}
