import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import {
  type DefaultColumn,
  defaultColumn,
  layoutOf,
  type StatementLayout,
} from "../../../../domain/line-items";
import { formatBblDashed } from "../../../../domain/properties/bbl";
import {
  CatalogueYearError,
  type Change,
  type ExtractedLine,
  emptyDocument,
  FIRST_CATALOGUE_YEAR,
  type MappableForm,
  type MappingDocument,
} from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import {
  companies,
  extractionResults,
  properties,
  statementFiles,
  statementMappingEvents,
  statementMappings,
  users,
} from "../../../db/schema";
import { httpError } from "../../../plugins/errors";

/**
 * Loading a file's mapping record: the file with its property, company, extracted lines and
 * mapping row (created the first time it is opened), the record as the API shows it, and the
 * rules every verb checks first (mappable, catalogued year, the history's event rows).
 */

/** A hold lapses this long after it was last taken or used. */
export const HOLD_MINUTES = 30;
export const HOLD_MS = HOLD_MINUTES * 60_000;

const FILE_NOT_FOUND = "File not found";

export type MappingStatus = "draft" | "ready" | "reopened";
export type MappingRow = typeof statementMappings.$inferSelect;
type FileRow = typeof statementFiles.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

export interface Person {
  id: string;
  displayName: string;
}

/** A file with everything a mapping needs: its property, company, extraction and mapping row. */
export interface Loaded {
  file: FileRow;
  property: PropertyRow;
  companyName: string;
  lines: ExtractedLine[];
  /** The statement's columns as extraction read them, and the one mapping starts from. */
  layout: StatementLayout;
  defaultColumn: DefaultColumn;
  mapping: MappingRow | null;
  holder: Person | null;
  updater: Person | null;
}

const holder = alias(users, "holder");
const updater = alias(users, "updater");

export const person = (id: string | null, name: string | null): Person | null =>
  id ? { id, displayName: name ?? "(removed user)" } : null;

export const holdActive = (m: Pick<MappingRow, "heldBy" | "heldAt">, now = new Date()) =>
  !!m.heldBy && !!m.heldAt && m.heldAt.getTime() > now.getTime() - HOLD_MS;

/** The filing year a statement of `statementYear` is filed in (the RPIE filed in 2025 reports 2024). */
const defaultFilingYear = (statementYear: number | null) =>
  statementYear ? statementYear + 1 : new Date().getUTCFullYear();

function toLines(raw: unknown): ExtractedLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((x: Partial<ExtractedLine>) => ({
    page: typeof x.page === "number" ? x.page : 1,
    section: typeof x.section === "string" ? x.section : null,
    label: typeof x.label === "string" ? x.label : "",
    // Blank cells stay null: dropping them would slide later amounts into the wrong column.
    amounts: Array.isArray(x.amounts) ? x.amounts.map((a) => (typeof a === "number" ? a : null)) : [],
    isTotal: x.isTotal === true,
    ...(Array.isArray(x.parts)
      ? {
          parts: x.parts
            .filter((p) => typeof p?.line === "number")
            .map((p) => ({ line: p.line, sign: p.sign === -1 ? (-1 as const) : (1 as const) })),
        }
      : {}),
    ...(typeof x.confidence === "number" ? { confidence: x.confidence } : {}),
    ...(typeof x.account === "string" && x.account ? { account: x.account } : {}),
  }));
}

/**
 * Statement files joined with their property, company, mapping and the mapping's holder and
 * last editor: one record per row (loadFile, listRecords).
 */
export const selectRecords = (db: Db) =>
  db
    .select({
      file: statementFiles,
      property: properties,
      companyName: companies.name,
      mapping: statementMappings,
      holderName: holder.displayName,
      updaterName: updater.displayName,
    })
    .from(statementFiles)
    .innerJoin(properties, eq(properties.id, statementFiles.propertyId))
    .innerJoin(companies, eq(companies.id, statementFiles.companyId))
    .leftJoin(statementMappings, eq(statementMappings.fileId, statementFiles.id))
    .leftJoin(holder, eq(holder.id, statementMappings.heldBy))
    .leftJoin(updater, eq(updater.id, statementMappings.updatedBy));

type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];

