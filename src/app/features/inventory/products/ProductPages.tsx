/**
 * The product form's pages:
 * - /dashboard/{itemId}/create-product — a new product prefilled from the item (title,
 *   description, category, condition, dimensions, weight, price, images); the item is linked
 *   to it (its `productId`) when it had no product yet;
 * - /dashboard/product/create — a new, empty product;
 * - /dashboard/{productId}/update-product — edit, delete, or make a new item from it.
 * Every write goes to the local database first and then to the server (sync engine), so these
 * pages work offline.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCopyPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import type { Item, Product, ProductFields } from "../../../../domain/inventory/item";
import { newId } from "../../../../sync/outbox";
import { useCompanyId } from "../../../offline/company-context";
import { useSyncEngine } from "../../../offline/sync-engine";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { HrefLink, useGoTo, useInventoryLinks } from "../inventory-area";
import { CreateItemFromProduct } from "./CreateItemFromProduct";
import { DeleteProductModal } from "./DeleteProductModal";
import { ProductForm } from "./ProductForm";
import {
  changedProductFields,
  emptyProductValues,
  productFieldsFromItem,
  productToValues,
} from "./product-form";
import { useLocalRecord } from "./use-local-record";

function PageLoader({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

function Missing({ title, offline, children }: { title: string; offline: boolean; children: ReactNode }) {
  return (
    <Alert color="yellow" title={title} data-testid="record-missing">
      <Stack gap="xs">
        <Text size="sm">
          {offline ? (
            <Trans>
              It is not on this device, and the server cannot be reached right now. Try again when you are
              online.
            </Trans>
          ) : (
            <Trans>It may have been deleted, or the link is wrong.</Trans>
          )}
        </Text>
        {children}
      </Stack>
    </Alert>
  );
}

function BackToProducts() {
  const links = useInventoryLinks();
  return (
    <Anchor component={HrefLink} href={links.productList}>
      <Trans>Back to Product Management</Trans>
    </Anchor>
  );
}

function NoCompany() {
  return (
    <Alert color="yellow">
      <Trans>Products belong to a company. Join or create a company to manage products.</Trans>
    </Alert>
  );
}

/** Saves a new product (and links the item it came from), then opens the product list. */
function useCreateProduct(fromItem: Item | null) {
  const links = useInventoryLinks();
  const goTo = useGoTo();
  const { t } = useLingui();
  const engine = useSyncEngine();
  const companyId = useCompanyId();
  return async (fields: ProductFields) => {
    if (!companyId) throw new Error(t`You are not in a company.`);
    const id = newId();
    await engine.write.put("product", companyId, id, fields);
    if (fromItem && fromItem.productId === null) {
      await engine.write.patch("item", fromItem.id, { productId: id });
    }
    const title = fields.title;
    toast.success(t`Product “${title}” saved`);
    await goTo(links.productList);
  };
}

