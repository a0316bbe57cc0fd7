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
};

/** Downloads one file with the bearer token, from the route of the feature that owns it. */
export async function downloadManagedFile(file: ManagedFile): Promise<void> {
  const name =
    file.source === "photo" ? `${file.name}.${file.contentType.split("/")[1] ?? "jpg"}` : file.name;
  saveBlob(await http.get<Blob>(downloadPathOf(file), { responseType: "blob" }), name);
}
