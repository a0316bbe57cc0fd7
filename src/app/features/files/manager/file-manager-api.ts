/** The file manager's server API (docs/files.md "File manager"). */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  downloadPathOf,
  FILE_MANAGER_PATH,
  type FileManagerPage,
  type FileSource,
  type ManagedFile,
} from "../../../../domain/files/file-manager";
import { http } from "../../../lib/http";
import { saveBlob } from "../../../lib/save-blob";

export interface FileManagerFilter {
  q: string;
  source?: FileSource;
  /** A property's id, or "none" for files of no property. */
  propertyId?: string;
  year?: number;
  page: number;
}

export const FILE_MANAGER_ROWS = 25;

const fileManagerKeys = {
  all: ["file-manager"] as const,
  page: (companyId: string | null, f: FileManagerFilter) => [...fileManagerKeys.all, companyId, f] as const,
  /** The bytes behind a preview path never change (photo ids, content-addressed statements, filed outputs). */
  preview: (path: string, as: "blob" | "text") => [...fileManagerKeys.all, "preview", path, as] as const,
};

export const fileManagerQueries = {
  page: (companyId: string | null, f: FileManagerFilter) =>
    queryOptions({
      queryKey: fileManagerKeys.page(companyId, f),
      queryFn: () =>
        http.get<FileManagerPage>(FILE_MANAGER_PATH, {
          query: { ...f, q: f.q.trim() || undefined, rowsPerPage: FILE_MANAGER_ROWS },
        }),
      placeholderData: keepPreviousData,
    }),
  /** A preview's bytes (image, page image, PDF) or text (CSV), fetched with the bearer token. */
  previewBlob: (path: string) =>
    queryOptions({
      queryKey: fileManagerKeys.preview(path, "blob"),
      queryFn: ({ signal }) => http.get<Blob>(path, { responseType: "blob", signal }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60_000,
    }),
  previewText: (path: string) =>
    queryOptions({
      queryKey: fileManagerKeys.preview(path, "text"),
      queryFn: ({ signal }) => http.get<string>(path, { responseType: "text", signal }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60_000,
    }),
};

/** Downloads one file with the bearer token, from the route of the feature that owns it. */
export async function downloadManagedFile(file: ManagedFile): Promise<void> {
  const name =
    file.source === "photo" ? `${file.name}.${file.contentType.split("/")[1] ?? "jpg"}` : file.name;
  saveBlob(await http.get<Blob>(downloadPathOf(file), { responseType: "blob" }), name);
}
