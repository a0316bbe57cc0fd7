import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import {
  checkTransition,
  type FilingActor,
  type FilingKind,
  type FilingState,
  type InformationState,
  isInformationState,
  movesFor,
  type PaymentStanding,
  type QuoteItemKind,
} from "../../../domain/filing";
import { filingDeadline, todayInNewYork } from "../../../domain/rpie";
import type * as schema from "../../db/schema";
import {
  companies,
  filingEvents,
  filings,
  invoices,
  payments,
  properties,
  quoteLineItems,
  quotes,
  users,
} from "../../db/schema";
import { httpError } from "../../plugins/errors";

/** The database or a transaction: every query here runs on either. */
export type Q = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export const FILING_NOT_FOUND = "Filing not found";
const STALE_FILING =
  "This filing was changed by someone else since you opened it. Review the current filing and try again.";

export type FilingRow = typeof filings.$inferSelect;
type QuoteRow = typeof quotes.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type ItemRow = typeof quoteLineItems.$inferSelect;

export interface FilingWithNames {
  filing: FilingRow;
  companyName: string;
  bbl: string;
  address: string | null;
}

const rowColumns = {
  filing: filings,
  companyName: companies.name,
  bbl: properties.bbl,
  address: properties.address,
};

/** Filings with their company's name and property's BBL and address. */
export function selectFilings(q: Q, where: SQL | undefined) {
  return q
    .select(rowColumns)
    .from(filings)
    .innerJoin(companies, eq(companies.id, filings.companyId))
    .innerJoin(properties, eq(properties.id, filings.propertyId))
    .where(where);
}

/** One filing; with a company id, only that company's (another company's id is not found). */
export async function findFiling(q: Q, id: string, companyId?: string): Promise<FilingWithNames | null> {
  const [row] = await selectFilings(
    q,
    companyId ? and(eq(filings.id, id), eq(filings.companyId, companyId)) : eq(filings.id, id),
  );
  return row ?? null;
}

/** Locks a filing row for a change (FOR UPDATE) inside a transaction; 404 when not visible. */
export async function lockFiling(tx: Q, id: string, companyId?: string): Promise<FilingRow> {
  const [row] = await tx
    .select()
    .from(filings)
    .where(companyId ? and(eq(filings.id, id), eq(filings.companyId, companyId)) : eq(filings.id, id))
    .for("update");
  if (!row) throw httpError(404, FILING_NOT_FOUND);
  return row;
}

/** Where the filing's money stands, from its live (not void) invoice. */
async function paymentStanding(q: Q, filingId: string): Promise<PaymentStanding> {
  const [inv] = await q
    .select({ status: invoices.status, overrideReason: invoices.overrideReason })
    .from(invoices)
    .where(and(eq(invoices.filingId, filingId), ne(invoices.status, "void")))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  if (!inv) return "none";
  if (inv.status === "paid") return "paid";
  return inv.overrideReason ? "overridden" : "unpaid";
}

async function hasSentQuote(q: Q, filingId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.filingId, filingId), inArray(quotes.status, ["sent", "accepted"])))
    .limit(1);
  return !!row;
}

export async function addEvent(
  q: Q,
  e: {
    filingId: string;
    actorId: string | null;
    actorRole: FilingActor;
    type: string;
    fromState?: string | null;
    toState?: string | null;
    message?: string | null;
    at?: Date;
  },
) {
  await q.insert(filingEvents).values({
    id: uuidv7(),
    filingId: e.filingId,
    actorId: e.actorId,
    actorRole: e.actorRole,
    type: e.type,
    fromState: e.fromState ?? null,
    toState: e.toState ?? null,
    message: e.message?.trim() || null,
    createdAt: e.at ?? new Date(),
  });
}

const REFUSAL_STATUS = { illegal: 409, forbidden: 403, blocked: 409, incomplete: 400 } as const;

/**
 * Moves a locked filing to `to` when the pipeline rules allow it: checks the version (409 with
 * the current filing), the move, the actor and its preconditions (payment, quote, details);
 * updates the row (version + 1) and records the event. Run inside a transaction.
 */
