import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Box, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBuildingCommunity, IconPencil, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useDeferredValue, useState } from "react";
import { ROLES } from "../../../domain/roles";
import { AppModal } from "../../ui/AppModal";
import { ListEmpty } from "../../ui/server-list/ListEmpty";
import { ListPager } from "../../ui/server-list/ListPager";
import { actionsColumn, type ListColumn, ListView } from "../../ui/server-list/ListView";
import { pageCount, patchSearch } from "../../ui/server-list/list-search";
import { useSearchBox } from "../../ui/server-list/use-search-box";
import { toast } from "../../ui/toast";
import { AppTooltip } from "../../ui/tooltip";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { ObligationBadges } from "../rpie/ObligationBadges";
import { PropertyForm } from "./PropertyForm";
import {
  PROPERTIES_PER_PAGE,
  type Property,
  propertiesApi,
  propertiesKeys,
  propertiesQueries,
  type SortField,
} from "./properties-api";
import { DEFAULT_PROPERTY_SORT, type PropertyListSearch, propertyListPage } from "./property-list-search";

function Assessment({ p }: { p: Property }) {
  if (!p.assessment) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Enter the AAV to see the filing obligation</Trans>
      </Text>
    );
  }
  return <ObligationBadges a={p.assessment} compact />;
}

function DeleteQuestion({ bbl, address }: { bbl: string; address: string }) {
  return (
    <Trans>
      Delete {bbl} {address}? It leaves your property list; its uploaded statements stay on file with us.
    </Trans>
  );
}

/**
 * /dashboard/properties: the company's properties with their RPIE obligation; add, edit, delete.
 * `FilingBadge` shows a property's filing under its obligation: the route passes the filing
 * feature's badge in, because filing builds on properties and properties may not import it. The
 * route owns the search, sort and page (property-list-search.ts), so a reload or a shared link
 * shows the same list.
 */
