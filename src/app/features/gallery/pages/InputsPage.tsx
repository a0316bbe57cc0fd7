import { Trans, useLingui } from "@lingui/react/macro";
import {
  Checkbox,
  NumberInput,
  PasswordInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { DateField } from "../../../ui/dates/date-fields";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const textCode = `<TextInput label={t\`Email address\`} type="email" placeholder="name@example.com" />
<TextInput label={t\`Search\`} leftSection={<IconSearch size={16} />} />
<PasswordInput label={t\`Password\`} description={t\`At least 8 characters.\`} />
<TextInput label={t\`Company name\`} error={t\`Required\`} required />
<Textarea label={t\`Notes\`} autosize minRows={2} />`;

const choiceCode = `<Select label={t\`Weight unit\`} data={[…]} allowDeselect={false} />
<NumberInput label={t\`Quantity\`} min={0} allowNegative={false} />
<DateField label={t\`Date\`} clearable /> {/* ui/dates/date-fields */}
<SegmentedControl role="radiogroup" aria-label={t\`Layout\`} data={[…]} />
<Checkbox label={t\`Remember me\`} />
<Switch label={t\`High contrast\`} />
<Radio.Group label={t\`Condition\`}>
  <Radio value="5" label={t\`New\`} />
  <Radio value="13" label={t\`Used\`} />
</Radio.Group>`;

/** /components/inputs: single fields, each with a visible label. */
export default function InputsPage() {
  const { t } = useLingui();
  const [date, setDate] = useState<string | null>(null);
  return (
    <GalleryPage
      title={t`Inputs`}
      intro={<Trans>Every field has a visible label; placeholders only show examples.</Trans>}
    >
      <Example title={t`Text`} code={textCode}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Email address`} type="email" placeholder="name@example.com" />
          <TextInput label={t`Search`} leftSection={<IconSearch size={16} aria-hidden />} />
          <PasswordInput label={t`Password`} description={t`At least 8 characters.`} />
          <TextInput label={t`Company name`} error={t`Required`} required />
          <Textarea label={t`Notes`} autosize minRows={2} />
        </SimpleGrid>
      </Example>
      <Example title={t`Choices and numbers`} code={choiceCode}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Weight unit`}
            data={[
              { value: "POUND", label: t`Pound` },
              { value: "KILOGRAM", label: t`Kilogram` },
            ]}
            defaultValue="POUND"
            allowDeselect={false}
          />
          <NumberInput label={t`Quantity`} min={0} allowNegative={false} defaultValue={1} />
          <DateField label={t`Date`} clearable value={date} onChange={setDate} />
          <Stack gap={4}>
            <SegmentedControl
              role="radiogroup"
              aria-label={t`Layout`}
              data={[
                { value: "vertical", label: t`Vertical` },
                { value: "horizontal", label: t`Horizontal` },
              ]}
            />
          </Stack>
          <Stack gap="xs">
            <Checkbox label={t`Remember me`} />
            <Switch label={t`High contrast`} />
          </Stack>
          <Radio.Group label={t`Condition`} defaultValue="5">
            <Stack gap={6} mt={4}>
              <Radio value="5" label={t`New`} />
              <Radio value="13" label={t`Used`} />
            </Stack>
          </Radio.Group>
        </SimpleGrid>
      </Example>
    </GalleryPage>
  );
}
