import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Badge, Button, Card, Group, Progress, Stack, Text } from "@mantine/core";
import {
  IconAlertTriangle,
  IconDownload,
  IconEye,
  IconFileText,
  IconRefresh,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { DOCUMENT_TYPE_LABELS, STATUS_COLORS, STATUS_LABELS } from "../../ui/labels/file-statuses";
import { AppTooltip } from "../../ui/tooltip";
import { canDelete, canRetryExtraction, isBusy } from "./file-list";
import type { StatementFile } from "./files-api";
import { formatSize } from "./format-size";
import { UPLOAD_ERROR_LABELS } from "./upload-error-labels";
import { canRetryUpload, type UploadItem } from "./upload-queue";

/** A link to the file's preview page (a real link: opens in a new tab too). */
function PreviewLink({ fileId, fileName }: { fileId: string; fileName: string }) {
  const { t } = useLingui();
  return (
    <Button
      renderRoot={(props) => <Link {...props} to="/dashboard/files/$fileId" params={{ fileId }} />}
      size="xs"
      variant="light"
      leftSection={<IconEye size={16} />}
      aria-label={t`Preview ${fileName}`}
    >
      <Trans>Preview</Trans>
    </Button>
  );
}

/** A file being uploaded from this page, or one the upload refused. */
export function UploadRow({
  item,
  onRetry,
  onCancel,
  onDismiss,
}: {
  item: UploadItem;
  onRetry: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t, i18n } = useLingui();
  const name = item.file.name;
  const percent = Math.round(item.progress * 100);
  return (
    <Card withBorder radius="md" p="sm" data-testid="upload-row" data-file-name={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} size="sm" truncate="end" title={name}>
              {name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatSize(item.file.size, i18n.locale)}
          </Text>
        </Group>
        {item.state === "uploading" && (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={percent}
              style={{ flex: 1 }}
              animated={percent >= 100}
              aria-label={t`Uploading ${name}`}
            />
            <Text size="xs" style={{ whiteSpace: "nowrap" }}>
              {percent < 100 ? <Trans>Uploading {percent}%</Trans> : <Trans>Processing…</Trans>}
            </Text>
            <AppTooltip label={t`Cancel upload`}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t`Cancel upload of ${name}`}
                onClick={onCancel}
              >
                <IconX size={16} />
              </ActionIcon>
            </AppTooltip>
          </Group>
        )}
        {item.state === "duplicate" && (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={500} data-testid="upload-duplicate">
              <Trans>Already uploaded: this exact file is already on file for this property.</Trans>
            </Text>
            <Group gap="xs">
              {item.fileId && <PreviewLink fileId={item.fileId} fileName={name} />}
              <Button size="xs" variant="subtle" color="gray" onClick={onDismiss}>
                <Trans>Dismiss</Trans>
              </Button>
            </Group>
          </Group>
        )}
        {item.state === "error" && item.error && (
          <Stack gap={4} data-testid="upload-error">
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={18}
                color="var(--mantine-color-red-7)"
                aria-hidden
                style={{ flexShrink: 0 }}
              />
              <div>
                <Text size="sm" fw={600} c="red.8">
                  {i18n._(UPLOAD_ERROR_LABELS[item.error.kind])}
                </Text>
                {item.error.message && (
                  <Text size="sm" c="red.8">
                    {item.error.message}
                  </Text>
                )}
              </div>
            </Group>
            <Group gap="xs" justify="flex-end">
              {canRetryUpload(item) && (
                <Button size="xs" variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
                  <Trans>Retry upload</Trans>
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={onDismiss}
                aria-label={t`Dismiss ${name}`}
              >
                <Trans>Dismiss</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** A file on record for the property: its extraction state and what can be done with it. */
export function FileRow({
  file,
  retrying,
  onRetryExtraction,
  onDownload,
  onDelete,
}: {
  file: StatementFile;
  retrying: boolean;
  onRetryExtraction: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useLingui();
  const name = file.fileName;
  const status = i18n._(STATUS_LABELS[file.status]);
  const type = i18n._(DOCUMENT_TYPE_LABELS[file.documentType]);
  const year = file.statementYear;
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      data-testid="file-row"
      data-file-id={file.id}
      data-file-name={name}
      data-status={file.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate="end" title={name}>
                {name}
              </Text>
              <Text size="xs" c="dimmed">
                {year ? `${type} · ${year}` : type} · {formatSize(file.size, i18n.locale)}
              </Text>
            </div>
          </Group>
          <Badge
            color={STATUS_COLORS[file.status]}
            variant={file.status === "extracted" || file.status === "failed" ? "filled" : "light"}
            leftSection={isBusy(file.status) ? <span aria-hidden>⋯</span> : undefined}
            style={{ flexShrink: 0 }}
            data-testid="file-status"
          >
            {status}
          </Badge>
        </Group>
        {file.status === "failed" && file.failureReason && (
          <Text size="sm" c="red.8" data-testid="file-failure">
            {file.failureReason}
          </Text>
        )}
        {file.status === "extracted" && file.pageCount !== null && (
          <Text size="xs" c="dimmed">
            <Plural value={file.pageCount} one="# page read" other="# pages read" />
          </Text>
        )}
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <PreviewLink fileId={file.id} fileName={name} />
          {canRetryExtraction(file) && (
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconRefresh size={16} />}
              loading={retrying}
              onClick={onRetryExtraction}
              aria-label={t`Run extraction again for ${name}`}
            >
              <Trans>Retry extraction</Trans>
            </Button>
          )}
          <AppTooltip label={t`Download ${name}`}>
            <ActionIcon variant="subtle" size="lg" aria-label={t`Download ${name}`} onClick={onDownload}>
              <IconDownload size={18} />
            </ActionIcon>
          </AppTooltip>
          {canDelete(file) && (
            <AppTooltip label={t`Delete ${name}`}>
              <ActionIcon
                variant="subtle"
                size="lg"
                color="red"
                aria-label={t`Delete ${name}`}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </AppTooltip>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
