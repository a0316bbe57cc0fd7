/**
 * The file manager's URL: `?q=` (search text), `folder=` (`<propertyId|none>:<year>`), `kind=`,
 * `page=` (from 1) and `preview=` (`<kind>:<file id>`, the file shown in the preview: a phone's
 * Back closes it). Read by the route's validateSearch at start, so it imports nothing.
 */
import type { FileSource } from "../../../../domain/files/file-manager";

export interface FileManagerSearch {
  q?: string;
  folder?: string;
  kind?: FileSource;
  page?: number;
  preview?: string;
}

const KINDS: readonly string[] = ["statement", "output", "photo"] satisfies readonly FileSource[];
const PREVIEW = /^(statement|output|photo):[\w-]{1,64}$/;
const FOLDER = /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{4})$/i;

/** What of a raw search the file manager understands; anything else is dropped, never an error. */
export function parseFileManagerSearch(raw: Record<string, unknown>): FileManagerSearch {
  const out: FileManagerSearch = {};
  const q = raw.q;
  if (typeof q === "string" || typeof q === "number" || typeof q === "boolean") {
    const text = String(q).slice(0, 200);
    if (text.trim()) out.q = text;
  }
  if (typeof raw.folder === "string" && FOLDER.test(raw.folder)) out.folder = raw.folder.toLowerCase();
  if (typeof raw.kind === "string" && KINDS.includes(raw.kind)) out.kind = raw.kind as FileSource;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  if (typeof raw.preview === "string" && PREVIEW.test(raw.preview)) out.preview = raw.preview;
  return out;
}

/** A folder of the URL as the server's filter names it. */
export function folderFilter(folder: string | undefined): { propertyId: string; year: number } | null {
  const m = folder ? FOLDER.exec(folder) : null;
  return m?.[1] && m[2] ? { propertyId: m[1].toLowerCase(), year: Number(m[2]) } : null;
}

/** A file as the URL's `preview=` names it. */
export const previewKey = (file: { source: FileSource; id: string }) => `${file.source}:${file.id}`;