export async function moveFiling(
  tx: Q,
  filing: FilingRow,
  opts: {
    to: FilingState;
    actor: FilingActor;
    actorId: string | null;
    version?: number;
    message?: string | null;
    filed?: { confirmationNumber: string; filedOn: string };
    now?: Date;
    onStale?: (tx: Q) => Promise<Record<string, unknown>>;
  },
): Promise<FilingRow> {
  if (opts.version !== undefined && opts.version !== filing.version) {
    throw httpError(409, STALE_FILING, {
      code: ERROR_CODES.STALE_VERSION,
      ...(opts.onStale ? { current: await opts.onStale(tx) } : {}),
    });
  }
  const now = opts.now ?? new Date();
  const returnTo = isInformationState(filing.returnTo) ? filing.returnTo : null;
  const result = checkTransition({
    filing: { state: filing.state as FilingState, returnTo },
    to: opts.to,
    actor: opts.actor,
    payment: await paymentStanding(tx, filing.id),
    quoteSent: await hasSentQuote(tx, filing.id),
    message: opts.message,
    filed: opts.filed ? { ...opts.filed, filedBy: opts.actorId } : undefined,
    today: todayInNewYork(now),
  });
  if (!result.ok) throw httpError(REFUSAL_STATUS[result.code], result.message);
  const [updated] = await tx
    .update(filings)
    .set({
      state: result.state,
      returnTo: result.returnTo,
      stateChangedAt: now,
      version: filing.version + 1,
      updatedAt: now,
      ...(result.state === "filed" && opts.filed
        ? {
            confirmationNumber: opts.filed.confirmationNumber.trim(),
            filedOn: opts.filed.filedOn,
            filedBy: opts.actorId,
          }
        : {}),
    })
    .where(eq(filings.id, filing.id))
    .returning();
  await addEvent(tx, {
    filingId: filing.id,
    actorId: opts.actorId,
    actorRole: opts.actor,
    type: filing.state === "needs_information" && opts.actor === "owner" ? "answer" : "transition",
    fromState: filing.state,
    toState: result.state,
    message:
      result.state === "filed" && opts.filed
        ? `Confirmation ${opts.filed.confirmationNumber.trim()}, filed ${opts.filed.filedOn}`
        : opts.message,
    at: now,
  });
  if (!updated) throw new Error("filing vanished during an update");
  return updated;
}

/** Bumps a filing's version (for changes that are not moves, e.g. a new quote or a payment). */
export async function touchFiling(tx: Q, filing: FilingRow, now = new Date()) {
  await tx
    .update(filings)
    .set({ version: filing.version + 1, updatedAt: now })
    .where(eq(filings.id, filing.id));
}

// ---- API shapes ----

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A quote's lines in order. */
function linesOf(quoteId: string, items: ItemRow[]) {
  return items
    .filter((i) => i.quoteId === quoteId)
    .sort((a, b) => a.position - b.position)
    .map((i) => ({
      kind: i.kind as QuoteItemKind,
      description: i.description,
      quantity: i.quantity,
      unitCents: i.unitCents,
      amountCents: i.amountCents,
    }));
}

function quoteToApi(q: QuoteRow, items: ItemRow[]) {
  return {
    id: q.id,
    filingId: q.filingId,
    status: q.status,
    totalCents: q.totalCents,
    note: q.note,
    items: linesOf(q.id, items),
    sentAt: iso(q.sentAt),
    acceptedAt: iso(q.acceptedAt),
    acceptedBy: q.acceptedBy,
    createdAt: q.createdAt.toISOString(),
  };
}

export function invoiceToApi(inv: InvoiceRow, f: FilingWithNames, items: ItemRow[], paidCents: number) {
  return {
    id: inv.id,
    number: inv.number,
    filingId: inv.filingId,
    quoteId: inv.quoteId,
    companyId: inv.companyId,
    companyName: f.companyName,
    propertyId: f.filing.propertyId,
    bbl: f.bbl,
    address: f.address,
    year: f.filing.year,
    kind: f.filing.kind,
    amountCents: inv.amountCents,
    paidCents,
    currency: inv.currency,
    status: inv.status as "unpaid",
    method: inv.method,
    paidAt: iso(inv.paidAt),
    overrideReason: inv.overrideReason,
    overriddenAt: iso(inv.overriddenAt),
    items: linesOf(inv.quoteId, items),
    createdAt: inv.createdAt.toISOString(),
  };
}

export async function paidCentsOf(q: Q, invoiceIds: string[]): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await q
    .select({ invoiceId: payments.invoiceId, total: sql<string>`sum(${payments.amountCents})` })
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .groupBy(payments.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId, Number(r.total)]));
}

