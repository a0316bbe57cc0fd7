import { and, eq, inArray, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { priceQuote, type QuoteItemInput } from "../../../domain/filing";
import type { Db } from "../../db/client";
import { filings, invoiceNumberSeq, invoices, quoteLineItems, quotes } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { isUniqueViolation } from "../auth/db-errors";
import { addEvent, type FilingRow, lockFiling, moveFiling, type Q, touchFiling } from "./filings";

const QUOTE_NOT_FOUND = "Quote not found";
const QUOTABLE = ["documents_received", "in_review", "quoted"];

/** Sends a priced quote: the filing becomes Quoted (from In review), or the new price replaces the old one. */
async function sendLocked(tx: Q, filing: FilingRow, quoteId: string, staffId: string, now: Date) {
  if (filing.state !== "in_review" && filing.state !== "quoted") {
    throw httpError(
      409,
      `A quote is sent while the filing is In review (or re-sent while Quoted); this filing is ${filing.state.replaceAll("_", " ")}`,
    );
  }
  await tx
    .update(quotes)
    .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
    .where(and(eq(quotes.filingId, filing.id), eq(quotes.status, "sent")));
  await tx.update(quotes).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(quotes.id, quoteId));
  if (filing.state === "in_review") {
    await moveFiling(tx, filing, {
      to: "quoted",
      actor: "staff",
      actorId: staffId,
      now,
      message: "Quote sent",
    });
  } else {
    await touchFiling(tx, filing, now);
    await addEvent(tx, {
      filingId: filing.id,
      actorId: staffId,
      actorRole: "staff",
      type: "quote_sent",
      at: now,
    });
  }
}

async function refuseWhenAccepted(tx: Q, filingId: string) {
  const [accepted] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.filingId, filingId), eq(quotes.status, "accepted")));
  if (accepted)
    throw httpError(409, "The owner already accepted a quote for this filing; it cannot be re-priced");
}

/**
 * Staff price a filing: a new quote (lines in cents) replaces any earlier draft; sent at once
 * unless `send` is false. Refused once the owner accepted a quote.
 */
export async function priceFiling(
  db: Db,
  filingId: string,
  staffId: string,
  body: { items: QuoteItemInput[]; note?: string; send: boolean },
  now = new Date(),
): Promise<string> {
  const priced = priceQuote(body.items);
  if (!priced.ok) throw httpError(400, priced.message);
  return db.transaction(async (tx) => {
    const filing = await lockFiling(tx, filingId);
    await refuseWhenAccepted(tx, filing.id);
    if (!QUOTABLE.includes(filing.state)) {
      throw httpError(
        409,
        `A filing is priced while documents are received, in review or quoted; this filing is ${filing.state.replaceAll("_", " ")}`,
      );
    }
    await tx
      .update(quotes)
      .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
      .where(and(eq(quotes.filingId, filing.id), eq(quotes.status, "draft")));
    const id = uuidv7();
    await tx.insert(quotes).values({
      id,
      filingId: filing.id,
      companyId: filing.companyId,
      status: "draft",
      totalCents: priced.totalCents,
      note: body.note?.trim() || null,
      createdBy: staffId,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(quoteLineItems)
      .values(priced.items.map((item, position) => ({ id: uuidv7(), quoteId: id, position, ...item })));
    if (body.send) await sendLocked(tx, filing, id, staffId, now);
    else await touchFiling(tx, filing, now);
    return id;
  });
}

/** Staff send a draft quote. */
export async function sendDraft(db: Db, quoteId: string, staffId: string, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId));
    if (!quote) throw httpError(404, QUOTE_NOT_FOUND);
    const filing = await lockFiling(tx, quote.filingId);
    const [fresh] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (fresh?.status !== "draft") throw httpError(409, `This quote is ${fresh?.status}, not a draft`);
    await refuseWhenAccepted(tx, filing.id);
    await sendLocked(tx, filing, quoteId, staffId, now);
    return filing.id;
  });
}

function invoiceNumber(year: number, n: number) {
  return `INV-${year}-${String(n).padStart(6, "0")}`;
}

/**
 * The owner accepts a sent quote: it becomes accepted (by whom, when) and its invoice is created,
 * once. A second accept answers 409 and changes nothing (the row is locked, and a unique index
 * allows one invoice per quote and one accepted quote per filing).
 */
export async function acceptQuote(
  db: Db,
  quoteId: string,
  companyId: string,
  userId: string,
  now = new Date(),
): Promise<{ quoteId: string; invoiceId: string; filingId: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [quote] = await tx
        .select()
        .from(quotes)
        .where(
          and(
            eq(quotes.id, quoteId),
            eq(quotes.companyId, companyId),
            inArray(quotes.status, ["sent", "accepted", "withdrawn"]),
          ),
        );
      if (!quote) throw httpError(404, QUOTE_NOT_FOUND);
      const filing = await lockFiling(tx, quote.filingId, companyId);
      const [locked] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
      if (!locked) throw httpError(404, QUOTE_NOT_FOUND);
      if (locked.status === "accepted") {
        const [inv] = await tx
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.quoteId, quoteId));
        throw httpError(
          409,
          `This quote was already accepted on ${locked.acceptedAt?.toISOString().slice(0, 10)}${inv ? `; its invoice is ${inv.number}` : ""}`,
          { invoiceId: inv?.id ?? null },
        );
      }
      if (locked.status !== "sent") {
        throw httpError(409, "This quote was replaced by a newer one; accept the current quote instead");
      }
      if (filing.state !== "quoted") {
        throw httpError(409, "This filing is not waiting for a quote to be accepted");
      }
      await tx
        .update(quotes)
        .set({ status: "accepted", acceptedAt: now, acceptedBy: userId, updatedAt: now })
        .where(eq(quotes.id, quoteId));
      const [seq] = (
        await tx.execute<{ n: string }>(sql`select nextval(${invoiceNumberSeq.seqName}::regclass)::text as n`)
      ).rows;
      const invoiceId = uuidv7();
      await tx.insert(invoices).values({
        id: invoiceId,
        number: invoiceNumber(now.getUTCFullYear(), Number(seq?.n)),
        filingId: filing.id,
        quoteId,
        companyId,
        amountCents: locked.totalCents,
        status: "unpaid",
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .update(filings)
        .set({ version: filing.version + 1, updatedAt: now })
        .where(eq(filings.id, filing.id));
      await addEvent(tx, {
        filingId: filing.id,
        actorId: userId,
        actorRole: "owner",
        type: "quote_accepted",
        message: `Quote accepted; invoice created`,
        at: now,
      });
      return { quoteId, invoiceId, filingId: filing.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw httpError(409, "This quote was already accepted");
    throw err;
  }
}
