/**
 * The item form (spec section 5: Inventory title, Description and Quantity required) shared by
 * /dashboard/add-item and /dashboard/{id}/update-inventory. Errors come from the shared
 * `validateItemFields` and show under their fields; the SKU is also checked against the items
 * on this device, so a duplicate is named before the server would refuse it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { useLiveQuery } from "dexie-react-hooks";
import type { ReactNode } from "react";
import { ITEM_CATEGORIES, ITEM_LIMITS, ITEM_STATUSES } from "../../../../domain/inventory/item";
import { getDb } from "../../../offline/db";
import { CATEGORY_LABELS, CONDITION_LABELS } from "../field-labels";
import { ITEM_STATUS_LABELS } from "../item-status";
import { MeasureFields } from "../MeasureFields";
import { ITEM_FIELD_NAMES, translateItemError } from "./item-field-names";
import { formValuesToFields, type ItemFormValues, validateItemForm } from "./item-form-values";

export type ItemForm = UseFormReturnType<ItemFormValues>;

export function useItemForm(initialValues: ItemFormValues): ItemForm {
  const { i18n } = useLingui();
  return useForm<ItemFormValues>({
    mode: "controlled",
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => {
      const found = validateItemForm(values);
      const out: Record<string, string> = {};
      for (const [key, e] of Object.entries(found))
        if (e) out[key] = translateItemError(i18n, e.path, e.message);
      return out;
    },
  });
}

/** Another item of the company on this device with this SKU (SKUs are unique per company). */
async function findSkuOwner(companyId: string, sku: string, exceptId?: string) {
  const rows = await getDb().items.where("[companyId+sku]").equals([companyId, sku]).toArray();
  return rows.find((r) => r.id !== exceptId) ?? null;
}

export function ItemForm({
  form,
  companyId,
  itemId,
  onSubmit,
  saving,
  submitLabel,
  actions,
}: {
  form: ItemForm;
  companyId: string;
  /** The item being edited (its own SKU is not a duplicate). */
  itemId?: string;
  onSubmit(values: ItemFormValues): Promise<void>;
  saving: boolean;
  submitLabel: ReactNode;
  /** More buttons beside the submit button (e.g. Delete). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const name = (f: keyof typeof ITEM_FIELD_NAMES) => i18n._(ITEM_FIELD_NAMES[f]);
  const batches = useLiveQuery(
    () => getDb().batches.where("companyId").equals(companyId).reverse().sortBy("createdAt"),
    [companyId],
  );
  const batchData = (batches ?? []).map((b) => ({ value: b.id, label: b.name }));
  const currentBatch = form.values.batchId;
  if (currentBatch && !batchData.some((b) => b.value === currentBatch))
    batchData.push({ value: currentBatch, label: t`Batch not on this device yet` });

  const submit = form.onSubmit(async (values) => {
    const { sku } = formValuesToFields(values);
    const owner = await findSkuOwner(companyId, sku, itemId);
    if (owner) {
      form.setFieldError("sku", t`SKU ${sku} is already used by “${owner.title}”`);
      return;
    }
    await onSubmit(values);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Item`}>
      <Stack gap="lg">
        <FormSection title={<Trans>Item</Trans>}>
          <TextInput
            label={name("title")}
            required
            maxLength={ITEM_LIMITS.titleMax}
            data-autofocus
            {...form.getInputProps("title")}
          />
          <Textarea
            label={name("description")}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ITEM_LIMITS.descriptionMax}
            {...form.getInputProps("description")}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={name("quantity")}
              required
              min={0}
              max={ITEM_LIMITS.quantityMax}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps("quantity")}
            />
            <TextInput
              label={name("sku")}
              required
              maxLength={ITEM_LIMITS.skuMax}
              autoCapitalize="characters"
              spellCheck={false}
              {...form.getInputProps("sku")}
            />
            <TextInput
              label={name("barcode")}
              maxLength={ITEM_LIMITS.barcodeMax}
              inputMode="numeric"
              spellCheck={false}
              {...form.getInputProps("barcode")}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={<Trans>Condition and price</Trans>}>
          <Radio.Group label={name("condition")} {...form.getInputProps("condition")}>
            <Group mt={6}>
              {(["5", "13"] as const).map((c) => (
                <Radio key={c} value={c} label={i18n._(CONDITION_LABELS[Number(c) as 5 | 13])} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={name("price")}
              description={t`In US dollars`}
              prefix="$"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps("price")}
            />
            <Select
              label={name("category")}
              data={ITEM_CATEGORIES.map((c) => ({ value: c, label: i18n._(CATEGORY_LABELS[c]) }))}
              allowDeselect={false}
              {...form.getInputProps("category")}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={<Trans>Size and weight</Trans>}>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <MeasureFields measure="dimensions" inputProps={form.getInputProps} />
            <MeasureFields measure="weight" valueLabel={name("weight")} inputProps={form.getInputProps} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={<Trans>Storage and status</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={name("location")}
              placeholder={t`e.g. Shelf A-3`}
              maxLength={ITEM_LIMITS.locationMax}
              {...form.getInputProps("location")}
            />
            <Select
              label={name("status")}
              data={ITEM_STATUSES.map((s) => ({ value: s, label: i18n._(ITEM_STATUS_LABELS[s]) }))}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
            <Select
              label={name("batchId")}
              placeholder={t`No batch`}
              description={batches && batches.length === 0 ? t`No batches yet` : undefined}
              data={batchData}
              clearable
              searchable
              nothingFoundMessage={t`No batch with that name`}
              {...form.getInputProps("batchId")}
            />
          </SimpleGrid>
          <Textarea
            label={name("notes")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={ITEM_LIMITS.notesMax}
            {...form.getInputProps("notes")}
          />
        </FormSection>

        <Group justify="space-between" wrap="wrap-reverse">
          <Group>{actions}</Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One titled card of the form. */
function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