function FromItemNotice({ item }: { item: Item }) {
  const links = useInventoryLinks();
  const sku = item.sku;
  return (
    <Alert color="blue" data-testid="from-item-notice">
      <Stack gap={4}>
        <Text size="sm">
          <Trans>
            Filled in from item {sku}. Change anything before saving; the item itself is not changed, except
            that it is linked to the new product.
          </Trans>
        </Text>
        {item.productId !== null && (
          <Text size="sm">
            <Trans>This item is already linked to a product; it stays linked to that one.</Trans>{" "}
            <Anchor
              renderRoot={(props) => <HrefLink {...props} href={links.product(item.productId ?? "")} />}
            >
              <Trans>Open that product</Trans>
            </Anchor>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** /dashboard/{id}/create-product: a product made from item {id}. */
export function CreateProductFromItemPage({ itemId }: { itemId: string }) {
  const links = useInventoryLinks();
  const goTo = useGoTo();
  const { t } = useLingui();
  usePageTitle(t`Create product`);
  const companyId = useCompanyId();
  const item = useLocalRecord("item", itemId);
  const save = useCreateProduct(item.state === "found" ? item.row : null);
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>
        <Trans>Create product</Trans>
      </Title>
      {!companyId ? (
        <NoCompany />
      ) : item.state === "loading" ? (
        <PageLoader label={t`Loading the item`} />
      ) : item.state === "missing" ? (
        <Missing title={t`This item was not found`} offline={item.offline}>
          <Group gap="md">
            <Anchor component={HrefLink} href={links.productCreate}>
              <Trans>Start an empty product instead</Trans>
            </Anchor>
            <BackToProducts />
          </Group>
        </Missing>
      ) : (
        <ProductForm
          key={item.row.id}
          initialValues={productToValues(productFieldsFromItem(item.row))}
          notice={<FromItemNotice item={item.row} />}
          onSubmit={save}
          onCancel={() => void goTo(links.productList)}
          submitLabel={<Trans>Create product</Trans>}
        />
      )}
    </Stack>
  );
}

/** /dashboard/product/create: an empty product. */
export function CreateProductPage() {
  const links = useInventoryLinks();
  const goTo = useGoTo();
  const { t } = useLingui();
  usePageTitle(t`New product`);
  const companyId = useCompanyId();
  const save = useCreateProduct(null);
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>
        <Trans>New product</Trans>
      </Title>
      {!companyId ? (
        <NoCompany />
      ) : (
        <ProductForm
          initialValues={emptyProductValues()}
          onSubmit={save}
          onCancel={() => void goTo(links.productList)}
          submitLabel={<Trans>Create product</Trans>}
        />
      )}
    </Stack>
  );
}

const fieldsOf = (p: Product): ProductFields => ({
  title: p.title,
  description: p.description,
  category: p.category,
  condition: p.condition,
  dimensions: p.dimensions,
  weight: p.weight,
  price: p.price,
  images: p.images,
});

/** /dashboard/{id}/update-product: edit product {id}; delete it; make an item from it. */
export function UpdateProductPage({ productId }: { productId: string }) {
  const links = useInventoryLinks();
  const goTo = useGoTo();
  const { t } = useLingui();
  usePageTitle(t`Edit product`);
  const engine = useSyncEngine();
  const product = useLocalRecord("product", productId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [makeItem, setMakeItem] = useState(false);
  // The form keeps its first values: a change synced from elsewhere while editing is merged
  // field by field by the sync engine when this one is saved, not pushed into the inputs.
  const [base, setBase] = useState<Product | null>(null);
  const loaded = product.state === "found" ? product.row : null;
  if (loaded && base?.id !== loaded.id) setBase(loaded);

  const save = async (fields: ProductFields) => {
    if (!base) return;
    const changes = changedProductFields(fieldsOf(base), fields);
    const title = fields.title;
    if (Object.keys(changes).length > 0) {
      await engine.write.patch("product", base.id, changes);
      toast.success(t`Product “${title}” saved`);
    } else {
      toast.success(t`No changes to save`);
    }
    await goTo(links.productList);
  };

  const remove = async () => {
    if (!base) return;
    const title = base.title;
    setDeleteBusy(true);
    try {
      await engine.write.remove("product", base.id);
      setConfirmDelete(false);
      toast.success(t`Product “${title}” deleted`);
      await goTo(links.productList);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Product not deleted: ${reason}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  const removed = product.state === "missing" && base !== null;

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Edit product</Trans>
        </Title>
        {base && !removed && (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconCopyPlus size={18} />}
              onClick={() => setMakeItem(true)}
            >
              <Trans>Create item from product</Trans>
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={() => setConfirmDelete(true)}
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        )}
      </Group>
      {product.state === "loading" && !base ? (
        <PageLoader label={t`Loading the product`} />
      ) : product.state === "missing" ? (
        <Missing title={t`This product was not found`} offline={product.offline}>
          <BackToProducts />
        </Missing>
      ) : base ? (
        <ProductForm
          key={base.id}
          initialValues={productToValues(fieldsOf(base))}
          onSubmit={save}
          onCancel={() => void goTo(links.productList)}
          submitLabel={<Trans>Save changes</Trans>}
        />
      ) : null}

      <DeleteProductModal
        title={base?.title ?? ""}
        opened={confirmDelete}
        busy={deleteBusy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
      {base && <CreateItemFromProduct product={base} opened={makeItem} onClose={() => setMakeItem(false)} />}
    </Stack>
  );
}
