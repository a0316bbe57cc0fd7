import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, List, Stack, Text, Title } from "@mantine/core";
import { DOCUMENT_TYPE_LABELS } from "../../ui/labels/file-statuses";
import type { MappingRecord } from "./api";
import { FORM_LABELS, MAPPING_STATUS_COLORS, MAPPING_STATUS_LABELS } from "./labels";
import type { MappingEditor } from "./use-mapping-editor";

export function MappingHeader({ record, title }: { record: MappingRecord; title: string }) {
  const { i18n } = useLingui();
  const year = record.filingYear;
  return (
    <Stack gap={4}>
      <Title order={1} style={{ wordBreak: "break-word" }}>
        {title}
      </Title>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{record.companyName}</Text>
        <Text size="sm" ff="monospace">
          {record.bblFormatted}
        </Text>
        {record.address && (
          <Text size="sm" c="dimmed">
            {record.address}
          </Text>
        )}
        <Badge variant="light">{i18n._(DOCUMENT_TYPE_LABELS[record.documentType])}</Badge>
        <Badge variant="light" color="grape">
          <Trans>
            {i18n._(FORM_LABELS[record.form])} for {year}
          </Trans>
        </Badge>
        <Badge color={MAPPING_STATUS_COLORS[record.status]} data-testid="mapping-status">
          {i18n._(MAPPING_STATUS_LABELS[record.status])}
        </Badge>
      </Group>
    </Stack>
  );
}

/** Save status for screen readers and eyes alike. */
export function SaveStatusText({ editor }: { editor: MappingEditor }) {
  const { t } = useLingui();
  const text =
    editor.status === "saving"
      ? t`Saving…`
      : editor.status === "error"
        ? t`Not saved: ${editor.error ?? ""}`
        : editor.dirty
          ? t`Unsaved changes`
          : editor.status === "saved"
            ? t`All changes saved`
            : "";
  return (
    <Stack gap={2}>
      <Text
        size="sm"
        c={editor.status === "error" ? "red" : "dimmed"}
        aria-live="polite"
        role="status"
        data-testid="save-status"
      >
        {text}
      </Text>
      {editor.problems.length > 0 && (
        <List size="xs" c="red">
          {editor.problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
