import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { formatBblDashed } from "../../../domain/properties/bbl";
import {
  applyTemplate,
  CatalogueYearError,
  type Change,
  diffDocuments,
  documentProblems,
  type ExtractedLine,
  emptyDocument,
  FIRST_CATALOGUE_YEAR,
  type LearnedCount,
  learnedEntries,
  type MappableForm,
  type MappingDocument,
  normaliseLabel,
  type PriorMapping,
  reconcile,
  templateEntries,
} from "../../../domain/statement-mapping";
import type { Db } from "../../db/client";
import {
  companies,
  extractionResults,
  filings,
  learnedLabels,
  mappingTemplates,
  properties,
  statementFiles,
  statementMappingEvents,
  statementMappings,
  users,
} from "../../db/schema";
import { HttpError, httpError } from "../../plugins/errors";
import { moveFiling } from "../filing/filings";
import type { MappingMemory } from "./service";

/** A hold lapses this long after it was last taken or used. */
export const HOLD_MINUTES = 30;
const HOLD_MS = HOLD_MINUTES * 60_000;

export const FILE_NOT_FOUND = "File not found";
export const STALE_MAPPING =
  "This mapping was changed by someone else since you opened it. Review their changes and save again.";

export type MappingStatus = "draft" | "ready" | "reopened";
type MappingRow = typeof statementMappings.$inferSelect;
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
  mapping: MappingRow | null;
  holder: Person | null;
  updater: Person | null;
}

const holder = alias(users, "holder");
const updater = alias(users, "updater");

const person = (id: string | null, name: string | null): Person | null =>
  id ? { id, displayName: name ?? "(removed user)" } : null;

export const holdActive = (m: Pick<MappingRow, "heldBy" | "heldAt">, now = new Date()) =>
  !!m.heldBy && !!m.heldAt && m.heldAt.getTime() > now.getTime() - HOLD_MS;

/** The filing year a statement of `statementYear` is filed in (the RPIE filed in 2025 reports 2024). */
export const defaultFilingYear = (statementYear: number | null) =>
  statementYear ? statementYear + 1 : new Date().getUTCFullYear();

function toLines(raw: unknown): ExtractedLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((x: Partial<ExtractedLine>) => ({
    page: typeof x.page === "number" ? x.page : 1,
    section: typeof x.section === "string" ? x.section : null,
    label: typeof x.label === "string" ? x.label : "",
    amounts: Array.isArray(x.amounts) ? x.amounts.filter((a) => typeof a === "number") : [],
    isTotal: x.isTotal === true,
  }));
}

export async function loadFile(db: Db, fileId: string): Promise<Loaded> {
  const [row] = await db
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
    .leftJoin(updater, eq(updater.id, statementMappings.updatedBy))
    .where(eq(statementFiles.id, fileId));
  if (!row) throw httpError(404, FILE_NOT_FOUND);
  const [result] = await db
    .select({ lineItems: extractionResults.lineItems })
    .from(extractionResults)
    .where(eq(extractionResults.fileId, fileId));
  return {
    file: row.file,
    property: row.property,
    companyName: row.companyName,
    lines: toLines(result?.lineItems),
    mapping: row.mapping,
    holder: row.mapping ? person(row.mapping.heldBy, row.holderName) : null,
    updater: row.mapping ? person(row.mapping.updatedBy, row.updaterName) : null,
  };
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
      document: emptyDocument(l.lines),
    })
    .onConflictDoNothing({ target: statementMappings.fileId });
  return loadFile(db, l.file.id);
}

export const documentOf = (m: MappingRow) => m.document as MappingDocument;

// ---------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------

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
    document: m ? documentOf(m) : emptyDocument(l.lines),
  };
}

export const heldMessage = (who: Person | null, at: Date | null) =>
  `Held by ${who?.displayName ?? "another staff member"} since ${at?.toISOString() ?? "a moment ago"}`;

function heldConflict(l: Loaded) {
  const m = l.mapping as MappingRow;
  return httpError(409, heldMessage(l.holder, m.heldAt), {
    heldBy: l.holder,
    heldAt: m.heldAt?.toISOString() ?? null,
    holdExpiresAt: m.heldAt ? new Date(m.heldAt.getTime() + HOLD_MS).toISOString() : null,
  });
}

/** 409 unless nobody else holds the mapping right now. */
export function assertNotHeldByOther(l: Loaded, userId: string) {
  const m = l.mapping;
  if (m && holdActive(m) && m.heldBy !== userId) throw heldConflict(l);
}

