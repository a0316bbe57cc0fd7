import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { FilingKind, FilingState } from "../../../domain/filing";
import { filings, invoices } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { FILING_NOT_FOUND, lockFiling, moveFiling, type Q, selectFilings } from "./filings";

/** What staff's requests read and write (staff-routes.ts), on filings.ts's queries and moves. */

export interface StaffQueueFilters {
  state?: FilingState;
  kind?: FilingKind;
  companyId?: string;
  year?: number;
  page: number;
  rowsPerPage: number;
}

/** The staff queue: one page, longest in its state first, the total and the count of each state. */
export async function staffQueue(db: Q, f: StaffQueueFilters) {
  const others: SQL[] = [];
  if (f.kind) others.push(eq(filings.kind, f.kind));
  if (f.companyId) others.push(eq(filings.companyId, f.companyId));
  if (f.year) others.push(eq(filings.year, f.year));
  const where = and(...others, ...(f.state ? [eq(filings.state, f.state)] : []));
  const [rows, totals, perState] = await Promise.all([
    selectFilings(db, where)
      .orderBy(asc(filings.stateChangedAt), asc(filings.id))
      .limit(f.rowsPerPage)
      .offset(f.page * f.rowsPerPage),
    db.select({ n: count() }).from(filings).where(where),
    db
      .select({ state: filings.state, n: count() })
      .from(filings)
      .where(and(...others))
      .groupBy(filings.state),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0), perState };
}

/** How staff see a filing, read in `q`: a stale change's 409 carries it as `current`. */
export type StaffFilingView = (id: string, q: Q) => Promise<Record<string, unknown>>;

/** Staff move a filing (any company's). */
export async function staffMove(
  db: Q,
  id: string,
  staffId: string,
  move: { to: FilingState; version: number; message?: string },
  current: StaffFilingView,
) {
  await db.transaction(async (tx) => {
    const filing = await lockFiling(tx, id);
    await moveFiling(tx, filing, {
      to: move.to,
      actor: "staff",
      actorId: staffId,
      version: move.version,
      message: move.message,
      onStale: (tx) => current(filing.id, tx),
    });
  });
}

/**
 * Staff mark a filing filed. `preparedAt` is the version the documents were rendered at: a filing
 * changed since then is refused (409) rather than filed with documents of another version;
 * `record` stores the documents in the same transaction.
 */
export async function markFiled(
  db: Q,
  id: string,
  staffId: string,
  filed: { version: number; confirmationNumber: string; filedOn: string; preparedAt: number | null },
  current: StaffFilingView,
  record: (tx: Q, filingId: string) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const filing = await lockFiling(tx, id);
    if (filed.preparedAt !== null && filing.version !== filed.preparedAt)
      throw httpError(
        409,
        "This filing was changed by someone else while its documents were prepared. Try again.",
      );
    await moveFiling(tx, filing, {
      to: "filed",
      actor: "staff",
      actorId: staffId,
      version: filed.version,
      filed: { confirmationNumber: filed.confirmationNumber, filedOn: filed.filedOn },
      onStale: (tx) => current(filing.id, tx),
    });
    await record(tx, filing.id);
  });
}

/** The filing an invoice belongs to (404 when there is no such invoice). */
export async function filingIdOfInvoice(q: Q, invoiceId: string): Promise<string> {
  const [row] = await q
    .select({ filingId: invoices.filingId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) throw httpError(404, FILING_NOT_FOUND);
  return row.filingId;
}
