/**
 * /dashboard/product/list (Product Management): the company's products from the local
 * database (so it opens offline), searched and sorted here; a new product, edit and delete
 * (after a confirmation) go through the sync engine. The route owns the search words, the order and
 * the page (product-list-search.ts), so a reload or a shared link shows the same products.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPackage, IconPencil, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import type { Product } from "../../../../domain/inventory/item";
import { formatCents } from "../../../../domain/money";
import { useCompanyId } from "../../../offline/company-context";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";
import { ListEmpty } from "../../../ui/server-list/ListEmpty";
import { ListPager } from "../../../ui/server-list/ListPager";
import { actionsColumn, type ListColumn, ListView } from "../../../ui/server-list/ListView";
import { pageCount, patchSearch } from "../../../ui/server-list/list-search";
import { useSearchBox } from "../../../ui/server-list/use-search-box";
import { toast } from "../../../ui/toast";
import { AppTooltip } from "../../../ui/tooltip";
import { usePageTitle } from "../../../ui/usePageTitle";
import { CATEGORY_LABELS, CONDITION_LABELS } from "../field-labels";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { DeleteProductModal } from "./DeleteProductModal";
import { searchProducts, sortProducts } from "./product-form";
import { DEFAULT_PRODUCT_SORT, type ProductListSearch, type ProductSort } from "./product-list-search";

const PAGE_SIZE = 25;

interface ListData {
  products: Product[];
  /** Products with a write not yet acknowledged by the server → its outbox state. */
  pending: Map<string, "waiting" | "held">;
}

function ResultCount({ count }: { count: number }) {
  return <Plural value={count} one="# product" other="# products" />;
}