async function recordEvent(
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

// ---------------------------------------------------------------------------------------
// Hold (soft lock)
// ---------------------------------------------------------------------------------------

export async function takeHold(db: Db, fileId: string, userId: string): Promise<Loaded> {
  const l = await ensureMapping(db, await loadFile(db, fileId));
  const m = l.mapping as MappingRow;
  const cutoff = new Date(Date.now() - HOLD_MS);
  const taken = await db
    .update(statementMappings)
    .set({ heldBy: userId, heldAt: new Date() })
    .where(
      and(
        eq(statementMappings.id, m.id),
        or(
          isNull(statementMappings.heldBy),
          eq(statementMappings.heldBy, userId),
          lte(statementMappings.heldAt, cutoff),
        ),
      ),
    )
    .returning({ id: statementMappings.id });
  if (taken.length === 0) throw heldConflict(await loadFile(db, fileId));
  if (!(holdActive(m) && m.heldBy === userId))
    await recordEvent(
      db,
      m.id,
      userId,
      "hold",
      [{ path: "heldBy", from: holdActive(m) ? m.heldBy : null, to: userId }],
      m.version,
    );
  return loadFile(db, fileId);
}

export async function releaseHold(db: Db, fileId: string, userId: string, force: boolean): Promise<Loaded> {
  const l = await loadFile(db, fileId);
  const m = l.mapping;
  if (!m?.heldBy) return l;
  const active = holdActive(m);
  if (active && m.heldBy !== userId && !force) throw heldConflict(l);
  await db
    .update(statementMappings)
    .set({ heldBy: null, heldAt: null })
    .where(and(eq(statementMappings.id, m.id), eq(statementMappings.heldBy, m.heldBy)));
  if (active)
    await recordEvent(
      db,
      m.id,
      userId,
      m.heldBy === userId ? "release" : "force_release",
      [{ path: "heldBy", from: m.heldBy, to: null }],
      m.version,
    );
  return loadFile(db, fileId);
}

// ---------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------

export interface SaveInput {
  version: number;
  document: MappingDocument;
  form?: MappableForm;
  filingYear?: number;
}

function problemsError(problems: { path: string; message: string }[]) {
  const shown = problems.slice(0, 5).map((p) => p.message);
  const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : "";
  return httpError(400, `The mapping cannot be saved: ${shown.join("; ")}${more}`, { problems });
}

/** 409 with the current record, what saving would change in it and what others changed since `version`. */
async function staleConflict(db: Db, fileId: string, based: number, mine: MappingDocument | null) {
  const current = await loadFile(db, fileId);
  const m = current.mapping as MappingRow;
  const since = await db
    .select({
      action: statementMappingEvents.action,
      changes: statementMappingEvents.changes,
      version: statementMappingEvents.version,
      at: statementMappingEvents.createdAt,
      actorId: statementMappingEvents.actorId,
      actorName: users.displayName,
    })
    .from(statementMappingEvents)
    .leftJoin(users, eq(users.id, statementMappingEvents.actorId))
    .where(and(eq(statementMappingEvents.mappingId, m.id), gt(statementMappingEvents.version, based)))
    .orderBy(asc(statementMappingEvents.createdAt))
    .limit(200);
  return httpError(409, STALE_MAPPING, {
    current: recordToApi(current),
    difference: mine ? diffDocuments(documentOf(m), mine) : [],
    changesSince: since.map((e) => ({
      action: e.action,
      version: e.version,
      at: e.at.toISOString(),
      by: person(e.actorId, e.actorName),
      changes: e.changes as Change[],
    })),
  });
}

/**
 * Writes a new document (and form / filing year) over `version`, atomically: refused when
 * someone else holds the mapping or it changed since. Takes (or refreshes) the caller's hold.
 */
async function writeDocument(
  db: Db,
  l: Loaded,
  userId: string,
  input: SaveInput,
  action: string,
  extraChanges: Change[] = [],
): Promise<Loaded> {
  const m = l.mapping as MappingRow;
  assertNotHeldByOther(l, userId);
  if (m.version !== input.version) throw await staleConflict(db, l.file.id, input.version, input.document);
  if (m.status === "ready")
    throw httpError(409, "This mapping is marked ready to file; reopen it before changing it");
  const form = input.form ?? (m.form as MappableForm);
  const filingYear = input.filingYear ?? m.filingYear;
  const problems = withCatalogue(() => documentProblems(input.document, l.lines, form, filingYear));
  if (problems.length) throw problemsError(problems);
  const changes: Change[] = [
    ...(form !== m.form ? [{ path: "form", from: m.form, to: form }] : []),
    ...(filingYear !== m.filingYear ? [{ path: "filingYear", from: m.filingYear, to: filingYear }] : []),
    ...diffDocuments(documentOf(m), input.document),
    ...extraChanges,
  ];
  const now = new Date();
  const cutoff = new Date(now.getTime() - HOLD_MS);
  if (changes.length === 0) {
    await db
      .update(statementMappings)
      .set({ heldBy: userId, heldAt: now })
      .where(and(eq(statementMappings.id, m.id), eq(statementMappings.version, m.version)));
    return loadFile(db, l.file.id);
  }
  const next = m.version + 1;
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(statementMappings)
      .set({
        form,
        filingYear,
        document: input.document,
        version: next,
        updatedBy: userId,
        updatedAt: now,
        heldBy: userId,
        heldAt: now,
      })
      .where(
        and(
          eq(statementMappings.id, m.id),
          eq(statementMappings.version, input.version),
          sql`${statementMappings.status} <> 'ready'`,
          or(
            isNull(statementMappings.heldBy),
            eq(statementMappings.heldBy, userId),
            lte(statementMappings.heldAt, cutoff),
          ),
        ),
      )
      .returning({ id: statementMappings.id });
    if (rows.length === 0) return false;
    await recordEvent(tx, m.id, userId, action, changes, next);
    return true;
  });
  if (!updated) {
    const again = await loadFile(db, l.file.id);
    assertNotHeldByOther(again, userId);
    throw await staleConflict(db, l.file.id, input.version, input.document);
  }
  return loadFile(db, l.file.id);
}

