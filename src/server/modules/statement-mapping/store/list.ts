import { and, asc, count, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Change } from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import {
  companies,
  properties,
  statementFiles,
  statementMappingEvents,
  statementMappings,
  users,
} from "../../../db/schema";
import {
  HOLD_MS,
  type Loaded,
  loadFile,
  type MappingRow,
  type MappingStatus,
  person,
  recordToApi,
  selectRecords,
  toLoaded,
} from "./load";

/**
 * Lists: the mapping records staff work through (filters and search), a mapping's history,
 * and last year's mapping of the same property and form.
 */

/** Every change to the mapping, oldest first: who, when, what. */
export async function history(db: Db, mappingId: string) {
  const rows = await db
    .select({ event: statementMappingEvents, actorName: users.displayName })
    .from(statementMappingEvents)
    .leftJoin(users, eq(users.id, statementMappingEvents.actorId))
    .where(eq(statementMappingEvents.mappingId, mappingId))
    .orderBy(asc(statementMappingEvents.createdAt), asc(statementMappingEvents.id))
    .limit(1000);
  return rows.map((r) => ({
    id: r.event.id,
    action: r.event.action,
    version: r.event.version,
    at: r.event.createdAt.toISOString(),
    by: person(r.event.actorId, r.actorName),
    changes: r.event.changes as Change[],
  }));
}

export interface ListQuery {
  page: number;
  rowsPerPage: number;
  companyId?: string;
  propertyId?: string;
  statementYear?: number;
  documentType?: string;
  fileStatus?: string;
  mappingStatus?: "not_started" | MappingStatus;
  heldBy?: string;
  q?: string;
}

export async function listRecords(db: Db, q: ListQuery, meId: string) {
  const where: SQL[] = [isNull(statementFiles.deletedAt), isNull(properties.deletedAt)];
  where.push(eq(statementFiles.status, q.fileStatus ?? "extracted"));
  if (q.companyId) where.push(eq(statementFiles.companyId, q.companyId));
  if (q.propertyId) where.push(eq(statementFiles.propertyId, q.propertyId));
  if (q.statementYear) where.push(eq(statementFiles.statementYear, q.statementYear));
  if (q.documentType) where.push(eq(statementFiles.documentType, q.documentType));
  if (q.mappingStatus === "not_started") where.push(isNull(statementMappings.id));
  else if (q.mappingStatus) where.push(eq(statementMappings.status, q.mappingStatus));
  if (q.heldBy) {
    const cutoff = new Date(Date.now() - HOLD_MS);
    where.push(
      eq(statementMappings.heldBy, q.heldBy === "me" ? meId : q.heldBy),
      gt(statementMappings.heldAt, cutoff),
    );
  }
  if (q.q?.trim()) {
    const text = `%${q.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.q.replace(/\D/g, "");
    const match = [
      sql`${companies.name} ilike ${text}`,
      sql`${statementFiles.fileName} ilike ${text}`,
      sql`coalesce(${properties.address}, '') ilike ${text}`,
    ];
    if (digits) match.push(sql`${properties.bbl} like ${`%${digits}%`}`);
    where.push(or(...match) as SQL);
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    selectRecords(db)
      .where(cond)
      .orderBy(desc(statementFiles.createdAt), desc(statementFiles.id))
      .limit(q.rowsPerPage)
      .offset(q.page * q.rowsPerPage),
    db
      .select({ n: count() })
      .from(statementFiles)
      .innerJoin(properties, eq(properties.id, statementFiles.propertyId))
      .innerJoin(companies, eq(companies.id, statementFiles.companyId))
      .leftJoin(statementMappings, eq(statementMappings.fileId, statementFiles.id))
      .where(cond),
  ]);
  const now = new Date();
  return {
    items: rows.map((r) => {
      const { document: _document, ...rest } = recordToApi(toLoaded(r, []), now);
      return rest;
    }),
    total: Number(total?.n ?? 0),
    page: q.page,
    rowsPerPage: q.rowsPerPage,
  };
}

/** Last year's mapping of the same property and form: a ready one first, else the latest. */
export async function lastYearMapping(db: Db, m: MappingRow): Promise<Loaded | null> {
  const [prev] = await db
    .select({ fileId: statementMappings.fileId })
    .from(statementMappings)
    .innerJoin(statementFiles, eq(statementFiles.id, statementMappings.fileId))
    .where(
      and(
        eq(statementMappings.propertyId, m.propertyId),
        eq(statementMappings.form, m.form),
        eq(statementMappings.filingYear, m.filingYear - 1),
        isNull(statementFiles.deletedAt),
      ),
    )
    .orderBy(
      sql`case when ${statementMappings.status} = 'ready' then 0 else 1 end`,
      desc(statementMappings.updatedAt),
    )
    .limit(1);
  return prev ? loadFile(db, prev.fileId) : null;
}

/** The file ids of a property's mappings of one filing year marked ready, in the order they were made ready. */
export async function readyMappingsOf(
  db: Db,
  of: { companyId: string; propertyId: string; filingYear: number },
): Promise<{ id: string; fileId: string }[]> {
  return db
    .select({ id: statementMappings.id, fileId: statementMappings.fileId })
    .from(statementMappings)
    .where(
      and(
        eq(statementMappings.companyId, of.companyId),
        eq(statementMappings.propertyId, of.propertyId),
        eq(statementMappings.filingYear, of.filingYear),
        eq(statementMappings.status, "ready"),
      ),
    )
    .orderBy(asc(statementMappings.readyAt), asc(statementMappings.id));
}