export async function itemsOf(q: Q, quoteIds: string[]): Promise<ItemRow[]> {
  if (quoteIds.length === 0) return [];
  return q.select().from(quoteLineItems).where(inArray(quoteLineItems.quoteId, quoteIds));
}

/**
 * The API view of filings: each with its events (the timeline), its current quote (staff also
 * see drafts), its live invoice and the moves the caller may take next.
 */
export async function filingsToApi(
  q: Q,
  rows: FilingWithNames[],
  opts: { actor: FilingActor; drafts: boolean; now?: Date },
) {
  if (rows.length === 0) return [];
  const now = opts.now ?? new Date();
  const ids = rows.map((r) => r.filing.id);
  // One query after the other: `q` may be a transaction (a stale change's 409 reads its `current`
  // in it), whose single connection must not be handed two queries at once (pg warns, pg 9 refuses).
  const events = await q
    .select({ event: filingEvents, actorName: users.displayName })
    .from(filingEvents)
    .leftJoin(users, eq(users.id, filingEvents.actorId))
    .where(inArray(filingEvents.filingId, ids))
    .orderBy(asc(filingEvents.createdAt), asc(filingEvents.id));
  const quoteRows = await q
    .select()
    .from(quotes)
    .where(
      and(
        inArray(quotes.filingId, ids),
        opts.drafts
          ? inArray(quotes.status, ["draft", "sent", "accepted"])
          : inArray(quotes.status, ["sent", "accepted"]),
      ),
    )
    .orderBy(desc(quotes.createdAt));
  const invoiceRows = await q
    .select()
    .from(invoices)
    .where(and(inArray(invoices.filingId, ids), ne(invoices.status, "void")))
    .orderBy(desc(invoices.createdAt));
  const items = await itemsOf(
    q,
    quoteRows.map((x) => x.id),
  );
  const paid = await paidCentsOf(
    q,
    invoiceRows.map((x) => x.id),
  );
  return rows.map((r) => {
    const f = r.filing;
    const mine = events.filter((e) => e.event.filingId === f.id);
    const quote = quoteRows.find((x) => x.filingId === f.id) ?? null;
    const invoice = invoiceRows.find((x) => x.filingId === f.id) ?? null;
    const returnTo: InformationState | null = isInformationState(f.returnTo) ? f.returnTo : null;
    const question =
      f.state === "needs_information"
        ? ([...mine].reverse().find((e) => e.event.toState === "needs_information")?.event.message ?? null)
        : null;
    return {
      id: f.id,
      companyId: f.companyId,
      companyName: r.companyName,
      propertyId: f.propertyId,
      bbl: r.bbl,
      address: r.address,
      year: f.year,
      kind: f.kind as FilingKind,
      state: f.state as FilingState,
      returnTo,
      stateChangedAt: f.stateChangedAt.toISOString(),
      daysInState: Math.max(0, Math.floor((now.getTime() - f.stateChangedAt.getTime()) / 86_400_000)),
      deadline: filingDeadline(f.year),
      question,
      reason: f.reason,
      noticeFileId: f.noticeFileId,
      confirmationNumber: f.confirmationNumber,
      filedOn: f.filedOn,
      filedBy: f.filedBy,
      version: f.version,
      createdAt: f.createdAt.toISOString(),
      updatedAt: f.updatedAt.toISOString(),
      nextStates: movesFor({ state: f.state as FilingState, returnTo }, opts.actor),
      events: mine.map(({ event: e, actorName }) => ({
        id: e.id,
        type: e.type,
        actorRole: e.actorRole,
        actorName: actorName ?? null,
        fromState: e.fromState,
        toState: e.toState,
        message: e.message,
        createdAt: e.createdAt.toISOString(),
      })),
      quote: quote ? quoteToApi(quote, items) : null,
      invoice: invoice ? invoiceToApi(invoice, r, items, paid.get(invoice.id) ?? 0) : null,
    };
  });
}

export type FilingApi = Awaited<ReturnType<typeof filingsToApi>>[number];

/** One filing in API shape (after a change), for the caller's actor. */
export async function filingApi(q: Q, id: string, actor: FilingActor, drafts: boolean): Promise<FilingApi> {
  const row = await findFiling(q, id);
  if (!row) throw httpError(404, FILING_NOT_FOUND);
  const [api] = await filingsToApi(q, [row], { actor, drafts });
  if (!api) throw httpError(404, FILING_NOT_FOUND);
  return api;
}
