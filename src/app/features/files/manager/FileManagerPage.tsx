import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconEye, IconFolder, IconSearch } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import {
  type FileFolder,
  type FileSource,
  type ManagedFile,
  previewOf,
} from "../../../../domain/files/file-manager";
import { dateTimeFormat } from "../../../../domain/intl-cache";
import { dashedBbl } from "../../../../domain/properties/bbl";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { formatSize } from "../format-size";
import { FilePreviewModal } from "./FilePreviewModal";
import { FileThumbnail } from "./FileThumbnail";
import { downloadManagedFile, FILE_MANAGER_ROWS } from "./file-manager-api";
import type { FileManagerSearch } from "./file-manager-search";
import { folderId, type SetFileManagerSearch, useFileManager } from "./use-file-manager";

const SOURCE_LABELS: Record<FileSource, MessageDescriptor> = {
  statement: msg`Statement`,
  output: msg`Filing output`,
  photo: msg`Item photo`,
};
const SOURCE_COLORS: Record<FileSource, string> = { statement: "blue", output: "green", photo: "grape" };

function FileRow({ file, onPreview }: { file: ManagedFile; onPreview: (f: ManagedFile) => void }) {
  const { t, i18n } = useLingui();
  const date = dateTimeFormat(i18n.locale, { dateStyle: "medium" }).format(new Date(file.createdAt));
  const where = file.bbl ? `${dashedBbl(file.bbl)}${file.address ? ` · ${file.address}` : ""}` : t`Inventory`;
  const download = () =>
    downloadManagedFile(file).catch(() => toast.error(t`${file.name} could not be downloaded. Try again.`));
  return (
    <Paper withBorder p="sm" radius="md">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <FileThumbnail file={file} />
        <Stack gap={2} miw={0} flex={1}>
          <Text fw={600} truncate="end">
            {file.name}
          </Text>
          <Group gap="xs">
            <Badge size="sm" variant="light" color={SOURCE_COLORS[file.source]}>
              {i18n._(SOURCE_LABELS[file.source])}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatSize(file.size, i18n.locale)} · {date}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {where} · {file.year}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {(previewOf(file).kind !== "none" || file.source === "statement") && (
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => onPreview(file)}
              aria-label={t`Preview ${file.name}`}
              aria-haspopup="dialog"
            >
              <IconEye size={18} />
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" size="lg" onClick={download} aria-label={t`Download ${file.name}`}>
            <IconDownload size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

function FolderList({
  folders,
  selected,
  onSelect,
}: {
  folders: FileFolder[];
  selected: string | null;
  onSelect: (f: FileFolder | null) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Paper withBorder radius="md" p={4} component="nav" aria-label={t`Folders`}>
      <NavLink
        label={t`All files`}
        leftSection={<IconFolder size={16} />}
        active={selected === null}
        onClick={() => onSelect(null)}
      />
      {folders.map((f) => (
        <NavLink
          key={folderId(f)}
          label={`${f.bbl ? dashedBbl(f.bbl) : t`Item photos`} · ${f.year}`}
          description={`${f.address ?? ""}${f.address ? " · " : ""}${t`${f.count} files`} · ${formatSize(f.bytes, i18n.locale)}`}
          leftSection={<IconFolder size={16} />}
          active={selected === folderId(f)}
          onClick={() => onSelect(f)}
        />
      ))}
    </Paper>
  );
}

/**
 * The company's files in folders by property and year (spec section 2, `/dashboard/file-manager`),
 * with the search, folder, kind and page in the URL.
 */
export function FileManagerPage({
  search,
  onSearch,
}: {
  search: FileManagerSearch;
  onSearch: SetFileManagerSearch;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`File manager`);
  const fm = useFileManager(search, onSearch);
  const data = fm.query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / FILE_MANAGER_ROWS)) : 1;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>
            <Trans>File manager</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>Statements, filing outputs and item photos of your company</Trans>
          </Text>
        </div>
        {data && (
          <Text size="sm" data-testid="storage-used">
            <Trans>
              Storage used: {formatSize(data.storage.bytes, i18n.locale)} in {data.storage.files} files
            </Trans>
          </Text>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          flex={1}
          miw={200}
          label={t`Search files`}
          placeholder={t`Name, BBL or address`}
          leftSection={<IconSearch size={16} />}
          value={fm.search}
          onChange={(e) => fm.setSearch(e.currentTarget.value)}
        />
        <SegmentedControl
          aria-label={t`Kind of file`}
          value={fm.source ?? "all"}
          onChange={(v) => fm.setSource(v === "all" ? undefined : (v as FileSource))}
          data={[
            { value: "all", label: t`All` },
            { value: "statement", label: t`Statements` },
            { value: "output", label: t`Outputs` },
            { value: "photo", label: t`Photos` },
          ]}
        />
      </Group>
      {fm.query.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The files could not be loaded`}>
          {fm.query.error.message}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {data ? (
            <FolderList folders={data.folders} selected={fm.folder} onSelect={fm.setFolder} />
          ) : (
            <Skeleton h={160} radius="md" />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xs" aria-busy={fm.query.isFetching}>
            {fm.query.isPending &&
              Array.from({ length: 4 }, (_, i) => <Skeleton key={String(i)} h={72} radius="md" />)}
            {data && data.total === 0 && (
              <Alert color="gray" title={t`No files found`}>
                {data.storage.files === 0 ? (
                  <Trans>Upload a statement and it appears here, filed under its property and year.</Trans>
                ) : (
                  <Trans>No file matches this search or folder.</Trans>
                )}
                {data.storage.files === 0 && (
                  <Button
                    component={Link}
                    to="/dashboard/import-file"
                    variant="light"
                    size="xs"
                    mt="sm"
                    display="block"
                  >
                    <Trans>Upload a statement</Trans>
                  </Button>
                )}
              </Alert>
            )}
            {data?.items.map((f) => (
              <FileRow key={`${f.source}:${f.id}`} file={f} onPreview={fm.setPreviewing} />
            ))}
            {data && pages > 1 && (
              <Pagination
                total={pages}
                value={fm.page + 1}
                onChange={(p) => fm.setPage(p - 1)}
                getControlProps={(control) => ({
                  "aria-label":
                    control === "next" ? t`Next page` : control === "previous" ? t`Previous page` : undefined,
                })}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <FilePreviewModal file={fm.previewing} onClose={() => fm.setPreviewing(null)} />
    </Stack>
  );
}
