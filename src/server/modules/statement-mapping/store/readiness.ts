import { and, eq, lte, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import {
  learnedEntries,
  type MappableForm,
  reconcile,
  templateEntries,
} from "../../../../domain/statement-mapping";
import type { Db } from "../../../db/client";
import { filings, learnedLabels, mappingTemplates, statementMappings } from "../../../db/schema";
import { HttpError, httpError } from "../../../plugins/errors";
import { moveFiling } from "../../filing/filings";
import { assertNotHeldByOther } from "./hold";
import { assertMappable, documentOf, type Loaded, loadFile, recordEvent, withCatalogue } from "./load";
import { staleConflict } from "./save";

/**
 * Marking a mapping ready to file (what it teaches the learned table, the property's template
 * for next year, and the waiting RPIE filing it moves on) and reopening it. The only part of
 * statement-mapping that talks to the filing pipeline.
 */

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
