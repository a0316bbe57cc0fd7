import { queryOptions } from "@tanstack/react-query";
import type { DocumentType, FileStatus } from "../../../../domain/files/statuses";
import { http } from "../../../lib/http";

export { type FileStatus, isSettled } from "../../../../domain/files/statuses";

/** GET /api/file/{id} (docs/files.md). */
export interface PreviewFile {
  id: string;
  fileName: string;
  bblId: string;
  companyId: string;
  documentType: DocumentType;
  statementYear: number | null;
  contentType: string;
  kind: string;
  size: number;
  status: FileStatus;
  failureReason: string | null;
  pageCount: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Where a line sits on its page: fractions of the page width/height, origin top-left. */
export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LineItem {
  page: number;
  section: string | null;
  label: string;
  amounts: number[];
  isTotal: boolean;
  box?: LineBox;
}

export interface ExtractedPage {
  number: number;
  text: string;
  source: string;
  name: string | null;
}

/** GET /api/file/{id}/extraction. */
export interface Extraction {
  status: FileStatus;
  failureReason: string | null;
  pages: ExtractedPage[];
  lineItems: LineItem[];
  notes: string[];
}

/** Width asked of the server for page images (it never sends more than 1600). */
const PAGE_IMAGE_WIDTH = 1200;

const SPREADSHEET_KINDS = new Set(["xlsx", "xls", "csv"]);
export const isSpreadsheet = (kind: string) => SPREADSHEET_KINDS.has(kind);

const filePreviewKeys = {
  file: (id: string) => ["file-preview", id, "file"] as const,
  extraction: (id: string, status: FileStatus) => ["file-preview", id, "extraction", status] as const,
  page: (id: string, n: number) => ["file-preview", id, "page", n, PAGE_IMAGE_WIDTH] as const,
};

const filePreviewApi = {
  file: (id: string) => http.get<PreviewFile>(`/api/file/${encodeURIComponent(id)}`),
  extraction: (id: string) => http.get<Extraction>(`/api/file/${encodeURIComponent(id)}/extraction`),
  /** The page image needs the bearer token, so it is fetched as a blob (shown through an object URL). */
  pageImage: (id: string, n: number, signal?: AbortSignal) =>
    http.get<Blob>(`/api/file/${encodeURIComponent(id)}/pages/${n}`, {
      query: { width: PAGE_IMAGE_WIDTH },
      responseType: "blob",
      headers: { Accept: "image/webp,image/*" },
      signal,
    }),
};

/** Each query of the preview: its key and its fetcher, side by side. */
export const filePreviewQueries = {
  file: (id: string) =>
    queryOptions({ queryKey: filePreviewKeys.file(id), queryFn: () => filePreviewApi.file(id) }),
  /** What was read from the file; the key names the status it was asked at, so a re-read asks again. */
  extraction: (id: string, status: FileStatus) =>
    queryOptions({
      queryKey: filePreviewKeys.extraction(id, status),
      queryFn: () => filePreviewApi.extraction(id),
    }),
  /** A page image: it never changes for a file, so it stays fresh. */
  page: (id: string, n: number) =>
    queryOptions({
      queryKey: filePreviewKeys.page(id, n),
      queryFn: ({ signal }) => filePreviewApi.pageImage(id, n, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