export async function saveMapping(db: Db, fileId: string, userId: string, input: SaveInput): Promise<Loaded> {
  const l = await ensureMapping(db, await loadFile(db, fileId));
  assertMappable(l);
  return writeDocument(db, l, userId, input, "save");
}

// ---------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------

export async function applyTemplateTo(
  db: Db,
  fileId: string,
  userId: string,
  input: { version: number; templateId?: string; overwrite?: boolean },
) {
  const l = await ensureMapping(db, await loadFile(db, fileId));
  assertMappable(l);
  const m = l.mapping as MappingRow;
  const form = m.form as MappableForm;
  const [template] = await db
    .select()
    .from(mappingTemplates)
    .where(
      input.templateId
        ? eq(mappingTemplates.id, input.templateId)
        : and(
            eq(mappingTemplates.companyId, l.file.companyId),
            eq(mappingTemplates.propertyId, l.file.propertyId),
            eq(mappingTemplates.form, form),
          ),
    );
  if (!template)
    throw httpError(
      404,
      input.templateId
        ? "Template not found"
        : `This property has no ${form.toUpperCase()} template yet; one is saved when a mapping of it is marked ready`,
    );
  if (template.form !== form)
    throw httpError(
      400,
      `That template is for the ${template.form.toUpperCase()}; this mapping is for the ${form.toUpperCase()}`,
    );
  const entries = template.entries as { label: string; target: string }[];
  const { document, applied } = withCatalogue(() =>
    applyTemplate(documentOf(m), l.lines, entries, { form, year: m.filingYear, overwrite: input.overwrite }),
  );
  const saved = await writeDocument(db, l, userId, { version: input.version, document }, "apply_template", [
    { path: "template", from: null, to: { id: template.id, sourceYear: template.sourceYear } },
  ]);
  return { loaded: saved, applied, template };
}

// ---------------------------------------------------------------------------------------
// Ready and reopen
// ---------------------------------------------------------------------------------------

type LearnedEntry = { label: string; key: string; fieldId: string };

/** What marking a mapping ready did to the property's RPIE filing of the mapping's filing year. */
export interface FilingLink {
  id: string;
  /** The filing's state afterwards. */
  state: string;
  /** True when this made it go from mapping to ready to file. */
  moved: boolean;
  /** Why a filing waiting on its mapping did not move (the pipeline's refusal), else null. */
  refusal: string | null;
}

/**
 * Inside markReady's transaction: the property's RPIE filing for the mapping's filing year, when
 * it is waiting in `mapping`, moves to `ready_to_file` through the pipeline's own moveFiling (its
 * rules, event and version). A refusal (e.g. an unpaid invoice) leaves the filing where it was,
 * rolled back to a savepoint, and never undoes the mapping's ready.
 */