/** A row of selectRecords with the file's extracted lines. */
export const toLoaded = (row: RecordRow, lines: ExtractedLine[], storedLayout?: unknown): Loaded => {
  const layout = layoutOf(storedLayout, lines);
  return {
    file: row.file,
    property: row.property,
    companyName: row.companyName,
    lines,
    layout,
    defaultColumn: defaultColumn(layout.columns, layout.year ?? row.file.statementYear),
    mapping: row.mapping,
    holder: row.mapping ? person(row.mapping.heldBy, row.holderName) : null,
    updater: row.mapping ? person(row.mapping.updatedBy, row.updaterName) : null,
  };
};

export async function loadFile(db: Db, fileId: string): Promise<Loaded> {
  const [row] = await selectRecords(db).where(eq(statementFiles.id, fileId));
  if (!row) throw httpError(404, FILE_NOT_FOUND);
  const [result] = await db
    .select({ lineItems: extractionResults.lineItems, layout: extractionResults.layout })
    .from(extractionResults)
    .where(eq(extractionResults.fileId, fileId));
  return toLoaded(row, toLines(result?.lineItems), result?.layout);
}
/** Mapping needs the extracted line items, and not a file its owner deleted. */
export function assertMappable(l: Loaded) {
  if (l.file.deletedAt) throw httpError(409, "This file was deleted by its owner and cannot be mapped");
  if (l.file.status !== "extracted")
    throw httpError(
      409,
      l.file.status === "failed"
        ? `This file could not be read (${l.file.failureReason ?? "extraction failed"}); it has no line items to map`
        : `This file is still being read (${l.file.status}); map it once extraction has finished`,
    );
}

/** Runs catalogue work, turning a year the catalogue does not cover into a 422. */
export function withCatalogue<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof CatalogueYearError)
      throw httpError(
        422,
        `Filing year is before ${FIRST_CATALOGUE_YEAR}, the first year the forms are catalogued for; set the filing year`,
      );
    throw err;
  }
}

/** The file's mapping row, created (draft, version 1, every table selected) the first time it is opened. */
export async function ensureMapping(db: Db, l: Loaded): Promise<Loaded> {
  if (l.mapping) return l;
  assertMappable(l);
  await db
    .insert(statementMappings)
    .values({
      id: uuidv7(),
      fileId: l.file.id,
      companyId: l.file.companyId,
      propertyId: l.file.propertyId,
      form: "rpie",
      filingYear: defaultFilingYear(l.file.statementYear),
      document: emptyDocument(l.lines, l.defaultColumn.index),
    })
    .onConflictDoNothing({ target: statementMappings.fileId });
  return loadFile(db, l.file.id);
}

export const documentOf = (m: MappingRow) => m.document as MappingDocument;

export function recordToApi(l: Loaded, now = new Date()) {
  const m = l.mapping;
  const held = m && holdActive(m, now);
  return {
    fileId: l.file.id,
    mappingId: m?.id ?? null,
    fileName: l.file.fileName,
    documentType: l.file.documentType,
    statementYear: l.file.statementYear,
    fileStatus: l.file.status,
    companyId: l.file.companyId,
    companyName: l.companyName,
    propertyId: l.property.id,
    bbl: l.property.bbl,
    bblFormatted: formatBblDashed({
      borough: l.property.borough as 1,
      block: l.property.block,
      lot: l.property.lot,
    }),
    address: l.property.address,
    form: (m?.form ?? "rpie") as MappableForm,
    filingYear: m?.filingYear ?? defaultFilingYear(l.file.statementYear),
    status: (m?.status ?? "not_started") as MappingStatus | "not_started",
    version: m?.version ?? 0,
    heldBy: held ? l.holder : null,
    heldAt: held ? (m?.heldAt?.toISOString() ?? null) : null,
    holdExpiresAt: held && m?.heldAt ? new Date(m.heldAt.getTime() + HOLD_MS).toISOString() : null,
    updatedBy: l.updater,
    updatedAt: m?.updatedAt.toISOString() ?? null,
    readyAt: m?.readyAt?.toISOString() ?? null,
    document: m ? documentOf(m) : emptyDocument(l.lines, l.defaultColumn.index),
  };
}

/** Adds one change to the mapping's history (`statement_mapping_events`). */
export async function recordEvent(
  db: Pick<Db, "insert">,
  mappingId: string,
  actorId: string,
  action: string,
  changes: Change[],
  version: number,
) {
  await db
    .insert(statementMappingEvents)
    .values({ id: uuidv7(), mappingId, actorId, action, changes, version });
}
