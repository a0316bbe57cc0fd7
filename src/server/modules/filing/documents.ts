import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { filingDocuments, statementMappings } from "../../db/schema";
import { HttpError, httpError } from "../../plugins/errors";
import type { FileStore } from "../../storage";
import { type OutputKind, renderOutput } from "../statement-mapping/record-outputs";
import { loadFile } from "../statement-mapping/store/load";
import type { FilingRow, Q } from "./filings";

export const DOCUMENT_NOT_FOUND = "Document not found";
const KINDS: readonly OutputKind[] = ["pdf", "csv", "xlsx", "tc309"];

/** A rendered output stored in the file store, not yet recorded for the filing. */
export interface StoredDocument {
  mappingId: string;
  name: string;
  kind: OutputKind;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/** `rpie-2025-1011190036.pdf`, or `rpie-2025-1011190036-2.pdf` when a second mapping gives the same name. */
function uniqueName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 2; ; n++) {
    const next = `${stem}-${n}${ext}`;
    if (!taken.has(next)) return next;
  }
}

/**
 * Renders what is filed: for each mapping of the filing's property and year marked ready, the
 * worksheet PDF, CSV, XLSX and (when it applies) the TC309 checklist through src/server/outputs,
 * and puts the bytes in the file store (content-addressed, so a retry stores nothing twice).
 * Figures that cannot go on the form answer 422 naming the file and the problems.
 */
export async function storeFiledDocuments(
  db: Db,
  store: FileStore,
  filing: FilingRow,
): Promise<StoredDocument[]> {
  const ready = await db
    .select({ id: statementMappings.id, fileId: statementMappings.fileId })
    .from(statementMappings)
    .where(
      and(
        eq(statementMappings.companyId, filing.companyId),
        eq(statementMappings.propertyId, filing.propertyId),
        eq(statementMappings.filingYear, filing.year),
        eq(statementMappings.status, "ready"),
      ),
    )
    .orderBy(asc(statementMappings.readyAt), asc(statementMappings.id));
  const out: StoredDocument[] = [];
  const taken = new Set<string>();
  for (const m of ready) {
    const l = await loadFile(db, m.fileId);
    for (const kind of KINDS) {
      let rendered: Awaited<ReturnType<typeof renderOutput>>;
      try {
        rendered = await renderOutput(l, kind, l.updater?.displayName ?? null);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404 && kind === "tc309") continue; // does not apply
        if (err instanceof HttpError && err.statusCode === 422)
          throw httpError(
            422,
            `The outputs of ${l.file.fileName} cannot be produced: ${err.message}`,
            err.data,
          );
        throw err;
      }
      const stored = await store.put(Readable.from(Buffer.from(rendered.bytes)));
      const name = uniqueName(rendered.fileName, taken);
      taken.add(name);
      out.push({
        mappingId: m.id,
        name,
        kind,
        contentType: rendered.contentType,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
      });
    }
  }
  return out;
}

/** Records the stored documents for the filing (inside the transaction that marks it filed). */
export async function recordFiledDocuments(
  tx: Q,
  filingId: string,
  docs: StoredDocument[],
  now = new Date(),
) {
  if (docs.length === 0) return;
  await tx
    .insert(filingDocuments)
    .values(docs.map((d) => ({ id: uuidv7(), filingId, ...d, createdAt: now })));
}

export type FilingDocumentRow = typeof filingDocuments.$inferSelect;

/** The filing's documents: per mapping (in the order they were made ready), PDF, CSV, XLSX, TC309. */
export async function listFiledDocuments(q: Q, filingId: string): Promise<FilingDocumentRow[]> {
  const rows = await q
    .select()
    .from(filingDocuments)
    .where(eq(filingDocuments.filingId, filingId))
    .orderBy(asc(filingDocuments.createdAt), asc(filingDocuments.id));
  const rank = (d: FilingDocumentRow) => KINDS.indexOf(d.kind as OutputKind);
  const firstOf = new Map<string, number>();
  rows.forEach((d, i) => {
    if (!firstOf.has(d.mappingId ?? "")) firstOf.set(d.mappingId ?? "", i);
  });
  return rows.sort(
    (a, b) =>
      (firstOf.get(a.mappingId ?? "") ?? 0) - (firstOf.get(b.mappingId ?? "") ?? 0) || rank(a) - rank(b),
  );
}

export async function findFiledDocument(q: Q, filingId: string, name: string): Promise<FilingDocumentRow> {
  const [row] = await q
    .select()
    .from(filingDocuments)
    .where(and(eq(filingDocuments.filingId, filingId), eq(filingDocuments.name, name)));
  if (!row) throw httpError(404, DOCUMENT_NOT_FOUND);
  return row;
}

export const documentToApi = (d: FilingDocumentRow) => ({
  name: d.name,
  kind: d.kind as OutputKind,
  contentType: d.contentType,
  size: d.size,
  createdAt: d.createdAt.toISOString(),
});