export function PropertiesPage({
  FilingBadge,
  search,
  onSearch,
}: {
  FilingBadge: ComponentType<{ propertyId: string }>;
  search: PropertyListSearch;
  onSearch(next: PropertyListSearch): void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Properties`);
  const { hasRole } = useAuth();
  const canEdit = hasRole([ROLES.COMPANY_EMPLOYEE]);
  const canDelete = hasRole([ROLES.COMPANY_ADMIN]);
  const wide = useMediaQuery("(min-width: 56.25em)", true);
  const queryClient = useQueryClient();
  const change = (patch: Partial<PropertyListSearch>) => onSearch(patchSearch(search, patch));
  const box = useSearchBox(search.query, (query) => change({ query }));
  const listPage = propertyListPage(search);
  const { page, query, sortBy } = listPage;
  const [editing, setEditing] = useState<Property | "new" | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  // The rows render in slices between which the browser paints and handles input: a query's answer
  // re-renders at once and in one task otherwise (useSyncExternalStore), 25 rows of badges and
  // buttons about 100 ms on a phone (docs/benchmarks.md, issue 19).
  const list = useDeferredValue(
    useQuery({
      ...propertiesQueries.list(listPage),
      placeholderData: keepPreviousData,
    }),
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: propertiesKeys.all });

  const onSaved = (saved: Property) => {
    const bbl = saved.bblFormatted;
    toast.success(editing === "new" ? t`Property ${bbl} added` : t`Property ${bbl} saved`);
    setEditing(null);
    void refresh();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await propertiesApi.remove(deleting.id);
      const bbl = deleting.bblFormatted;
      toast.success(t`Property ${bbl} deleted`);
      setDeleting(null);
      void refresh();
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Property not deleted: ${reason}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  const rows = list.data?.rows ?? [];
  const pages = pageCount(list.data?.total ?? 0, PROPERTIES_PER_PAGE);
  const actions = (p: Property) => {
    const bbl = p.bblFormatted;
    return (
      <Group gap={4} wrap="nowrap">
        {canEdit && (
          <AppTooltip label={t`Edit ${bbl}`}>
            <ActionIcon variant="subtle" aria-label={t`Edit ${bbl}`} onClick={() => setEditing(p)}>
              <IconPencil size={18} />
            </ActionIcon>
          </AppTooltip>
        )}
        {canDelete && (
          <AppTooltip label={t`Delete ${bbl}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t`Delete ${bbl}`}
              onClick={() => setDeleting(p)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </AppTooltip>
        )}
      </Group>
    );
  };

  const obligation = (p: Property) => (
    <>
      <Assessment p={p} />
      <FilingBadge propertyId={p.id} />
    </>
  );
  const columns: ListColumn<Property>[] = [
    {
      key: "bbl",
      header: <Trans>BBL</Trans>,
      render: (p) => (
        <Text fw={600} style={{ whiteSpace: "nowrap" }}>
          {p.bblFormatted}
        </Text>
      ),
    },
    {
      key: "address",
      header: <Trans>Address</Trans>,
      render: (p) => (
        <>
          <Text size="sm">{p.address ?? "—"}</Text>
          {p.ownerName && (
            <Text size="xs" c="dimmed">
              {p.ownerName}
            </Text>
          )}
        </>
      ),
    },
    { key: "obligation", header: <Trans>RPIE obligation</Trans>, render: obligation },
    actionsColumn(actions),
  ];
  const card = (p: Property) => (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{p.bblFormatted}</Text>
          <Text size="sm">{p.address ?? "—"}</Text>
        </div>
        {actions(p)}
      </Group>
      <Box mt="xs">{obligation(p)}</Box>
    </>
  );

  const sortOptions = [
    { value: "bbl", label: t`BBL` },
    { value: "address", label: t`Address` },
    { value: "ownerName", label: t`Owner name` },
    { value: "aav", label: t`Assessed value (highest first)` },
    { value: "updatedAt", label: t`Recently changed` },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Properties</Trans>
        </Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing("new")}>
            <Trans>Add property</Trans>
          </Button>
        )}
      </Group>

      <Group gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: "1 1 240px" }}
          leftSection={<IconSearch size={16} />}
          placeholder={t`Search by BBL, address or owner`}
          aria-label={t`Search properties`}
          value={box.typed}
          maxLength={200}
          onChange={(e) => box.type(e.currentTarget.value)}
        />
        <NativeSelect
          w={240}
          aria-label={t`Sort by`}
          data={sortOptions}
          value={sortBy}
          onChange={(e) => {
            const v = e.currentTarget.value;
            change({ sortBy: v === DEFAULT_PROPERTY_SORT ? undefined : (v as SortField) });
          }}
        />
      </Group>

      <ListView
        rows={rows}
        pending={list.isPending}
        error={list.isError ? (list.error instanceof Error ? list.error.message : String(list.error)) : null}
        errorTitle={t`Error Get BBL(borough-block-lot number) List`}
        loadingLabel={t`Loading properties`}
        columns={columns}
        rowKey={(p) => p.id}
        card={card}
        wide={wide}
        minWidth={800}
        rowData={(p) => ({ "data-bbl": p.bbl })}
        testIds={{ row: "property-row", table: "properties-table", empty: "properties-empty" }}
        empty={
          <ListEmpty icon={IconBuildingCommunity} testId="properties-empty">
            <Title order={3}>
              {query ? <Trans>No properties match your search</Trans> : <Trans>No properties yet</Trans>}
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>
                Add a property by its BBL to see whether it must file, which form, the deadline and the
                penalty at risk.
              </Trans>
            </Text>
            {canEdit && !query && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing("new")}>
                <Trans>Add property</Trans>
              </Button>
            )}
          </ListEmpty>
        }
      />

      <ListPager pages={pages} page={page + 1} onChange={(n) => change({ page: n })} />

      <AppModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t`Add property` : t`Edit property`}
        size="xl"
        fullScreen={!wide}
      >
        {editing !== null && (
          <PropertyForm
            key={editing === "new" ? "new" : editing.id}
            property={editing === "new" ? undefined : editing}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </AppModal>

      <AppModal opened={deleting !== null} onClose={() => setDeleting(null)} title={t`Delete property?`}>
        <Stack>
          <Text>
            <DeleteQuestion bbl={deleting?.bblFormatted ?? ""} address={deleting?.address ?? ""} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={deleteBusy} onClick={confirmDelete}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
