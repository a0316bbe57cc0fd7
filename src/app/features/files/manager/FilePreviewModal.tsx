import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Box,
  Button,
  Center,
  Code,
  Group,
  Image,
  Loader,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconDownload, IconExternalLink } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { type FilePreview, type ManagedFile, previewOf } from "../../../../domain/files/file-manager";
import { errorMessage } from "../../../lib/error-message";
import { useObjectUrl } from "../../../lib/use-object-url";
import { AppModal } from "../../../ui/AppModal";
import { toast } from "../../../ui/toast";
import { downloadManagedFile, fileManagerQueries } from "./file-manager-api";

/** Lines of a CSV output shown inline; the download has them all. */
const TEXT_LINES = 200;

function Failed({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The preview could not be loaded`}>
      {errorMessage(error)}
    </Alert>
  );
}

const Loading = () => {
  const { t } = useLingui();
  return (
    <Center mih={200}>
      <Loader aria-label={t`Loading the preview`} />
    </Center>
  );
};

/** A photo or a statement's first page: an image from its company-scoped route. */
function ImagePreview({ path, name }: { path: string; name: string }) {
  const blob = useQuery(fileManagerQueries.previewBlob(path));
  const url = useObjectUrl(blob.data);
  if (blob.isError) return <Failed error={blob.error} />;
  if (!url) return <Loading />;
  return <Image src={url} alt={name} fit="contain" mah="75vh" radius="sm" />;
}

/** A filing output PDF in the browser's own viewer, from the downloaded bytes (a blob: frame, CSP frame-src). */
function PdfPreview({ path, name }: { path: string; name: string }) {
  const blob = useQuery(fileManagerQueries.previewBlob(path));
  // Typed here, whatever the answer said, so the frame is only ever a PDF document.
  const pdf = useMemo(
    () => (blob.data ? new Blob([blob.data], { type: "application/pdf" }) : null),
    [blob.data],
  );
  const url = useObjectUrl(pdf);
  if (blob.isError) return <Failed error={blob.error} />;
  if (!url) return <Loading />;
  return (
    <Box
      component="iframe"
      src={url}
      title={name}
      w="100%"
      h="75vh"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: "var(--mantine-radius-sm)" }}
    />
  );
}

function TextPreview({ path }: { path: string }) {
  const text = useQuery(fileManagerQueries.previewText(path));
  if (text.isError) return <Failed error={text.error} />;
  if (text.data === undefined) return <Loading />;
  const lines = text.data.split(/\r?\n/);
  const shown = lines.slice(0, TEXT_LINES).join("\n");
  const limit = TEXT_LINES;
  const total = lines.length;
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah="70vh" type="auto">
        <Code block>{shown}</Code>
      </ScrollArea.Autosize>
      {lines.length > TEXT_LINES && (
        <Text size="sm" c="dimmed">
          <Trans>
            The first {limit} of {total} lines; download the file for all of them.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

function PreviewBody({ file, preview }: { file: ManagedFile; preview: FilePreview }) {
  switch (preview.kind) {
    case "image":
    case "page":
      return <ImagePreview path={preview.path} name={file.name} />;
    case "pdf":
      return <PdfPreview path={preview.path} name={file.name} />;
    case "text":
      return <TextPreview path={preview.path} />;
    default:
      return (
        <Text c="dimmed">
          <Trans>This kind of file has no preview here. Download it to open it.</Trans>
        </Text>
      );
  }
}

/** The file manager's inline preview: a full-screen sheet on a phone, a wide dialog elsewhere. */
export function FilePreviewModal({ file, onClose }: { file: ManagedFile | null; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery("(max-width: 48em)", false);
  const preview = file ? previewOf(file) : null;
  const download = () => {
    if (!file) return;
    downloadManagedFile(file).catch(() => toast.error(t`${file.name} could not be downloaded. Try again.`));
  };
  return (
    <AppModal
      opened={file !== null}
      onClose={onClose}
      title={file?.name}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ "aria-label": t`Close the preview` }}
    >
      {file && preview && (
        <Stack gap="sm">
          {file.source === "statement" && preview.kind === "page" && (
            <Text size="sm" c="dimmed">
              <Trans>The first page. The full preview shows every page beside the lines read from it.</Trans>
            </Text>
          )}
          <PreviewBody file={file} preview={preview} />
          <Group justify="flex-end" gap="sm">
            {file.source === "statement" && (
              <Button
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
                renderRoot={(props) => (
                  <Link {...props} to="/dashboard/files/$fileId" params={{ fileId: file.id }} />
                )}
              >
                <Trans>Open the full preview</Trans>
              </Button>
            )}
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
              <Trans>Download</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
