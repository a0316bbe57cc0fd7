import { and, asc, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import { FILING_KIND_LABELS, type FilingKind } from "../../../domain/filing";
import { filings, properties, quotes, statementFiles } from "../../db/schema";
import { splitTotal, totalOver } from "../../db/total-over";
import { httpError } from "../../plugins/errors";
import { isUniqueViolation } from "../auth/db-errors";
import { addEvent, filingApi, lockFiling, moveFiling, type Q, selectFilings } from "./filings";

/** What an owner's requests read and write (owner-routes.ts), on filings.ts's queries and moves. */

/** Filters of an owner's filing list. */
export interface OwnerFilingFilters {
  propertyId?: string;
  year?: number;
  kind?: FilingKind;
}

/** A company's filings, newest year first. */
export function companyFilings(q: Q, companyId: string, f: OwnerFilingFilters) {
  const where: SQL[] = [eq(filings.companyId, companyId)];
  if (f.propertyId) where.push(eq(filings.propertyId, f.propertyId));
  if (f.year) where.push(eq(filings.year, f.year));
  if (f.kind) where.push(eq(filings.kind, f.kind));
  return selectFilings(q, and(...where)).orderBy(desc(filings.year), desc(filings.createdAt));
}

/** True when the company has this property (not deleted). */
export async function companyHasProperty(q: Q, companyId: string, propertyId: string): Promise<boolean> {
  const [p] = await q
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(eq(properties.id, propertyId), eq(properties.companyId, companyId), isNull(properties.deletedAt)),
    );
  return !!p;
}

/** The company's statement file (not deleted) with the property it was uploaded for. */
export async function companyStatementFile(q: Q, companyId: string, fileId: string) {
  const [file] = await q
    .select({ id: statementFiles.id, propertyId: statementFiles.propertyId })
    .from(statementFiles)
    .where(
      and(
        eq(statementFiles.id, fileId),
        eq(statementFiles.companyId, companyId),
        isNull(statementFiles.deletedAt),
      ),
    );
  return file;
}

/** The names of those of `fileIds` that are the company's live statement files. */
export async function companyFileNames(q: Q, companyId: string, fileIds: string[]): Promise<string[]> {
  const found = await q
    .select({ name: statementFiles.fileName })
    .from(statementFiles)
    .where(
      and(
        inArray(statementFiles.id, fileIds),
        eq(statementFiles.companyId, companyId),
        isNull(statementFiles.deletedAt),
      ),
    );
  return found.map((f) => f.name);
}

export interface NewFiling {
  companyId: string;
  propertyId: string;
  year: number;
  kind: FilingKind;
  createdBy: string;
}

/**
 * Starts a filing with its "created" event. A second filing of the same property, year and kind
 * answers 409 with the first one's id.
 */
export async function createFiling(
  db: Q,
  values: NewFiling,
  extra: { state: "documents_requested" | "documents_received"; reason?: string; noticeFileId?: string },
): Promise<string> {
  const id = uuidv7();
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(filings)
        .values({ id, ...values, ...extra, stateChangedAt: now, createdAt: now, updatedAt: now });
      await addEvent(tx, {
        filingId: id,
        actorId: values.createdBy,
        actorRole: "owner",
        type: "created",
        toState: extra.state,
        message: extra.reason ?? null,
        at: now,
      });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const [existing] = await db
      .select({ id: filings.id })
      .from(filings)
      .where(
        and(
          eq(filings.companyId, values.companyId),
          eq(filings.propertyId, values.propertyId),
          eq(filings.year, values.year),
          eq(filings.kind, values.kind),
        ),
      );
    throw httpError(
      409,
      `This property already has a ${FILING_KIND_LABELS[values.kind].toLowerCase()} filing for ${values.year}`,
      { filingId: existing?.id ?? null },
    );
  }
  return id;
}

/** The owner says the documents are uploaded: documents requested → documents received. */
export async function markDocumentsSent(
  db: Q,
  id: string,
  who: { companyId: string; userId: string },
  version: number,
) {
  await db.transaction(async (tx) => {
    const filing = await lockFiling(tx, id, who.companyId);
    await moveFiling(tx, filing, {
      to: "documents_received",
      actor: "owner",
      actorId: who.userId,
      version,
      onStale: (tx) => filingApi(tx, filing.id, "owner", false),
    });
  });
}

/** The owner answers staff's question: the filing goes back where it was, with the answer as its message. */
export async function answerQuestion(
  db: Q,
  id: string,
  who: { companyId: string; userId: string },
  answer: { version: number; message: string },
) {
  await db.transaction(async (tx) => {
    const filing = await lockFiling(tx, id, who.companyId);
    if (filing.state !== "needs_information") {
      if (filing.version !== answer.version) {
        throw httpError(409, "This filing changed since you opened it", {
          code: ERROR_CODES.STALE_VERSION,
          current: await filingApi(tx, filing.id, "owner", false),
        });
      }
      throw httpError(409, "This filing is not waiting for information from you");
    }
    await moveFiling(tx, filing, {
      to: filing.returnTo as "mapping",
      actor: "owner",
      actorId: who.userId,
      version: answer.version,
      message: answer.message,
      onStale: (tx) => filingApi(tx, filing.id, "owner", false),
    });
  });
}

/** Quotes sent to the company and not yet accepted (nor withdrawn): how many, oldest first. */
export async function quotesToAccept(q: Q, companyId: string, limit: number) {
  const rows = await q
    .select({
      id: quotes.id,
      filingId: quotes.filingId,
      bbl: properties.bbl,
      year: filings.year,
      totalCents: quotes.totalCents,
      total: totalOver(),
    })
    .from(quotes)
    .innerJoin(filings, eq(filings.id, quotes.filingId))
    .innerJoin(properties, eq(properties.id, filings.propertyId))
    .where(and(eq(quotes.companyId, companyId), eq(quotes.status, "sent")))
    .orderBy(asc(quotes.sentAt))
    .limit(limit);
  return splitTotal(rows);
}
