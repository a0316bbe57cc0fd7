/**
 * The one server-paged list of the admin area (docs/architecture.md, "Server-paged lists"): a
 * search box whose debounced text becomes the server query, sortable column headers (and a sort
 * menu on phones), paging, a count, CSV export of the current filter, loading/empty/error
 * states, a table on wide screens and cards at 390 px. The route owns the URL search
 * (list-search.ts) so a reload or a shared link shows the same page.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconDownload, IconSearch, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { HttpError, http } from "../../lib/http";
import { saveBlob } from "../../lib/save-blob";
import { ListEmpty } from "./ListEmpty";
import { ListPager } from "./ListPager";
import { type ListColumn, type ListSelection, ListView } from "./ListView";
import { apiQuery, type ListSearch, pageCount, patchSearch, type SortDir, toggleSort } from "./list-search";
import { useSearchBox } from "./use-search-box";

export type { ListColumn } from "./ListView";

export interface ListPage<R> {
  rows: R[];
  total: number;
  /** The server stopped counting at `total` (a broad search): there are more. */
  totalCapped?: boolean;
  page: number;
  rowsPerPage: number;
}

export interface ServerListProps<R, S extends string, Q extends ListSearch<S>> {
  /** The list route (`/api/admin/all-user/list`); its export is `<endpoint>/export.csv`. */
  endpoint: string;
  search: Q;
  onSearch(next: Q): void;
  defaultSort: { sortBy: S; sortDir: SortDir };
  /** Every server sort with its label (the phone sort menu). */
  sorts: { value: S; label: string }[];
  columns: ListColumn<R, S>[];
  rowKey(row: R): string;
  /** The phone layout of one row. */
  card(row: R): ReactNode;
  searchLabel: string;
  searchPlaceholder: string;
  emptyText: ReactNode;
  errorTitle: string;
  /** A file name for the CSV ("users.csv"); without it there is no export button. */
  exportFile?: string;
  /** More filters beside the search box (they live in `search` too). */
  filters?: ReactNode;
  rowsPerPage?: number;
  /** The prefix of data-testid attributes. */
  testId: string;
  /** Extra query keys when the same endpoint is shared. */
  queryKey?: readonly unknown[];
  /** Rows the user can select (a checkbox in each row, and "select all shown" in the header). */
  selection?: ListSelection<R>;
  /** Reload the page every so many ms while the rows shown ask for it (work under way), else false. */
  refetchInterval?(rows: R[]): number | false;
}

const errorText = (e: unknown) =>
  e instanceof HttpError
    ? ((e.data as { message?: string } | undefined)?.message ?? e.message)
    : e
      ? String(e)
      : null;

/** Downloads the export with the signed-in user's token (a plain link would carry none). */
async function downloadCsv(path: string, query: Record<string, string | number | undefined>, name: string) {
  const blob = await http.get<Blob>(path, { query, responseType: "blob", headers: { Accept: "text/csv" } });
  saveBlob(blob, name);
}

export function ServerList<R, S extends string, Q extends ListSearch<S>>(p: ServerListProps<R, S, Q>) {
  const { t, i18n } = useLingui();
  const rowsPerPage = p.rowsPerPage ?? 25;
  const wide = useMediaQuery("(min-width: 56.25em)", true);
  const search = p.search as Q & Record<string, unknown>;
  const sortBy = p.search.sortBy ?? p.defaultSort.sortBy;
  const sortDir = p.search.sortDir ?? p.defaultSort.sortDir;
  const list = useQuery({
    queryKey: ["server-list", p.endpoint, ...(p.queryKey ?? []), p.search],
    queryFn: ({ signal }) =>
      http.get<ListPage<R>>(p.endpoint, { query: apiQuery(search, p.defaultSort, rowsPerPage), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: p.refetchInterval
      ? (q) => p.refetchInterval?.(q.state.data?.rows ?? []) ?? false
      : false,
  });
  const change = (patch: Partial<Q>) => p.onSearch(patchSearch(p.search, patch));
  const box = useSearchBox(p.search.query, (query) => change({ query } as Partial<Q>));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, rowsPerPage);
  const shownTotal = i18n.number(total);
  const error = errorText(list.error);

  const exportCsv = async () => {
    if (!p.exportFile) return;
    setExporting(true);
    setExportError(null);
    try {
      await downloadCsv(`${p.endpoint}/export.csv`, apiQuery(search, p.defaultSort), p.exportFile);
    } catch (e) {
      setExportError(errorText(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          w={{ base: "100%", xs: 280 }}
          label={p.searchLabel}
          placeholder={p.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={box.typed}
          maxLength={200}
          onChange={(e) => box.type(e.currentTarget.value)}
          data-testid={`${p.testId}-search`}
        />
        {p.filters}
        {!wide && (
          <Group gap={4} align="flex-end" wrap="nowrap">
            <NativeSelect
              w={180}
              label={t`Sort by`}
              data={p.sorts}
              value={sortBy}
              onChange={(e) => change({ sortBy: e.currentTarget.value as S } as Partial<Q>)}
            />
            <ActionIcon
              size={36}
              variant="default"
              aria-label={sortDir === "asc" ? t`Ascending; sort descending` : t`Descending; sort ascending`}
              onClick={() => change({ sortDir: sortDir === "asc" ? "desc" : "asc" } as Partial<Q>)}
            >
              {sortDir === "asc" ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
            </ActionIcon>
          </Group>
        )}
        {p.exportFile && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={exportCsv}
            data-testid={`${p.testId}-export`}
          >
            <Trans>Export CSV</Trans>
          </Button>
        )}
      </Group>

      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${p.testId}-count`}>
          {!list.data ? (
            "\u00a0"
          ) : list.data.totalCapped ? (
            <Trans>More than {shownTotal} results</Trans>
          ) : (
            <Plural value={total} one="# result" other="# results" />
          )}
        </Text>
        {list.isFetching && !list.isPending && <Loader size="xs" aria-label={t`Updating`} />}
      </Group>

      {exportError && (
        <Alert color="red" title={t`The export failed`} withCloseButton onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}

      <ListView<R, S>
        rows={rows}
        pending={list.isPending}
        error={error}
        errorTitle={p.errorTitle}
        columns={p.columns}
        rowKey={p.rowKey}
        card={p.card}
        wide={wide}
        rowData={(r) => ({ "data-id": p.rowKey(r) })}
        empty={
          <ListEmpty testId={`${p.testId}-empty`}>
            <Text c="dimmed">{p.emptyText}</Text>
          </ListEmpty>
        }
        testIds={{
          row: `${p.testId}-row`,
          table: `${p.testId}-table`,
          empty: `${p.testId}-empty`,
          error: `${p.testId}-error`,
          sort: `${p.testId}-sort`,
        }}
        sort={{
          by: sortBy,
          dir: sortDir,
          onSort: (column) => change(toggleSort({ sortBy, sortDir }, column) as Partial<Q>),
        }}
        selection={p.selection}
      />

      <ListPager
        pages={pages}
        page={p.search.page ?? 1}
        onChange={(n) => change({ page: n } as Partial<Q>)}
      />
    </Stack>
  );
}
