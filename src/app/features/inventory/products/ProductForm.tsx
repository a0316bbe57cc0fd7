/**
 * The product form of /dashboard/{id}/create-product, /dashboard/product/create and
 * /dashboard/{id}/update-product: title and description (required), category, condition,
 * price, dimensions and weight with their units, images. The shared `validateProductFields`
 * decides what is wrong; each message shows under its field in the person's language.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import {
  ITEM_CATEGORIES,
  ITEM_CONDITIONS,
  ITEM_LIMITS,
  type ProductFields,
} from "../../../../domain/inventory/item";
import { AppTooltip } from "../../../ui/tooltip";
import { fieldErrorText } from "../field-errors";
import { CATEGORY_LABELS, CONDITION_LABELS } from "../field-labels";
import { MeasureFields } from "../MeasureFields";
import { formFieldOf, type ProductFormValues, valuesToProductFields } from "./product-form";

/** The largest length, width, height or weight the product form accepts (clamped on blur). */
const MEASURE_MAX = 1_000_000;

export interface ProductFormProps {
  initialValues: ProductFormValues;
  /** Saves the checked fields; a thrown error is shown above the buttons. */
  onSubmit: (fields: ProductFields) => Promise<void>;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** Shown above the fields (e.g. where the prefilled values came from). */
  notice?: ReactNode;
}

export function ProductForm({ initialValues, onSubmit, onCancel, submitLabel, notice }: ProductFormProps) {
  const { t, i18n } = useLingui();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [newImage, setNewImage] = useState("");

  const form = useForm<ProductFormValues>({
    mode: "controlled",
    initialValues,
    validate: (values) => {
      const out: Record<string, string> = {};
      for (const [path, message] of Object.entries(valuesToProductFields(values).errors)) {
        const key = formFieldOf(path);
        out[key] ??= fieldErrorText(i18n, message);
      }
      return out;
    },
  });

  const submit = form.onSubmit(async (values) => {
    const { fields, errors } = valuesToProductFields(values);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      await onSubmit(fields);
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  });

  const conditionOptions = Object.values(ITEM_CONDITIONS).map((c) => ({
    value: String(c),
    label: i18n._(CONDITION_LABELS[c]),
  }));
  const categoryOptions = ITEM_CATEGORIES.map((c) => ({ value: c, label: i18n._(CATEGORY_LABELS[c]) }));

  const images = form.values.images;
  const imageError = form.errors.images;
  const addImage = () => {
    const ref = newImage.trim();
    if (!ref) return;
    if (!images.includes(ref)) form.insertListItem("images", ref);
    setNewImage("");
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Product`}>
      <Stack gap="md">
        {notice}
        <TextInput
          label={t`Title`}
          required
          maxLength={ITEM_LIMITS.titleMax}
          data-autofocus
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t`Description`}
          required
          autosize
          minRows={3}
          maxRows={12}
          maxLength={ITEM_LIMITS.descriptionMax}
          {...form.getInputProps("description")}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t`Category`}
            data={categoryOptions}
            allowDeselect={false}
            {...form.getInputProps("category")}
          />
          <Select
            label={t`Condition`}
            data={conditionOptions}
            allowDeselect={false}
            {...form.getInputProps("condition")}
          />
          <NumberInput
            label={t`Price`}
            prefix="$"
            min={0}
            allowNegative={false}
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps("price")}
          />
        </SimpleGrid>

        <Fieldset legend={t`Dimensions`} variant="unstyled">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <MeasureFields measure="dimensions" inputProps={form.getInputProps} max={MEASURE_MAX} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t`Weight`} variant="unstyled">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <MeasureFields
              measure="weight"
              valueLabel={t`Weight value`}
              inputProps={form.getInputProps}
              max={MEASURE_MAX}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t`Images`} variant="unstyled">
          <Stack gap="xs">
            {images.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No images.</Trans>
              </Text>
            ) : (
              <Stack gap={4} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {images.map((ref, i) => {
                  const n = i + 1;
                  return (
                    <Group key={ref} component="li" gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {n}. {ref}
                      </Text>
                      <AppTooltip label={t`Remove image ${n}`}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t`Remove image ${n}`}
                          onClick={() => form.removeListItem("images", i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </AppTooltip>
                    </Group>
                  );
                })}
              </Stack>
            )}
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t`Image address`}
                description={t`A link to a photo of the product`}
                value={newImage}
                maxLength={2048}
                onChange={(e) => setNewImage(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    addImage();
                  }
                }}
              />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={addImage}
                disabled={newImage.trim() === "" || images.length >= ITEM_LIMITS.photosMax}
              >
                <Trans>Add image</Trans>
              </Button>
            </Group>
            {imageError && (
              <Text size="sm" c="red" role="alert">
                {imageError}
              </Text>
            )}
          </Stack>
        </Fieldset>

        {saveError && (
          <Alert color="red" role="alert" title={t`The product was not saved`}>
            {saveError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
