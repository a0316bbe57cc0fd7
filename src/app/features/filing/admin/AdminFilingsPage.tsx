import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Chip, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { FILING_KINDS, FILING_STATES, type FilingKind, type FilingState } from "../../../../domain/filing";
import { ListEmpty } from "../../../ui/server-list/ListEmpty";
import { ListPager } from "../../../ui/server-list/ListPager";
import { type ListColumn, ListView } from "../../../ui/server-list/ListView";
import { pageCount, patchSearch } from "../../../ui/server-list/list-search";
import { usePageTitle } from "../../../ui/usePageTitle";
import { errorMessage, type Filing, filingQueries } from "../filing-api";
import { KIND_LABELS, STATE_COLORS, STATE_LABELS } from "../labels";
import type { AdminFilingsSearch } from "./admin-filings-search";

const ROWS_PER_PAGE = 25;
const ALL = "all";

/**
 * /admin/filings: the staff queue, longest waiting in its state first, with counts per state. The
 * route owns the filters and the page (admin-filings-search.ts), so a reload or a shared link
 * shows the same queue.
 */
export function AdminFilingsPage({
  search,
  onSearch,
}: {
  search: AdminFilingsSearch;
  onSearch(next: AdminFilingsSearch): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Filings`);
  const wide = useMediaQuery("(min-width: 56.25em)", true);
  const { state, kind, companyId, year } = search;
  const page = (search.page ?? 1) - 1;
  const change = (patch: Partial<AdminFilingsSearch>) => onSearch(patchSearch(search, patch));
  const [companies, setCompanies] = useState<Record<string, string>>({});

  const queue = useQuery({
    ...filingQueries.staffQueue({
      state,
      kind,
      companyId,
      year,
      page,
      rowsPerPage: ROWS_PER_PAGE,
    }),
    placeholderData: keepPreviousData,
  });
  // Companies seen so far feed the company filter (there is no staff company list to ask).
  const seen = queue.isPlaceholderData ? undefined : queue.data;
  useEffect(() => {
    if (!seen) return;
    setCompanies((prev) => {
      const next = { ...prev };
      for (const f of seen.items) next[f.companyId] = f.companyName;
      return next;
    });
  }, [seen]);

  const counts = queue.data?.counts ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const items = queue.data?.items ?? [];
  const pages = pageCount(queue.data?.total ?? 0, ROWS_PER_PAGE);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 7 }, (_, i) => String(thisYear + 1 - i));
  // A year or company from a shared link stays choosable even when the lists would not offer it.
  if (year !== undefined && !years.includes(String(year))) years.push(String(year));
  const companyOptions = { ...(companyId ? { [companyId]: companyId } : {}), ...companies };

  const link = (f: Filing) => (
    <Anchor
      fw={600}
      renderRoot={(props) => <Link {...props} to="/admin/filings/$filingId" params={{ filingId: f.id }} />}
    >
      {f.address ? `${f.bbl} · ${f.address}` : f.bbl}
    </Anchor>
  );
  const flagCount = (f: Filing) => f.flags?.length ?? 0;
  const stateBadge = (f: Filing) => (
    <Group gap={4} wrap="wrap">
      <Badge color={STATE_COLORS[f.state]} variant="light">
        {i18n._(STATE_LABELS[f.state])}
      </Badge>
      {flagCount(f) > 0 && (
        <Badge color="orange" variant="outline" data-testid="tc309-flag-badge">
          <Plural value={flagCount(f)} one="# TC309 flag" other="# TC309 flags" />
        </Badge>
      )}
    </Group>
  );
  const waiting = (f: Filing) => <Plural value={f.daysInState} one="# day" other="# days" />;
  const columns: ListColumn<Filing>[] = [
    { key: "property", header: <Trans>Property</Trans>, render: link },
    { key: "company", header: <Trans>Company</Trans>, render: (f) => f.companyName },
    { key: "kind", header: <Trans>Kind</Trans>, render: (f) => i18n._(KIND_LABELS[f.kind]) },
    { key: "year", header: <Trans>Year</Trans>, render: (f) => f.year },
    { key: "state", header: <Trans>State</Trans>, render: stateBadge },
    { key: "waiting", header: <Trans>Waiting</Trans>, render: waiting },
  ];
  const card = (f: Filing) => (
    <Stack gap={4}>
      {link(f)}
      <Text size="sm">
        {f.companyName} · {i18n._(KIND_LABELS[f.kind])} {f.year}
      </Text>
      <Group gap="xs">
        {stateBadge(f)}
        <Text size="xs" c="dimmed">
          {waiting(f)}
        </Text>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Filings</Trans>
      </Title>

      <Chip.Group
        value={state ?? ALL}
        onChange={(v) => change({ state: v === ALL ? undefined : (v as FilingState) })}
      >
        <Group gap="xs" role="group" aria-label={t`Filter by state`} data-testid="state-counts">
          <Chip value={ALL} size="sm">
            <Trans>All</Trans> ({total})
          </Chip>
          {FILING_STATES.map((s) => (
            <Chip key={s} value={s} size="sm" data-testid={`count-${s}`}>
              {i18n._(STATE_LABELS[s])} ({counts[s] ?? 0})
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <Group gap="sm" wrap="wrap">
        <Select
          w={200}
          label={t`Kind`}
          data={[
            { value: ALL, label: t`All kinds` },
            ...FILING_KINDS.map((k) => ({ value: k, label: i18n._(KIND_LABELS[k]) })),
          ]}
          value={kind ?? ALL}
          allowDeselect={false}
          onChange={(v) => change({ kind: !v || v === ALL ? undefined : (v as FilingKind) })}
        />
        <Select
          w={240}
          label={t`Company`}
          searchable
          data={[
            { value: ALL, label: t`All companies` },
            ...Object.entries(companyOptions)
              .sort((a, b) => a[1].localeCompare(b[1]))
              .map(([value, label]) => ({ value, label })),
          ]}
          value={companyId ?? ALL}
          allowDeselect={false}
          onChange={(v) => change({ companyId: !v || v === ALL ? undefined : v })}
        />
        <Select
          w={130}
          label={t`Year`}
          data={[{ value: ALL, label: t`All years` }, ...years.map((y) => ({ value: y, label: y }))]}
          value={year === undefined ? ALL : String(year)}
          allowDeselect={false}
          onChange={(v) => change({ year: !v || v === ALL ? undefined : Number(v) })}
        />
      </Group>

      <ListView
        rows={items}
        pending={queue.isPending}
        error={queue.isError ? errorMessage(queue.error) : null}
        errorTitle={t`The filings could not be loaded`}
        loadingLabel={t`Loading filings`}
        columns={columns}
        rowKey={(f) => f.id}
        card={card}
        wide={wide}
        minWidth={800}
        rowData={(f) => ({ "data-filing-id": f.id })}
        testIds={{ row: "admin-filing-row", table: "admin-filings-table", empty: "admin-filings-empty" }}
        empty={
          <ListEmpty testId="admin-filings-empty">
            <Text c="dimmed">
              <Trans>No filings match these filters.</Trans>
            </Text>
          </ListEmpty>
        }
      />

      <ListPager pages={pages} page={page + 1} onChange={(n) => change({ page: n })} />
    </Stack>
  );
}
