import { queryOptions } from "@tanstack/react-query";
import type { DocumentType, FileStatus } from "../../../domain/files/statuses";
import { http } from "../../lib/http";
import { saveBlob } from "../../lib/save-blob";

export {
  DOCUMENT_TYPES,
  type DocumentType,
  FILE_STATUSES,
  type FileStatus,
} from "../../../domain/files/statuses";

/** A statement file record as the API returns it (docs/files.md). */
export interface StatementFile {
  id: string;
  fileName: string;
  bblId: string;
  companyId: string;
  documentType: DocumentType;
  statementYear: number | null;
  contentType: string;
  kind: string;
  size: number;
  sha256: string;
  status: FileStatus;
  failureReason: string | null;
  pageCount: number | null;
  uploadedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface UploadResult extends StatementFile {
  /** The company already had these exact bytes for this property; this is the earlier record. */
  duplicate: boolean;
}

/** The files feature's query keys: all of them start with `all`. */
export const filesKeys = {
  all: ["files"] as const,
  company: (bblId: string) => [...filesKeys.all, "company", bblId] as const,
};

/** Each query of the feature: its key and its fetcher, side by side. */
export const filesQueries = {
  /** The company's statement files of one property. */
  company: (bblId: string) =>
    queryOptions({ queryKey: filesKeys.company(bblId), queryFn: () => filesApi.company(bblId) }),
};

export const filesApi = {
  company: (bblId: string) => http.get<StatementFile[]>("/api/file/company", { query: { bblId } }),
  reOcr: (id: string) => http.post<StatementFile>(`/api/file/re-ocr/${id}`),
  remove: (id: string) => http.delete<void>(`/api/file/${id}`),
  download: (id: string) => http.get<Blob>(`/api/file/download/${id}`, { responseType: "blob" }),
};

/** Downloads a file with the bearer token and hands it to the browser under its own name. */
export async function saveFile(file: Pick<StatementFile, "id" | "fileName">): Promise<void> {
  saveBlob(await filesApi.download(file.id), file.fileName);
}
