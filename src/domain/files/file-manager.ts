/**
 * The file manager's contract (docs/files.md "File manager"): every file the company has —
 * statements, filing outputs, item photos — paged and searched on the server, in folders by
 * property and year, with the storage they use.
 */

export const FILE_MANAGER_PATH = "/api/file-manager";

export const FILE_SOURCES = ["statement", "output", "photo"] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

export const FILE_MANAGER_MAX_ROWS = 100;

export interface ManagedFile {
  source: FileSource;
  id: string;
  name: string;
  /** The property it belongs to (item photos have none). */
  propertyId: string | null;
  bbl: string | null;
  address: string | null;
  year: number;
  size: number;
  contentType: string;
  createdAt: string;
  /** Filing outputs: the filing whose documents it is part of. */
  filingId: string | null;
}

export interface FileFolder {
  propertyId: string | null;
  bbl: string | null;
  address: string | null;
  year: number;
  count: number;
  bytes: number;
}

export interface FileManagerPage {
  items: ManagedFile[];
  total: number;
  page: number;
  rowsPerPage: number;
  folders: FileFolder[];
  storage: { files: number; bytes: number };
}

/** Where the app downloads a file of the file manager (each from its own feature's route). */
export function downloadPathOf(file: Pick<ManagedFile, "source" | "id" | "name" | "filingId">): string {
  if (file.source === "statement") return `/api/file/download/${file.id}`;
  if (file.source === "output")
    return `/api/filings/${file.filingId}/documents/${encodeURIComponent(file.name)}`;
  return `/api/inventory/photos/${file.id}`;
}
