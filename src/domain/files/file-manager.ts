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

/** The width asked of the statement page-image route for the file manager's preview. */
const PREVIEW_PAGE_WIDTH = 1200;

/**
 * How the file manager previews a file, each through its own feature's company-scoped route:
 * - `image`: an item photo (WebP) at `path`; `thumbPath` is its thumbnail for the list.
 * - `page`: the first page of a statement (PDF or image) as the statement preview's WebP page image.
 * - `pdf`: a filing output PDF, shown by the browser's PDF viewer from the downloaded bytes.
 * - `text`: a CSV filing output, shown as text.
 * - `none`: no inline preview (spreadsheets); statements still open in the full preview.
 */
export type FilePreview =
  | { kind: "image"; path: string; thumbPath: string }
  | { kind: "page"; path: string }
  | { kind: "pdf"; path: string }
  | { kind: "text"; path: string }
  | { kind: "none" };

export function previewOf(
  file: Pick<ManagedFile, "source" | "id" | "name" | "filingId" | "contentType">,
): FilePreview {
  const type = file.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (file.source === "photo") {
    const path = downloadPathOf(file);
    return { kind: "image", path, thumbPath: `${path}?size=thumb` };
  }
  if (file.source === "statement") {
    if (type === "application/pdf" || type.startsWith("image/"))
      return { kind: "page", path: `/api/file/${file.id}/pages/1?width=${PREVIEW_PAGE_WIDTH}` };
    return { kind: "none" };
  }
  if (type === "application/pdf") return { kind: "pdf", path: downloadPathOf(file) };
  if (type === "text/csv") return { kind: "text", path: downloadPathOf(file) };
  return { kind: "none" };
}
