import { queryOptions } from "@tanstack/react-query";
import type { DocumentType, FileStatus } from "../../../domain/files/statuses";
import type { DefaultColumn, SkippedColumn, StatementColumn } from "../../../domain/line-items";
import type { MappingDocument } from "../../../domain/statement-mapping/mapping";
import type { ReconciliationFlag } from "../../../domain/statement-mapping/reconcile";
import type { FailedTotal, TotalsRow } from "../../../domain/statement-mapping/statement-totals";
import { http } from "../../lib/http";

/** The staff mapping API (docs/statement-mapping.md, "Mapping records"), keyed by file id. */

export type MappingForm = "rpie" | "tc201" | "tc203";
export type MappingStatus = "not_started" | "draft" | "ready" | "reopened";
export type { FailedTotal, MappingDocument, ReconciliationFlag, TotalsRow };

export interface Person {
  id: string;
  displayName: string;
}

export interface MappingSummary {
  fileId: string;
  mappingId: string | null;
  fileName: string;
  documentType: DocumentType;
  statementYear: number | null;
  fileStatus: FileStatus;
  companyId: string;
  companyName: string;
  propertyId: string;
  bbl: string;
  bblFormatted: string;
  address: string | null;
  form: MappingForm;
  filingYear: number;
  status: MappingStatus;
  version: number;
  heldBy: Person | null;
  heldAt: string | null;
  holdExpiresAt: string | null;
  updatedBy: Person | null;
  updatedAt: string | null;
  readyAt: string | null;
}

export interface MappingRecord extends MappingSummary {
  document: MappingDocument;
}

export interface MappingPage {
  items: MappingSummary[];
  total: number;
  page: number;
  rowsPerPage: number;
}

export interface ListFilters {
  page: number;
  rowsPerPage: number;
  q?: string;
  statementYear?: number;
  documentType?: string;
  mappingStatus?: MappingStatus;
  heldBy?: string;
  propertyId?: string;
}

export interface ViewLine {
  id: string;
  page: number;
  section: string | null;
  isTotal: boolean;
  /** By column (extraction.columns); null where the cell is blank. */
  amounts: (number | null)[];
  label: string;
  amount: number | null;
  originalLabel: string;
  originalAmount: number | null;
  corrected: boolean;
  /** For a total: the lines it adds up (signed), as extraction read them. */
  parts: { line: number; sign: 1 | -1 }[];
  /** OCR: the mean confidence of the line's words (0–100); null on text and sheets. */
  confidence: number | null;
  account: string | null;
  selected: boolean;
  target: string | null;
}

interface ViewTable {
  id: string;
  page: number;
  section: string | null;
  lines: string[];
  selected: boolean;
}

export interface Candidate {
  field: { id: string; form: string; line: string; label: string };
  confidence: number;
  reason: string;
  source: "prior" | "learned" | "keyword" | "fuzzy";
}

export interface LineSuggestions {
  lineId: string;
  label: string;
  candidates: Candidate[];
}

export interface Reconciliation {
  amounts: Record<string, number>;
  totals: Record<string, number>;
  sections: {
    lineId: string;
    section: string | null;
    label: string;
    statementTotal: number;
    mapped: number;
    difference: number;
  }[];
  flags: ReconciliationFlag[];
  blocking: ReconciliationFlag[];
  ready: boolean;
}

export interface MappingView {
  record: MappingRecord;
  catalogueYear: number;
  extraction: {
    tables: ViewTable[];
    lines: ViewLine[];
    /** The statement's money columns as extraction read them. */
    columns: StatementColumn[];
    /** Columns left out of the amounts (percentages). */
    skippedColumns: SkippedColumn[];
    /** The statement year's annual figure: where a new mapping starts. */
    defaultColumn: DefaultColumn;
    /** Statement totals that do not add up in the chosen column (corrections applied). */
    failedTotals: FailedTotal[];
  };
  /** The statement's own income, expense and NOI totals beside the mapped form's. */
  statementTotals: TotalsRow[];
  suggestions: LineSuggestions[];
  reconciliation: Reconciliation;
}

export interface CatalogueField {
  id: string;
  form: string;
  section: string;
  line: string;
  label: string;
  kind: "income" | "expense" | "total" | "excluded" | "info";
  itemised?: boolean;
}

