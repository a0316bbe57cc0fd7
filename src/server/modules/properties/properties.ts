import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import { formatBblDashed, parseBbl } from "../../../domain/properties/bbl";
import { assessRpie, currentFilingYear, daysBetween, todayInNewYork } from "../../../domain/rpie";
import type { Db } from "../../db/client";
import { companies, properties, statementFiles } from "../../db/schema";
import { httpError } from "../../plugins/errors";
import { containsPattern } from "../../plugins/paged-list";
import { isUniqueViolation } from "../auth/db-errors";
import type { SORT_FIELDS } from "./schemas";

export type PropertyRow = typeof properties.$inferSelect;
type PropertyInsert = typeof properties.$inferInsert;

const DUPLICATE_BBL = "This property is already in your company";
export const PROPERTY_NOT_FOUND = "Property not found";
const STALE_VERSION =
  "This property was changed by someone else since you opened it. Review the current values and save again.";

/** The property's RPIE obligation for the filing year current on `today` (New York date). */
export function assessmentFor(row: PropertyRow, today = todayInNewYork()) {
  if (row.aav === null) return null;
  const filingYear = currentFilingYear(today);
  const a = assessRpie({
    filingYear,
    aav: row.aav,
    finalAav: row.finalAav ?? undefined,
    buildingClass: row.buildingClass ?? undefined,
    residentialUnits: row.residentialUnits,
    commercialUnits: row.commercialUnits,
    commercialSqFt: row.commercialSqFt ?? undefined,
    isCoop: row.isCoop,
    isCondoUnit: row.isCondoUnit,
    ownerOccupied: row.ownerOccupied,
    relatedPartyOnly: row.relatedPartyOnly,
    fullyExempt: row.fullyExempt,
    vacant: row.vacant,
    vacantLand: row.vacantLand,
    fullYearOwned: row.fullYearOwned,
  });
  const obligation = a.mustFile ? "must-file" : a.claimOfExclusion ? "claim-of-exclusion" : "not-required";
  return { filingYear, obligation, ...a, daysLeft: daysBetween(today, a.deadline) } as const;
}

export function toApi(row: PropertyRow, companyName: string) {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName,
    bbl: row.bbl,
    bblFormatted: formatBblDashed({ borough: row.borough as 1, block: row.block, lot: row.lot }),
    borough: row.borough,
    block: row.block,
    lot: row.lot,
    address: row.address,
    ownerName: row.ownerName,
    taxClass: row.taxClass,
    buildingClass: row.buildingClass,
    residentialUnits: row.residentialUnits,
    commercialUnits: row.commercialUnits,
    commercialSqFt: row.commercialSqFt,
    aav: row.aav,
    finalAav: row.finalAav,
    fiscalYearEnd: row.fiscalYearEnd,
    isCoop: row.isCoop,
    isCondoUnit: row.isCondoUnit,
    ownerOccupied: row.ownerOccupied,
    relatedPartyOnly: row.relatedPartyOnly,
    fullyExempt: row.fullyExempt,
    vacant: row.vacant,
    vacantLand: row.vacantLand,
    fullYearOwned: row.fullYearOwned,
    notes: row.notes,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assessment: assessmentFor(row),
  };
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "MM-DD" of a real month-day (02-29 allowed: a fiscal year may end on a leap day). */
function checkFiscalYearEnd(value: string): string {
  const [m, d] = value.split("-").map(Number);
  if (!m || !d || m > 12 || d > (DAYS_IN_MONTH[m - 1] ?? 0)) {
    throw httpError(
      400,
      `Invalid request body: "fiscalYearEnd" must be a real month and day (MM-DD), got "${value}"`,
    );
  }
  return value;
}

/** The 10-digit BBL and its parts, or a 400 that names the wrong part. */
export function bblOrThrow(input: string) {
  const parsed = parseBbl(input);
  if (!parsed.ok) throw httpError(400, parsed.message, { field: "bbl", part: parsed.part });
  const { borough, block, lot } = parsed.value;
  const bbl = `${borough}${String(block).padStart(5, "0")}${String(lot).padStart(4, "0")}`;
  return { bbl, borough, block, lot };
}

type Editable = Partial<
  Pick<
    PropertyInsert,
    | "address"
    | "ownerName"
    | "taxClass"
    | "buildingClass"
    | "residentialUnits"
    | "commercialUnits"
    | "commercialSqFt"
    | "aav"
    | "finalAav"
    | "fiscalYearEnd"
    | "isCoop"
    | "isCondoUnit"
    | "ownerOccupied"
    | "relatedPartyOnly"
    | "fullyExempt"
    | "vacant"
    | "vacantLand"
    | "fullYearOwned"
    | "notes"
  >
>;

/** Empty or blank text means "clear it"; text is stored trimmed; classes in upper case. */
export function cleanFields(body: Record<string, unknown>): Editable {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === "bbl" || key === "version" || value === undefined) continue;
    if (typeof value === "string") {
      const t = value.trim();
      out[key] = t === "" ? null : key === "taxClass" || key === "buildingClass" ? t.toUpperCase() : t;
    } else out[key] = value;
  }
  if (out.fiscalYearEnd === null)
    throw httpError(400, 'Invalid request body: "fiscalYearEnd" must not be blank');
  if (typeof out.fiscalYearEnd === "string") checkFiscalYearEnd(out.fiscalYearEnd);
  return out as Editable;
}

