import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { FileFolder, FileSource, ManagedFile } from "../../../../domain/files/file-manager";
import { useCompanyId } from "../../../offline/company-context";
import { fileManagerQueries } from "./file-manager-api";
import { type FileManagerSearch, folderFilter, previewKey } from "./file-manager-search";

/** A folder as the filter names it: a property (or none) and a year. */
export interface FolderKey {
  propertyId: string | null;
  year: number;
}

export const folderId = (f: FolderKey) => `${f.propertyId ?? "none"}:${f.year}`;

export type SetFileManagerSearch = (next: FileManagerSearch, opts?: { replace?: boolean }) => void;

/**
 * The file manager's search, folder, kind and page — kept in the URL (`search`, written through
 * `onSearch`), so a reload or a shared link opens the same list — the page of files they ask for,
 * and the file being previewed (in the URL too: opening it is a step in the history, so Back
 * closes it, as a phone's user expects of a full-screen preview).
 */
export function useFileManager(search: FileManagerSearch, onSearch: SetFileManagerSearch) {
  const companyId = useCompanyId();
  // The box shows every keystroke; the URL and the server get the text once typing pauses.
  const [text, setText] = useState(search.q ?? "");
  const [q] = useDebouncedValue(text, 300);
  const latest = useRef({ search, onSearch });
  latest.current = { search, onSearch };
  useEffect(() => {
    const { search: current, onSearch: write } = latest.current;
    if ((current.q ?? "") === q) return;
    write({ ...current, q: q.trim() ? q : undefined, page: undefined }, { replace: true });
  }, [q]);
  // Back and forward change the URL under the box: show what it says.
  useEffect(() => {
    setText((shown) => (shown.trim() === (search.q ?? "").trim() ? shown : (search.q ?? "")));
  }, [search.q]);

  const folder = folderFilter(search.folder);
  const page = (search.page ?? 1) - 1;
  const query = useQuery(
    fileManagerQueries.page(companyId, {
      q: search.q ?? "",
      source: search.kind,
      propertyId: folder?.propertyId,
      year: folder?.year,
      page,
    }),
  );
  const router = useRouter();
  // Opened here (a history step was pushed): closing goes back, so Back after it leaves the page.
  const openedHere = useRef(false);
  const previewing = search.preview
    ? (query.data?.items.find((f) => previewKey(f) === search.preview) ?? null)
    : null;
  const setPreviewing = (file: ManagedFile | null) => {
    if (file) {
      openedHere.current = true;
      onSearch({ ...search, preview: previewKey(file) });
    } else if (openedHere.current) {
      openedHere.current = false;
      router.history.back();
    } else onSearch({ ...search, preview: undefined }, { replace: true });
  };
  return {
    query,
    search: text,
    setSearch: setText,
    folder: search.folder ?? null,
    setFolder: (f: FileFolder | FolderKey | null) =>
      onSearch({ ...search, folder: f ? folderId(f) : undefined, page: undefined, preview: undefined }),
    source: search.kind,
    setSource: (s: FileSource | undefined) =>
      onSearch({ ...search, kind: s, page: undefined, preview: undefined }),
    page,
    setPage: (p: number) => onSearch({ ...search, page: p > 0 ? p + 1 : undefined, preview: undefined }),
    previewing,
    setPreviewing,
  };
}
