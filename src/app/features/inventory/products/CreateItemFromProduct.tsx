/**
 * "Create item from product" on the product edit page: asks the two things a product does not
 * have (the new item's SKU and quantity), writes the item through the sync engine with the
 * product's fields and `productId`, and opens the item's edit page.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { ITEM_LIMITS, type Product } from "../../../../domain/inventory/item";
import { normalizeSku } from "../../../../domain/inventory/validate";
import { newId } from "../../../../sync/outbox";
import { useCompanyId } from "../../../offline/company-context";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";
import { AppModal } from "../../../ui/AppModal";
import { toast } from "../../../ui/toast";
import { fieldErrorText } from "../field-errors";
import { useInventoryLinks } from "../inventory-area";
import { itemFieldsFromProduct } from "./product-form";

interface Values {
  sku: string;
  quantity: number | string;
}

export function CreateItemFromProduct({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const links = useInventoryLinks();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { sku: "", quantity: 1 },
    validate: (values) => {
      const { errors } = itemFieldsFromProduct(product, values);
      const out: Record<string, string> = {};
      if (errors.sku) out.sku = fieldErrorText(i18n, errors.sku);
      if (errors.quantity) out.quantity = fieldErrorText(i18n, errors.quantity);
      return out;
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (!companyId) return;
    const { fields, errors } = itemFieldsFromProduct(product, values);
    if (Object.keys(errors).length > 0) return;
    const taken = await getDb()
      .items.where("[companyId+sku]")
      .equals([companyId, normalizeSku(values.sku)])
      .first();
    if (taken) {
      form.setFieldError("sku", t`Another item of your company already has this SKU`);
      return;
    }
    const id = newId();
    await engine.write.put("item", companyId, id, fields);
    const sku = fields.sku;
    toast.success(t`Item ${sku} created from the product`);
    onClose();
    // the item form's page (/dashboard/{id}/update-inventory, or the marketplace's)
    await navigate({ href: links.item(id) });
  });

  return (
    <AppModal opened={opened} onClose={onClose} title={t`Create item from product`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            <Trans>
              The new item gets this product's title, description, category, condition, price, dimensions,
              weight and images. Give it its own SKU and quantity.
            </Trans>
          </Text>
          <TextInput
            label={t`SKU`}
            required
            data-autofocus
            maxLength={ITEM_LIMITS.skuMax}
            {...form.getInputProps("sku")}
          />
          <NumberInput
            label={t`Quantity`}
            required
            min={0}
            max={ITEM_LIMITS.quantityMax}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("quantity")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting}>
              <Trans>Create item</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
