import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { filingDocuments } from "../../db/schema";
import { OUTPUT_TYPES, type OutputKind } from "../../outputs";
import { httpError } from "../../plugins/errors";
import type { FileStore } from "../../storage";
import type { FilingRow, Q } from "./filings";

const DOCUMENT_NOT_FOUND = "Document not found";
const KINDS = Object.keys(OUTPUT_TYPES) as OutputKind[];

/** One rendered output of a mapping marked ready, to be filed. */
interface FiledOutput {
  mappingId: string;
  kind: OutputKind;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/**
 * The outputs filed for a filing: statement-mapping's `readyMappingOutputs`, handed to the
 * filing routes by modules/index.ts so that filing does not import statement-mapping (which
 * imports filing to move a filing when its mapping is marked ready). Throws a 422 HttpError
 * when a mapping's figures cannot go on the form.
 */
export type FiledOutputs = (
  db: Db,
  filing: Pick<FilingRow, "companyId" | "propertyId" | "year">,
) => AsyncIterable<FiledOutput>;

/** A flag on a filing that staff fix or explain before it is filed (the TC309 flags). */
interface FilingFlag {
  code: string;
  message: string;
}

/**
 * A filing's flags: statement-mapping's `tc309FlagsOf`, handed over by modules/index.ts like
 * `FiledOutputs`.
 */
export type FilingFlags = (db: Db, filing: Pick<FilingRow, "id" | "kind">) => Promise<FilingFlag[]>;

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
 * Renders what is filed (`outputs`: per mapping of the filing's property and year marked ready,
 * its worksheet PDF, CSV, XLSX and TC309 checklist when it applies) and puts the bytes in the
 * file store (content-addressed, so a retry stores nothing twice).
 */
export async function storeFiledDocuments(
  db: Db,
  store: FileStore,
  outputs: FiledOutputs,
  filing: FilingRow,
): Promise<StoredDocument[]> {
  const out: StoredDocument[] = [];
  const taken = new Set<string>();
  for await (const rendered of outputs(db, filing)) {
    const stored = await store.put(Readable.from(Buffer.from(rendered.bytes)));
    const name = uniqueName(rendered.fileName, taken);
    taken.add(name);
    out.push({
      mappingId: rendered.mappingId,
      name,
      kind: rendered.kind,
      contentType: rendered.contentType,
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
    });
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