async function moveWaitingFiling(
  tx: Db,
  l: Loaded,
  filingYear: number,
  userId: string,
  now: Date,
): Promise<FilingLink | null> {
  const [filing] = await tx
    .select()
    .from(filings)
    .where(
      and(
        eq(filings.companyId, l.file.companyId),
        eq(filings.propertyId, l.file.propertyId),
        eq(filings.year, filingYear),
        eq(filings.kind, "rpie"),
      ),
    )
    .for("update");
  if (!filing) return null;
  if (filing.state !== "mapping") return { id: filing.id, state: filing.state, moved: false, refusal: null };
  try {
    const moved = await tx.transaction((sp) =>
      moveFiling(sp, filing, {
        to: "ready_to_file",
        actor: "staff",
        actorId: userId,
        message: `Mapping of ${l.file.fileName} marked ready`,
        now,
      }),
    );
    return { id: filing.id, state: moved.state, moved: true, refusal: null };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { id: filing.id, state: filing.state, moved: false, refusal: err.message };
  }
}

export async function markReady(db: Db, fileId: string, userId: string, version: number) {
  const l = await loadFile(db, fileId);
  if (!l.mapping) throw httpError(409, "Nothing is mapped yet");
  assertMappable(l);
  const m = l.mapping;
  assertNotHeldByOther(l, userId);
  if (m.version !== version) throw await staleConflict(db, fileId, version, null);
  if (m.status === "ready") throw httpError(409, "This mapping is already marked ready to file");
  const form = m.form as MappableForm;
  const doc = documentOf(m);
  const result = withCatalogue(() => reconcile(doc, l.lines, form, m.filingYear));
  if (!result.ready) {
    const n = result.blocking.length;
    throw httpError(
      422,
      `This mapping cannot be marked ready: ${n} reconciliation flag${n === 1 ? " is" : "s are"} not resolved or explained (${result.blocking
        .slice(0, 3)
        .map((f) => f.message)
        .join("; ")}${n > 3 ? "; …" : ""})`,
      { flags: result.blocking },
    );
  }
  const learned = learnedEntries(doc, l.lines, form, m.filingYear);
  const previous = (m.learned ?? []) as LearnedEntry[];
  const entries = templateEntries(doc, l.lines);
  const now = new Date();
  const next = m.version + 1;
  let filing: FilingLink | null = null;
  const ok = await db.transaction(async (tx) => {
    const rows = await tx
      .update(statementMappings)
      .set({
        status: "ready",
        version: next,
        readyAt: now,
        readyBy: userId,
        updatedBy: userId,
        updatedAt: now,
        learned,
        heldBy: null,
        heldAt: null,
      })
      .where(and(eq(statementMappings.id, m.id), eq(statementMappings.version, version)))
      .returning({ id: statementMappings.id });
    if (rows.length === 0) return false;
    // The learned table: take back what this mapping taught last time it was ready, add what it says now.
    for (const e of previous) {
      await tx
        .update(learnedLabels)
        .set({ count: sql`${learnedLabels.count} - 1`, updatedAt: now })
        .where(
          and(
            eq(learnedLabels.labelKey, e.key),
            // The form it was learned for (the mapping's form may have changed since): field ids start with it.
            eq(learnedLabels.form, e.fieldId.split(".")[0] ?? form),
            eq(learnedLabels.fieldId, e.fieldId),
          ),
        );
    }
    if (previous.length) await tx.delete(learnedLabels).where(lte(learnedLabels.count, 0));
    for (const e of learned) {
      await tx
        .insert(learnedLabels)
        .values({ labelKey: e.key, form, fieldId: e.fieldId, sampleLabel: e.label, count: 1 })
        .onConflictDoUpdate({
          target: [learnedLabels.labelKey, learnedLabels.form, learnedLabels.fieldId],
          set: { count: sql`${learnedLabels.count} + 1`, sampleLabel: e.label, updatedAt: now },
        });
    }
    // The property's template for next year.
    await tx
      .insert(mappingTemplates)
      .values({
        id: uuidv7(),
        companyId: l.file.companyId,
        propertyId: l.file.propertyId,
        form,
        entries,
        sourceMappingId: m.id,
        sourceYear: m.filingYear,
        updatedBy: userId,
      })
      .onConflictDoUpdate({
        target: [mappingTemplates.companyId, mappingTemplates.propertyId, mappingTemplates.form],
        set: { entries, sourceMappingId: m.id, sourceYear: m.filingYear, updatedBy: userId, updatedAt: now },
      });
    await recordEvent(
      tx,
      m.id,
      userId,
      "ready",
      [
        { path: "status", from: m.status, to: "ready" },
        ...(result.flags.length
          ? [
              {
                path: "explanations",
                from: null,
                to: result.flags.map((f) => ({ id: f.id, explanation: f.explanation })),
              },
            ]
          : []),
      ],
      next,
    );
    filing = await moveWaitingFiling(tx, l, m.filingYear, userId, now);
    return true;
  });
  if (!ok) throw await staleConflict(db, fileId, version, null);
  return {
    loaded: await loadFile(db, fileId),
    learned: learned.length,
    templateEntries: entries.length,
    filing: filing as FilingLink | null,
  };
}