export function ProductListPage({
  search,
  onSearch,
}: {
  search: ProductListSearch;
  onSearch(next: ProductListSearch): void;
}) {
  const links = useInventoryLinks();
  const { t, i18n } = useLingui();
  usePageTitle(t`Product Management`);
  const companyId = useCompanyId();
  const engine = useSyncEngine();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const change = (patch: Partial<ProductListSearch>) => onSearch(patchSearch(search, patch));
  const box = useSearchBox(search.query, (query) => change({ query }), 150);
  const query = search.query ?? "";
  const sort = search.sort ?? DEFAULT_PRODUCT_SORT;
  const page = search.page ?? 1;
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const data = useLiveQuery(async (): Promise<ListData | null> => {
    if (!companyId) return null;
    const db = getDb();
    const [products, outbox] = await Promise.all([
      db.products.where("companyId").equals(companyId).toArray(),
      db.outbox.where("companyId").equals(companyId).toArray(),
    ]);
    const pending: ListData["pending"] = new Map();
    for (const e of outbox) {
      if (e.entity !== "product") continue;
      const held = e.state === "rejected" || e.state === "conflict";
      if (held || !pending.has(e.id)) pending.set(e.id, held ? "held" : "waiting");
    }
    return { products, pending };
  }, [companyId]);

  const rows = useMemo(
    () => (data ? sortProducts(searchProducts(data.products, query), sort) : []),
    [data, query, sort],
  );
  const pages = pageCount(rows.length, PAGE_SIZE);
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const title = deleting.title;
    try {
      await engine.write.remove("product", deleting.id);
      toast.success(t`Product “${title}” deleted`);
      setDeleting(null);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Product not deleted: ${reason}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  const sortOptions = [
    { value: "updated", label: t`Recently changed` },
    { value: "created", label: t`Newest first` },
    { value: "title", label: t`Title (A–Z)` },
    { value: "priceDesc", label: t`Price (highest first)` },
    { value: "priceAsc", label: t`Price (lowest first)` },
  ];

  const price = (p: Product) => (p.price === null ? "—" : formatCents(p.price));
  const syncBadge = (p: Product) => {
    const state = data?.pending.get(p.id);
    if (!state) return null;
    return state === "held" ? (
      <Badge color="red" variant="light" size="sm">
        <Trans>Not saved — see Sync</Trans>
      </Badge>
    ) : (
      <Badge color="yellow" variant="light" size="sm">
        <Trans>Waiting to sync</Trans>
      </Badge>
    );
  };
  const titleLink = (p: Product) => (
    <Anchor fw={600} renderRoot={(props) => <HrefLink {...props} href={links.product(p.id)} />}>
      {p.title}
    </Anchor>
  );
  const actions = (p: Product) => {
    const title = p.title;
    return (
      <Group gap={4} wrap="nowrap">
        <AppTooltip label={t`Edit ${title}`}>
          <ActionIcon
            variant="subtle"
            aria-label={t`Edit ${title}`}
            renderRoot={(props) => <HrefLink {...props} href={links.product(p.id)} />}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </AppTooltip>
        <AppTooltip label={t`Delete ${title}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`Delete ${title}`}
            onClick={() => setDeleting(p)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </AppTooltip>
      </Group>
    );
  };

  const columns: ListColumn<Product>[] = [
    {
      key: "title",
      header: <Trans>Title</Trans>,
      render: (p) => (
        <>
          <Group gap="xs">
            {titleLink(p)}
            {syncBadge(p)}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {p.description}
          </Text>
        </>
      ),
    },
    { key: "category", header: <Trans>Category</Trans>, render: (p) => i18n._(CATEGORY_LABELS[p.category]) },
    {
      key: "condition",
      header: <Trans>Condition</Trans>,
      render: (p) => i18n._(CONDITION_LABELS[p.condition]),
    },
    { key: "price", header: <Trans>Price</Trans>, align: "right", render: price },
    actionsColumn(actions),
  ];
  const card = (p: Product) => (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} miw={0}>
        {titleLink(p)}
        <Text size="sm" c="dimmed" lineClamp={2}>
          {p.description}
        </Text>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {price(p)}
          </Text>
          <Text size="sm" c="dimmed">
            {i18n._(CONDITION_LABELS[p.condition])} · {i18n._(CATEGORY_LABELS[p.category])}
          </Text>
        </Group>
        {syncBadge(p)}
      </Stack>
      {actions(p)}
    </Group>
  );

  const newProduct = (
    <Button
      leftSection={<IconPlus size={18} />}
      renderRoot={(props) => <HrefLink {...props} href={links.productCreate} />}
    >
      <Trans>New product</Trans>
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Product Management</Trans>
        </Title>
        {newProduct}
      </Group>
      <Text c="dimmed">
        <Trans>
          Products are catalogue entries you reuse. Make one from an item (in Listing Management, choose
          “Create product” on the item) or start a new one here; a product can then make new items.
        </Trans>
      </Text>

      <Group gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: "1 1 240px" }}
          leftSection={<IconSearch size={16} />}
          placeholder={t`Search by title or description`}
          aria-label={t`Search products`}
          value={box.typed}
          maxLength={200}
          onChange={(e) => box.type(e.currentTarget.value)}
        />
        <NativeSelect
          w={{ base: "100%", xs: 220 }}
          aria-label={t`Sort by`}
          data={sortOptions}
          value={sort}
          onChange={(e) => {
            const v = e.currentTarget.value;
            change({ sort: v === DEFAULT_PRODUCT_SORT ? undefined : (v as ProductSort) });
          }}
        />
      </Group>

      <Text size="sm" c="dimmed" aria-live="polite" data-testid="product-count">
        {data ? <ResultCount count={rows.length} /> : null}
      </Text>

      {data === null ? (
        <Card withBorder radius="lg" p="xl">
          <Text ta="center">
            <Trans>Products belong to a company. Join or create a company to manage products.</Trans>
          </Text>
        </Card>
      ) : (
        <ListView
          rows={shown}
          pending={data === undefined}
          loadingLabel={t`Loading products`}
          columns={columns}
          rowKey={(p) => p.id}
          card={card}
          wide={wide}
          rowData={(p) => ({ "data-id": p.id })}
          testIds={{
            row: "product-row",
            table: "products-table",
            cards: "products-cards",
            empty: "products-empty",
          }}
          empty={
            <ListEmpty icon={IconPackage} testId="products-empty">
              <Title order={2} size="h3">
                {query ? <Trans>No products match your search</Trans> : <Trans>No products yet</Trans>}
              </Title>
              {!query && (
                <>
                  <Text c="dimmed" ta="center">
                    <Trans>Create a product from one of your items, or start with an empty product.</Trans>
                  </Text>
                  <Group justify="center">
                    {newProduct}
                    {links.listing && (
                      <Anchor component={HrefLink} href={links.listing}>
                        <Trans>Choose an item in Listing Management</Trans>
                      </Anchor>
                    )}
                  </Group>
                </>
              )}
            </ListEmpty>
          }
        />
      )}

      <ListPager pages={pages} page={current} onChange={(n) => change({ page: n })} />

      <DeleteProductModal
        title={deleting?.title ?? ""}
        opened={deleting !== null}
        busy={deleteBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