export interface Change {
  path: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEvent {
  id: string;
  action: string;
  version: number;
  at: string;
  by: Person | null;
  changes: Change[];
}

interface CompareRow {
  fieldId: string;
  section: string;
  line: string;
  label: string;
  kind: string;
  lastYear: number | null;
  thisYear: number | null;
  change: number | null;
  changeRatio: number | null;
}

export interface Comparison {
  form: MappingForm;
  filingYear: number;
  lastYear: { fileId: string; mappingId: string; filingYear: number; status: string } | null;
  rows: CompareRow[];
}

/** The body of a 409 for a stale version. */
export interface StaleConflict {
  message: string;
  current?: MappingRecord;
  difference?: Change[];
  changesSince?: { action: string; version: number; at: string; by?: Person | null; changes: Change[] }[];
}

export type OutputKind = "pdf" | "csv" | "xlsx" | "tc309";

const base = "/api/statement-mapping";
const one = (fileId: string) => `${base}/${encodeURIComponent(fileId)}`;

const FIELD_PATHS: Record<MappingForm, string> = {
  rpie: "get-rpie-fields",
  tc201: "get-tc201-fields",
  tc203: "get-tc203-fields",
};

export const mappingKeys = {
  all: ["statement-mapping"] as const,
  lists: ["statement-mapping", "list"] as const,
  list: (f: ListFilters) => ["statement-mapping", "list", f] as const,
  view: (fileId: string) => ["statement-mapping", "view", fileId] as const,
  fields: (form: MappingForm, year: number) => ["statement-mapping", "fields", form, year] as const,
  history: (fileId: string) => ["statement-mapping", "history", fileId] as const,
  compare: (fileId: string) => ["statement-mapping", "compare", fileId] as const,
};

export const mappingApi = {
  list: (f: ListFilters) => http.get<MappingPage>(base, { query: { ...f, q: f.q?.trim() || undefined } }),
  view: (fileId: string) => http.get<MappingView>(one(fileId)),
  fields: (form: MappingForm, year: number) =>
    http.get<{ fields: CatalogueField[] }>(`${base}/${FIELD_PATHS[form]}`, { query: { year } }),
  hold: (fileId: string) => http.post<MappingRecord>(`${one(fileId)}/hold`, {}),
  release: (fileId: string, force = false) =>
    http.delete<MappingRecord>(`${one(fileId)}/hold`, { query: force ? { force: true } : undefined }),
  save: (fileId: string, body: { version: number; document: MappingDocument; form?: MappingForm }) =>
    http.put<MappingView>(one(fileId), body),
  ready: (fileId: string, version: number) =>
    http.post<{
      record: MappingRecord;
      reconciliation: Reconciliation;
      /** The property's RPIE filing of the year: moved from Mapping to Ready to file, or why not. */
      filing: { id: string; state: string; moved: boolean; refusal: string | null } | null;
    }>(`${one(fileId)}/ready`, { version }),
  correctAmount: (
    fileId: string,
    lineId: string,
    body: { version: number; amount: number | null; note?: string },
  ) => http.put<MappingView>(`${one(fileId)}/lines/${lineId}/amount`, body),
  reopen: (fileId: string, version: number) => http.post<MappingRecord>(`${one(fileId)}/reopen`, { version }),
  history: (fileId: string) => http.get<{ events: HistoryEvent[] }>(`${one(fileId)}/history`),
  compare: (fileId: string) => http.get<Comparison>(`${one(fileId)}/compare`),
  applyTemplate: (fileId: string, version: number, overwrite: boolean) =>
    http.post<{ record: MappingRecord; applied: { lineId: string; label: string; target: string }[] }>(
      `${one(fileId)}/apply-template`,
      { version, overwrite },
    ),
  output: (fileId: string, kind: OutputKind) =>
    http.get<Blob>(`${one(fileId)}/outputs/${kind}`, { responseType: "blob", headers: { Accept: "*/*" } }),
};

/** Each query of the feature: its key and its fetcher, side by side. */
export const mappingQueries = {
  list: (f: ListFilters) =>
    queryOptions({ queryKey: mappingKeys.list(f), queryFn: () => mappingApi.list(f) }),
  view: (fileId: string) =>
    queryOptions({ queryKey: mappingKeys.view(fileId), queryFn: () => mappingApi.view(fileId) }),
  /** A form's field catalogue of a year: it does not change while the app runs. */
  fields: (form: MappingForm, year: number) =>
    queryOptions({
      queryKey: mappingKeys.fields(form, year),
      queryFn: () => mappingApi.fields(form, year),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  history: (fileId: string) =>
    queryOptions({ queryKey: mappingKeys.history(fileId), queryFn: () => mappingApi.history(fileId) }),
  compare: (fileId: string) =>
    queryOptions({ queryKey: mappingKeys.compare(fileId), queryFn: () => mappingApi.compare(fileId) }),
};

const EXT: Record<OutputKind, string> = { pdf: "pdf", csv: "csv", xlsx: "xlsx", tc309: "pdf" };

/** Downloads an output with the bearer token (a blob through an object URL, as files' saveFile does). */
export async function saveOutput(
  record: Pick<MappingSummary, "fileId" | "form" | "filingYear" | "bbl">,
  kind: OutputKind,
) {
  const blob = await mappingApi.output(record.fileId, kind);
  const name =
    kind === "tc309"
      ? `tc309-${record.filingYear}-${record.bbl}`
      : `${record.form}-${record.filingYear}-${record.bbl}`;
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = `${name}.${EXT[kind]}`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
