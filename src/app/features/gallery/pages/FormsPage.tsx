import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { DateField } from "../../../ui/dates/date-fields";
import { MeasureFields } from "../../inventory/MeasureFields";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const formCode = `const form = useForm({
  mode: "controlled",
  initialValues: { title: "", length: "", width: "", height: "", dimensionUnit: "INCH", shipBy: null },
  validate: { title: (v) => (v.trim() ? null : t\`Required\`) },
});

<form onSubmit={form.onSubmit(save)} noValidate>
  <Stack>
    <TextInput label={t\`Inventory title\`} required {...form.getInputProps("title")} />
    <Fieldset legend={t\`Dimensions\`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {/* features/inventory/MeasureFields: the item and product forms' measure rows */}
        <MeasureFields measure="dimensions" max={10000} inputProps={(f) => form.getInputProps(f)} />
      </SimpleGrid>
    </Fieldset>
    {/* ui/dates/date-fields: every date picker of the app */}
    <DateField label={t\`Ship by\`} clearable {...form.getInputProps("shipBy")} />
    <Group justify="flex-end">
      <Button variant="default" onClick={form.reset}>{t\`Reset\`}</Button>
      <Button type="submit">{t\`Save\`}</Button>
    </Group>
  </Stack>
</form>`;

/** /components/forms: a Mantine form built from the product's field components. */
export default function FormsPage() {
  const { t } = useLingui();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm({
    mode: "controlled",
    initialValues: {
      title: "",
      length: "" as number | string,
      width: "" as number | string,
      height: "" as number | string,
      dimensionUnit: "INCH",
      shipBy: null as string | null,
    },
    validate: { title: (v) => (v.trim() ? null : t`Required`) },
  });
  return (
    <GalleryPage
      title={t`Forms`}
      intro={<Trans>Labels above fields, errors under them, the main action last.</Trans>}
    >
      <Example title={t`Item form`} code={formCode}>
        <form onSubmit={form.onSubmit((values) => setSaved(values.title))} noValidate>
          <Stack>
            <TextInput label={t`Inventory title`} required {...form.getInputProps("title")} />
            <Fieldset legend={t`Dimensions`}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <MeasureFields measure="dimensions" max={10000} inputProps={(f) => form.getInputProps(f)} />
              </SimpleGrid>
            </Fieldset>
            <DateField label={t`Ship by`} clearable {...form.getInputProps("shipBy")} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setSaved(null);
                }}
              >
                <Trans>Reset</Trans>
              </Button>
              <Button type="submit">
                <Trans>Save</Trans>
              </Button>
            </Group>
            {saved !== null ? (
              <Alert color="teal" role="status" title={t`Saved`}>
                <Trans>The sample form would save "{saved}".</Trans>
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Example>
    </GalleryPage>
  );
}
