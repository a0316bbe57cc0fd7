import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FileFolder, FileSource } from "../../../../domain/files/file-manager";
import { useCompanyId } from "../../../offline/company-context";
import { fileManagerQueries } from "./file-manager-api";

/** A folder as the filter names it: a property (or none) and a year. */
export interface FolderKey {
  propertyId: string | null;
  year: number;
}

export const folderId = (f: FolderKey) => `${f.propertyId ?? "none"}:${f.year}`;

/** The file manager's search, folder, kind and page, and the page of files they ask for. */
export function useFileManager() {
  const companyId = useCompanyId();
  const [search, setSearchText] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const [folder, setFolderKey] = useState<FolderKey | null>(null);
  const [source, setSourceValue] = useState<FileSource | undefined>(undefined);
  const [page, setPage] = useState(0);
  const query = useQuery(
    fileManagerQueries.page(companyId, {
      q,
      source,
      propertyId: folder ? (folder.propertyId ?? "none") : undefined,
      year: folder?.year,
      page,
    }),
  );
  return {
    query,
    search,
    setSearch: (v: string) => {
      setSearchText(v);
      setPage(0);
    },
    folder,
    setFolder: (f: FileFolder | FolderKey | null) => {
      setFolderKey(f ? { propertyId: f.propertyId, year: f.year } : null);
      setPage(0);
    },
    source,
    setSource: (s: FileSource | undefined) => {
      setSourceValue(s);
      setPage(0);
    },
    page,
    setPage,
  };
}
