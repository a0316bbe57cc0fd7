/**
 * The body of a list, whoever pages it: a loader on the first load, an error, the empty state,
 * a table on wide screens (sortable headers and a selection column when asked) and cards on
 * phones. ServerList draws its rows with it; lists that page elsewhere (the local database, a
 * route of their own shape) use it directly with ListEmpty and ListPager.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Box,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { SortDir } from "./list-search";

export interface ListColumn<R, S extends string = string> {
  key: string;
  header: ReactNode;
  /** The sort this column's header switches to. */
  sort?: S;
  /** Numbers line up on the right. */
  align?: "right";
  render(row: R): ReactNode;
}

/** The last column: a row's action buttons, under a header only screen readers hear. */
export function actionsColumn<R>(render: (row: R) => ReactNode): ListColumn<R> {
  return {
    key: "actions",
    header: (
      <VisuallyHidden>
        <Trans>Actions</Trans>
      </VisuallyHidden>
    ),
    render,
  };
}

export interface ListSelection<R> {
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  /** Whether this row can be selected (its checkbox is disabled otherwise). */
  selectable(row: R): boolean;
  /** The checkbox's accessible name for this row. */
  label(row: R): string;
  /** The header checkbox's accessible name. */
  allLabel: string;
}

/** The data-testid of each part; tests find rows, the table, the cards and the empty state by them. */
interface ListTestIds {
  row: string;
  table: string;
  empty?: string;
  cards?: string;
  error?: string;
  /** Prefix of the sort header buttons (`<sort>-<column>`). */
  sort?: string;
}

export interface ListViewProps<R, S extends string = string> {
  rows: readonly R[];
  /** The first load is under way (nothing to show yet). */
  pending: boolean;
  /** Why the rows could not be loaded; rows kept from before still show under it. */
  error?: string | null;
  errorTitle?: string;
  columns: ListColumn<R, S>[];
  rowKey(row: R): string;
  /** The phone layout of one row. */
  card(row: R): ReactNode;
  /** Table (true) or cards (false); each screen keeps its own breakpoint. */
  wide: boolean;
  /** What shows when there are no rows (usually a ListEmpty). */
  empty: ReactNode;
  testIds: ListTestIds;
  /** More data-* attributes of a row (tests and links find rows by them). */
  rowData?(row: R): Record<`data-${string}`, string>;
  loadingLabel?: string;
  minWidth?: number;
  /** The current order; with it, columns that name a sort get a header button. */
  sort?: { by: S; dir: SortDir; onSort(column: S): void };
  selection?: ListSelection<R>;
}

export function ListView<R, S extends string = string>(p: ListViewProps<R, S>) {
  if (!p.error) return <ListBody {...p} />;
  return (
    <Stack gap="md">
      <Alert color="red" title={p.errorTitle} data-testid={p.testIds.error}>
        {p.error}
      </Alert>
      {p.rows.length > 0 && <ListBody {...p} />}
    </Stack>
  );
}

function ListBody<R, S extends string>(p: ListViewProps<R, S>) {
  const { t } = useLingui();
  const sel = p.selection;
  const selectableRows = sel ? p.rows.filter((r) => sel.selectable(r)) : [];
  const allShown = selectableRows.length > 0 && selectableRows.every((r) => sel?.selected.has(p.rowKey(r)));

  if (p.pending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={p.loadingLabel ?? t`Loading`} />
      </Center>
    );
  }
  if (p.rows.length === 0) return <>{p.empty}</>;

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
  const header = (c: ListColumn<R, S>) => {
    const sort = p.sort;
    const column = c.sort;
    if (!sort || !column)
      return (
        <Table.Th key={c.key} ta={c.align}>
          {c.header}
        </Table.Th>
      );
    const active = column === sort.by;
    const Icon = !active ? IconArrowsSort : sort.dir === "asc" ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th
        key={c.key}
        ta={c.align}
        aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
      >
        <UnstyledButton
          onClick={() => sort.onSort(column)}
          data-testid={p.testIds.sort ? `${p.testIds.sort}-${column}` : undefined}
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
  const attrs = (r: R) => ({ "data-testid": p.testIds.row, ...p.rowData?.(r) });

  if (p.wide) {
    return (
      <Table.ScrollContainer minWidth={p.minWidth ?? 720}>
        <Table verticalSpacing="sm" highlightOnHover data-testid={p.testIds.table}>
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
              {p.columns.map(header)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.rows.map((r) => (
              <Table.Tr key={p.rowKey(r)} {...attrs(r)}>
                {sel && <Table.Td>{rowCheckbox(r)}</Table.Td>}
                {p.columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align}>
                    {c.render(r)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" data-testid={p.testIds.cards}>
      {p.rows.map((r) => (
        <Card key={p.rowKey(r)} withBorder radius="lg" {...attrs(r)}>
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
  );
}
