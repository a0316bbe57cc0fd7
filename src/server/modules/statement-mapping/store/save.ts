import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../../domain/errors";
import {
  applyTemplate,
  type Change,
  correctLine,
  diffDocuments,
  documentProblems,
  type MappableForm,
  type MappingDocument,
} from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import { mappingTemplates, statementMappingEvents, statementMappings, users } from "../../../db/schema";
import { httpError } from "../../../plugins/errors";
import { assertNotHeldByOther } from "./hold";
import {
  assertMappable,
  documentOf,
  ensureMapping,
  HOLD_MS,
  type Loaded,
  loadFile,
  type MappingRow,
  person,
  recordEvent,
  recordToApi,
  withCatalogue,
} from "./load";

/**
 * Saving a mapping document over the version it was based on (by hand or by applying a
 * template), and the 409 with the current record that a stale version answers.
 */

const STALE_MAPPING =
  "This mapping was changed by someone else since you opened it. Review their changes and save again.";

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
export async function staleConflict(db: Db, fileId: string, based: number, mine: MappingDocument | null) {
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
    code: ERROR_CODES.STALE_VERSION,
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

/**
 * Applies a saved template (label → field from an earlier year's mapping) to the file's
 * mapping, saved as a new version like any other save.
 */
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

/**
 * Corrects one line's amount in place (a misread figure on a scan), saved as a new version
 * with its own history event (`correct_amount`: who, when, before → after). `amount: null`
 * takes the correction back. Mapping uses the corrected amount from then on.
 */
export async function correctAmount(
  db: Db,
  fileId: string,
  userId: string,
  input: { version: number; lineId: string; amount: number | null; note?: string },
): Promise<Loaded> {
  const l = await ensureMapping(db, await loadFile(db, fileId));
  assertMappable(l);
  const index = Number(input.lineId);
  if (!Number.isInteger(index) || index < 0 || index >= l.lines.length)
    throw httpError(400, `This file has no line ${input.lineId} (it has ${l.lines.length})`);
  const doc = documentOf(l.mapping as MappingRow);
  const corrected =
    input.amount === null
      ? (() => {
          const { amount: _gone, ...rest } = doc.corrections[input.lineId] ?? {};
          const corrections = { ...doc.corrections };
          if (rest.label === undefined) delete corrections[input.lineId];
          else corrections[input.lineId] = rest;
          return { ...doc, corrections };
        })()
      : correctLine(doc, l.lines, input.lineId, {
          amount: input.amount,
          ...(input.note?.trim() ? { note: input.note.trim() } : {}),
        });
  return writeDocument(db, l, userId, { version: input.version, document: corrected }, "correct_amount");
}
