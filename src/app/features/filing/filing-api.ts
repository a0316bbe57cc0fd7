import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type {
  FilingKind,
  FilingState,
  InvoiceStatus,
  QuoteItem,
  QuoteItemInput,
  QuoteStatus,
} from "../../../domain/filing";
import { http } from "../../lib/http";
import { idempotentPost } from "../../lib/idempotent";
import { saveBlob } from "../../lib/save-blob";

/** One row of a filing's timeline (filing_events, docs/filing.md). */
interface FilingEvent {
  id: string;
  type: string;
  actorRole: string;
  actorName: string | null;
  fromState: string | null;
  toState: string | null;
  message: string | null;
  createdAt: string;
}

export interface Quote {
  id: string;
  filingId: string;
  status: QuoteStatus;
  totalCents: number;
  note: string | null;
  items: QuoteItem[];
  sentAt: string | null;
  acceptedAt: string | null;
  acceptedBy: string | null;
  createdAt: string;
}

export interface Invoice {
  id: string;
  number: string;
  filingId: string;
  quoteId: string;
  companyId: string;
  companyName: string;
  propertyId: string;
  bbl: string;
  address: string | null;
  year: number;
  kind: string;
  amountCents: number;
  paidCents: number;
  currency: string;
  status: InvoiceStatus;
  method: string | null;
  paidAt: string | null;
  overrideReason: string | null;
  overriddenAt: string | null;
  items: QuoteItem[];
  createdAt: string;
}

export interface Filing {
  id: string;
  companyId: string;
  companyName: string;
  propertyId: string;
  bbl: string;
  address: string | null;
  year: number;
  kind: FilingKind;
  state: FilingState;
  returnTo: string | null;
  stateChangedAt: string;
  daysInState: number;
  deadline: string;
  question: string | null;
  reason: string | null;
  noticeFileId: string | null;
  confirmationNumber: string | null;
  filedOn: string | null;
  filedBy: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  nextStates: FilingState[];
  events: FilingEvent[];
  quote: Quote | null;
  invoice: Invoice | null;
  /** Staff only: the TC309 flags (audit report missing or not supporting the certification). */
  flags?: { code: string; message: string }[];
}

export interface StaffQueue {
  items: Filing[];
  total: number;
  page: number;
  rowsPerPage: number;
  counts: Record<string, number>;
}

export interface StaffQueueParams {
  state?: FilingState;
  kind?: FilingKind;
  companyId?: string;
  year?: number;
  page: number;
  rowsPerPage: number;
}

export type CheckoutAnswer =
  | { provider: "stripe"; sessionId: string; url: string }
  | { provider: "manual"; instructions: string; reference: string; amountCents: number; currency: string };

/** One document of what was filed (kept when staff marked the filing filed). */
export interface FilingDocument {
  name: string;
  kind: "pdf" | "csv" | "xlsx" | "tc309";
  contentType: string;
  size: number;
  createdAt: string;
}

export const filingApi = {
  list: (q: { propertyId?: string; year?: number; kind?: FilingKind } = {}) =>
    http.get<Filing[]>("/api/filings", { query: q }),
  get: (id: string) => http.get<Filing>(`/api/filings/${id}`),
  start: (propertyId: string, year: number) => idempotentPost<Filing>("/api/filings", { propertyId, year }),
  penaltyRemoval: (body: { propertyId: string; year: number; reason: string; noticeFileId: string }) =>
    idempotentPost<Filing>("/api/filings/penalty-removal", body),
  documentsSent: (f: Pick<Filing, "id" | "version">) =>
    idempotentPost<Filing>(`/api/filings/${f.id}/documents-sent`, { version: f.version }),
  answer: (f: Pick<Filing, "id" | "version">, message: string, fileIds: string[]) =>
    idempotentPost<Filing>(`/api/filings/${f.id}/answer`, {
      version: f.version,
      message,
      ...(fileIds.length ? { fileIds } : {}),
    }),
  acceptQuote: (quoteId: string) =>
    idempotentPost<{ quote: Quote; invoice: Invoice }>(`/api/quotes/${quoteId}/accept`),
  documents: (id: string) => http.get<{ items: FilingDocument[] }>(`/api/filings/${id}/documents`),
  document: (id: string, name: string) =>
    http.get<Blob>(`/api/filings/${id}/documents/${encodeURIComponent(name)}`, { responseType: "blob" }),
};

const invoiceApi = {
  list: () => http.get<Invoice[]>("/api/invoices"),
  get: (id: string) => http.get<Invoice>(`/api/invoices/${id}`),
  pdf: (id: string) => http.get<Blob>(`/api/invoices/${id}/pdf`, { responseType: "blob" }),
  checkout: (id: string) => idempotentPost<CheckoutAnswer>(`/api/invoices/${id}/checkout`),
};