const live = (companyId?: string): SQL | undefined =>
  and(isNull(properties.deletedAt), companyId ? eq(properties.companyId, companyId) : undefined);

export interface ListParams {
  page: number;
  rowsPerPage: number;
  query?: string;
  sortBy: (typeof SORT_FIELDS)[number];
  sortDir: "asc" | "desc";
}

/** One page of live properties, of one company or (companyId undefined, staff) of all. */
export async function listProperties(db: Db, companyId: string | undefined, p: ListParams) {
  const q = p.query?.trim();
  let filter: SQL | undefined;
  if (q) {
    const asBbl = parseBbl(q);
    const digits = asBbl.ok ? bblOrThrow(q).bbl : q.replace(/\D/g, "");
    filter = or(
      ilike(properties.address, containsPattern(q)),
      ilike(properties.ownerName, containsPattern(q)),
      digits ? ilike(properties.bbl, containsPattern(digits)) : undefined,
    );
  }
  const where = and(live(companyId), filter);
  const sortColumn = {
    bbl: sql`${properties.bbl}`,
    address: sql`lower(coalesce(${properties.address}, ''))`,
    ownerName: sql`lower(coalesce(${properties.ownerName}, ''))`,
    aav: sql`coalesce(${properties.aav}, -1)`,
    createdAt: sql`${properties.createdAt}`,
    updatedAt: sql`${properties.updatedAt}`,
  }[p.sortBy];
  const dir = p.sortDir === "asc" ? asc : desc;
  const [totalRow] = await db.select({ total: count() }).from(properties).where(where);
  const rows = await db
    .select({ row: properties, companyName: companies.name })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(where)
    .orderBy(dir(sortColumn), dir(properties.id))
    .limit(p.rowsPerPage)
    .offset(p.page * p.rowsPerPage);
  return {
    rows: rows.map((r) => toApi(r.row, r.companyName)),
    total: Number(totalRow?.total ?? 0),
    page: p.page,
    rowsPerPage: p.rowsPerPage,
  };
}

/** Every live property of a company, by BBL. */
export async function companyProperties(db: Db, companyId: string) {
  const rows = await db
    .select({ row: properties, companyName: companies.name })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(live(companyId))
    .orderBy(asc(properties.bbl));
  return rows.map((r) => toApi(r.row, r.companyName));
}

/** A live property (of the company, unless companyId is undefined) or null. */
export async function findProperty(db: Db, id: string, companyId: string | undefined) {
  const [found] = await db
    .select({ row: properties, companyName: companies.name })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(and(eq(properties.id, id), live(companyId)))
    .limit(1);
  return found ?? null;
}

/** The property's statement files that are not deleted, newest first. */
export async function filesOf(db: Db, propertyId: string) {
  const rows = await db
    .select({
      id: statementFiles.id,
      fileName: statementFiles.fileName,
      documentType: statementFiles.documentType,
      statementYear: statementFiles.statementYear,
      status: statementFiles.status,
      createdAt: statementFiles.createdAt,
    })
    .from(statementFiles)
    .where(and(eq(statementFiles.propertyId, propertyId), isNull(statementFiles.deletedAt)))
    .orderBy(desc(statementFiles.createdAt));
  return rows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() }));
}

export async function createProperty(db: Db, companyId: string, bblInput: string, fields: Editable) {
  const id = uuidv7();
  try {
    const [row] = await db
      .insert(properties)
      .values({ ...fields, ...bblOrThrow(bblInput), id, companyId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw httpError(409, DUPLICATE_BBL, { code: ERROR_CODES.DUPLICATE });
    throw err;
  }
}

/**
 * Applies a change based on `version`; a stale version answers 409 with the current row
 * (`current`) so the app can merge field by field.
 */
export async function updateProperty(
  db: Db,
  id: string,
  companyId: string,
  version: number,
  bblInput: string | undefined,
  fields: Editable,
) {
  const bblFields = bblInput === undefined ? {} : bblOrThrow(bblInput);
  let row: PropertyRow | undefined;
  try {
    [row] = await db
      .update(properties)
      .set({ ...fields, ...bblFields, version: sql`${properties.version} + 1`, updatedAt: new Date() })
      .where(and(eq(properties.id, id), live(companyId), eq(properties.version, version)))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw httpError(409, DUPLICATE_BBL, { code: ERROR_CODES.DUPLICATE });
    throw err;
  }
  if (row) return row;
  const current = await findProperty(db, id, companyId);
  if (!current) throw httpError(404, PROPERTY_NOT_FOUND);
  throw httpError(409, STALE_VERSION, {
    code: ERROR_CODES.STALE_VERSION,
    current: toApi(current.row, current.companyName),
  });
}

/** Soft delete: the row (and so its files) stays for staff; the BBL can be added again. */
export async function softDeleteProperty(db: Db, id: string, companyId: string) {
  const [row] = await db
    .update(properties)
    .set({ deletedAt: new Date(), version: sql`${properties.version} + 1`, updatedAt: new Date() })
    .where(and(eq(properties.id, id), live(companyId)))
    .returning({ id: properties.id });
  if (!row) throw httpError(404, PROPERTY_NOT_FOUND);
}