export async function reopen(db: Db, fileId: string, userId: string, version: number, reason?: string) {
  const l = await loadFile(db, fileId);
  const m = l.mapping;
  if (m?.status !== "ready") throw httpError(409, "Only a mapping marked ready can be reopened");
  if (m.version !== version) throw await staleConflict(db, fileId, version, null);
  assertNotHeldByOther(l, userId);
  const next = m.version + 1;
  const now = new Date();
  const ok = await db.transaction(async (tx) => {
    const rows = await tx
      .update(statementMappings)
      .set({
        status: "reopened",
        version: next,
        updatedBy: userId,
        updatedAt: now,
        heldBy: userId,
        heldAt: now,
      })
      .where(and(eq(statementMappings.id, m.id), eq(statementMappings.version, version)))
      .returning({ id: statementMappings.id });
    if (rows.length === 0) return false;
    await recordEvent(
      tx,
      m.id,
      userId,
      "reopen",
      [
        { path: "status", from: "ready", to: "reopened" },
        ...(reason ? [{ path: "reason", from: null, to: reason }] : []),
      ],
      next,
    );
    return true;
  });
  if (!ok) throw await staleConflict(db, fileId, version, null);
  return loadFile(db, fileId);
}

// ---------------------------------------------------------------------------------------
// History, list, last year
// ---------------------------------------------------------------------------------------

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
  const base = () =>
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
  const [rows, [total]] = await Promise.all([
    base()
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
      const { document: _document, ...rest } = recordToApi(
        {
          file: r.file,
          property: r.property,
          companyName: r.companyName,
          lines: [],
          mapping: r.mapping,
          holder: r.mapping ? person(r.mapping.heldBy, r.holderName) : null,
          updater: r.mapping ? person(r.mapping.updatedBy, r.updaterName) : null,
        },
        now,
      );
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

// ---------------------------------------------------------------------------------------
// Memory for the suggestions: earlier mappings (templates) and the learned table
// ---------------------------------------------------------------------------------------

const PRIOR_TEMPLATES = 100;

export function dbMappingMemory(db: Db): MappingMemory {
  return {
    async priorMappings({ form, preparerId, companyId }) {
      const scopes: [PriorMapping["scope"], SQL][] = [
        ["preparer", eq(mappingTemplates.updatedBy, preparerId)],
      ];
      if (companyId) scopes.push(["company", eq(mappingTemplates.companyId, companyId)]);
      const out: PriorMapping[] = [];
      for (const [scope, cond] of scopes) {
        const rows = await db
          .select({ entries: mappingTemplates.entries })
          .from(mappingTemplates)
          .where(and(eq(mappingTemplates.form, form), cond))
          .orderBy(desc(mappingTemplates.updatedAt))
          .limit(PRIOR_TEMPLATES);
        for (const r of rows)
          for (const e of r.entries as { label: string; target: string }[])
            out.push({ label: e.label, fieldId: e.target, scope });
      }
      return out;
    },
    async learnedCounts({ form, labels }) {
      const keys = [...new Set(labels.map(normaliseLabel).filter(Boolean))];
      if (keys.length === 0) return [];
      const rows = await db
        .select({
          label: learnedLabels.sampleLabel,
          fieldId: learnedLabels.fieldId,
          count: learnedLabels.count,
        })
        .from(learnedLabels)
        .where(
          and(
            eq(learnedLabels.form, form),
            inArray(learnedLabels.labelKey, keys),
            gt(learnedLabels.count, 0),
          ),
        );
      return rows as LearnedCount[];
    },
  };
}