export const staffApi = {
  queue: (p: StaffQueueParams) => http.get<StaffQueue>("/api/admin/filings", { query: { ...p } }),
  get: (id: string) => http.get<Filing>(`/api/admin/filings/${id}`),
  transition: (f: Pick<Filing, "id" | "version">, to: FilingState, message?: string) =>
    idempotentPost<Filing>(`/api/admin/filings/${f.id}/transition`, {
      to,
      version: f.version,
      ...(message ? { message } : {}),
    }),
  quote: (filingId: string, items: QuoteItemInput[], note: string | undefined, send: boolean) =>
    idempotentPost<Quote>(`/api/admin/filings/${filingId}/quote`, { items, ...(note ? { note } : {}), send }),
  sendQuote: (quoteId: string) => idempotentPost<Quote>(`/api/admin/quotes/${quoteId}/send`),
  markReceived: (
    invoiceId: string,
    body: { method: "bank_transfer" | "check"; reference?: string; receivedOn?: string },
  ) => idempotentPost<Invoice>(`/api/admin/invoices/${invoiceId}/mark-received`, body),
  override: (invoiceId: string, reason: string) =>
    idempotentPost<Invoice>(`/api/admin/invoices/${invoiceId}/override`, { reason }),
  filed: (
    f: Pick<Filing, "id" | "version">,
    confirmationNumber: string,
    filedOn: string,
    flagsExplanation?: string,
  ) =>
    idempotentPost<Filing>(`/api/admin/filings/${f.id}/filed`, {
      version: f.version,
      confirmationNumber,
      filedOn,
      ...(flagsExplanation ? { flagsExplanation } : {}),
    }),
};

/**
 * The filing feature's query keys: the owner's filings, the staff's filings and the invoices
 * each under their own root, so one invalidation refreshes every query of that kind.
 */
export const filingKeys = {
  all: ["filings"] as const,
  list: (year: number) => [...filingKeys.all, { year }] as const,
  documents: (filingId: string) => [...filingKeys.all, filingId, "documents"] as const,
  staff: ["admin-filings"] as const,
  staffQueue: (p: StaffQueueParams) => [...filingKeys.staff, "queue", p] as const,
  staffFiling: (filingId: string) => [...filingKeys.staff, filingId] as const,
  invoices: ["invoices"] as const,
  invoiceList: ["invoices", "list"] as const,
  invoice: (invoiceId: string) => [...filingKeys.invoices, invoiceId] as const,
  checkout: (invoiceId: string) => [...filingKeys.invoices, invoiceId, "checkout"] as const,
};

/** Each query of the feature: its key and its fetcher, side by side. */
export const filingQueries = {
  list: (year: number) =>
    queryOptions({ queryKey: filingKeys.list(year), queryFn: () => filingApi.list({ year }) }),
  documents: (filingId: string) =>
    queryOptions({ queryKey: filingKeys.documents(filingId), queryFn: () => filingApi.documents(filingId) }),
  staffQueue: (p: StaffQueueParams) =>
    queryOptions({ queryKey: filingKeys.staffQueue(p), queryFn: () => staffApi.queue(p) }),
  staffFiling: (filingId: string) =>
    queryOptions({ queryKey: filingKeys.staffFiling(filingId), queryFn: () => staffApi.get(filingId) }),
  invoiceList: () => queryOptions({ queryKey: filingKeys.invoiceList, queryFn: invoiceApi.list }),
  invoice: (invoiceId: string) =>
    queryOptions({ queryKey: filingKeys.invoice(invoiceId), queryFn: () => invoiceApi.get(invoiceId) }),
  /** Starts (or, with the same idempotency key, resumes) the invoice's checkout: never preload it. */
  checkout: (invoiceId: string) =>
    queryOptions({ queryKey: filingKeys.checkout(invoiceId), queryFn: () => invoiceApi.checkout(invoiceId) }),
};

/** After a change that moves a filing: the staff's and the owner's filings ask again. */
export function refreshFilings(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: filingKeys.staff });
  void queryClient.invalidateQueries({ queryKey: filingKeys.all });
}

/** Downloads an invoice's PDF with the bearer token and hands it to the browser as INV-….pdf. */
export async function saveInvoicePdf(invoice: Pick<Invoice, "id" | "number">): Promise<void> {
  saveBlob(await invoiceApi.pdf(invoice.id), `${invoice.number}.pdf`);
}

/** Downloads one document of what was filed with the bearer token, under its own name. */
export async function saveFilingDocument(filingId: string, name: string): Promise<void> {
  saveBlob(await filingApi.document(filingId, name), name);
}

/** The error's own words (the API explains refusals: 409 with the allowed moves, etc.). */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
