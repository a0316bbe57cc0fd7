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
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedCallback, useMediaQuery } from "@mantine/hooks";
import {
  IconArrowsSort,
  IconDownload,
  IconInbox,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { HttpError, http } from "../../lib/http";
import { saveBlob } from "../../lib/save-blob";
import { apiQuery, type ListSearch, pageCount, patchSearch, type SortDir, toggleSort } from "./list-search";

export interface ListPage<R> {
  rows: R[];
  total: number;
  page: number;
  rowsPerPage: number;
}

export interface ListColumn<R, S extends string> {
  key: string;
  header: ReactNode;
  /** The server sort this column's header switches to. */
  sort?: S;
  render(row: R): ReactNode;
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

interface ListSelection<R> {
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  /** Whether this row can be selected (its checkbox is disabled otherwise). */
  selectable(row: R): boolean;
  /** The checkbox's accessible name for this row. */
  label(row: R): string;
  /** The header checkbox's accessible name. */
  allLabel: string;
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
  const { t } = useLingui();
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
  const [typed, setTyped] = useState(p.search.query ?? "");
  // Back/forward or a link changes the URL's query: the box follows.
  useEffect(() => setTyped(p.search.query ?? ""), [p.search.query]);
  const change = (patch: Partial<Q>) => p.onSearch(patchSearch(p.search, patch));
  const searchLater = useDebouncedCallback(
    (q: string) => change({ query: q.trim() || undefined } as Partial<Q>),
    300,
  );
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, rowsPerPage);
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

  const sel = p.selection;
  const selectableRows = sel ? rows.filter((r) => sel.selectable(r)) : [];
  const allShown = selectableRows.length > 0 && selectableRows.every((r) => sel?.selected.has(p.rowKey(r)));
  const toggleAll = () => {
    if (!sel) return;
    const next = new Set(sel.selected);
    for (const r of selectableRows) {
      if (allShown) next.delete(p.rowKey(r));
      else next.add(p.rowKey(r));
    }
    sel.onChange(next);
  };
  const rowCheckbox = (r: R, size?: "md") => {
    if (!sel) return null;
    const key = p.rowKey(r);
    return (
      <Checkbox
        size={size}
        aria-label={sel.label(r)}
        disabled={!sel.selectable(r)}
        checked={sel.selected.has(key)}
        onChange={() => {
          const next = new Set(sel.selected);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          sel.onChange(next);
        }}
      />
    );
  };

  const sortHeader = (c: ListColumn<R, S>) => {
    if (!c.sort) return <Table.Th key={c.key}>{c.header}</Table.Th>;
    const active = c.sort === sortBy;
    const Icon = !active ? IconArrowsSort : sortDir === "asc" ? IconSortAscending : IconSortDescending;
    const column = c.sort;
    return (
      <Table.Th key={c.key} aria-sort={active ? (sortDir === "asc" ? "ascending" : "descending") : "none"}>
        <UnstyledButton
          onClick={() => change(toggleSort({ sortBy, sortDir }, column) as Partial<Q>)}
          data-testid={`${p.testId}-sort-${column}`}
        >
          <Group gap={4} wrap="nowrap">
            <Text fw={700} size="sm">
              {c.header}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          w={{ base: "100%", xs: 280 }}
          label={p.searchLabel}
          placeholder={p.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          maxLength={200}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
          data-testid={`${p.testId}-search`}
        />
        {p.filters}
        {!wide && (
          <Group gap={4} align="flex-end" wrap="nowrap">
            <Select
              w={180}
              label={t`Sort by`}
              data={p.sorts}
              value={sortBy}
              allowDeselect={false}
              onChange={(v) => v && change({ sortBy: v as S } as Partial<Q>)}
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
          {list.data ? <Plural value={total} one="# result" other="# results" /> : "\u00a0"}
        </Text>
        {list.isFetching && !list.isPending && <Loader size="xs" aria-label={t`Updating`} />}
      </Group>

      {exportError && (
        <Alert color="red" title={t`The export failed`} withCloseButton onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      {error && (
        <Alert color="red" title={p.errorTitle} data-testid={`${p.testId}-error`}>
          {error}
        </Alert>
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading`} />
        </Center>
      ) : list.isError ? null : rows.length === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid={`${p.testId}-empty`}>
          <Stack align="center" gap="sm">
            <IconInbox size={48} stroke={1.4} aria-hidden />
            <Text c="dimmed">{p.emptyText}</Text>
          </Stack>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover data-testid={`${p.testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                {sel && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={sel.allLabel}
                      checked={allShown}
                      disabled={selectableRows.length === 0}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                )}
                {p.columns.map(sortHeader)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={p.rowKey(r)} data-testid={`${p.testId}-row`} data-id={p.rowKey(r)}>
                  {sel && <Table.Td>{rowCheckbox(r)}</Table.Td>}
                  {p.columns.map((c) => (
                    <Table.Td key={c.key}>{c.render(r)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm">
          {rows.map((r) => (
            <Card
              key={p.rowKey(r)}
              withBorder
              radius="lg"
              data-testid={`${p.testId}-row`}
              data-id={p.rowKey(r)}
            >
              {sel ? (
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  {rowCheckbox(r, "md")}
                  <Box miw={0} flex={1}>
                    {p.card(r)}
                  </Box>
                </Group>
              ) : (
                p.card(r)
              )}
            </Card>
          ))}
        </Stack>
      )}

      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(p.search.page ?? 1, pages)}
          onChange={(n) => change({ page: n } as Partial<Q>)}
          aria-label={t`Pages`}
          // Mantine's page and arrow buttons have no text of their own (axe: button-name)
          getControlProps={(control) => ({
            "aria-label":
              control === "next"
                ? t`Next page`
                : control === "previous"
                  ? t`Previous page`
                  : control === "first"
                    ? t`First page`
                    : t`Last page`,
          })}
          getItemProps={(n) => ({ "aria-label": t`Page ${n}` })}
        />
      )}
    </Stack>
  );
}
