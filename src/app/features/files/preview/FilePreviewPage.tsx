import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Grid,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconFileOff } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { HttpError } from "../../../lib/http";
import { BackLink } from "../../../ui/BackLink";
import { DOCUMENT_TYPE_LABELS, STATUS_COLORS, STATUS_LABELS } from "../../../ui/labels/file-statuses";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { saveFile } from "../files-api";
import { filePreviewQueries, isSettled, isSpreadsheet } from "./file-preview-api";
import { LineItemList } from "./LineItemList";
import type { IndexedLineItem } from "./line-items";
import { PageViewer } from "./PageViewer";
import { SheetView } from "./SheetView";

/** How often a file that is still being read is checked again. */
const POLL_MS = 2000;

function BackToProperties() {
  return <BackLink to="/dashboard/properties" label={msg`Properties`} />;
}

/**
 * /dashboard/files/{fileId}: the page image beside the extracted line items and text; the
 * line under the pointer (or keyboard focus) is highlighted on the page.
 */
export function FilePreviewPage({ fileId }: { fileId: string }) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [selectedIndex, setSelectedIndex] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);

  const file = useQuery({
    ...filePreviewQueries.file(fileId),
    // Until the file is read, check again every few seconds: the page follows the status by itself.
    refetchInterval: (q) =>
      q.state.error || (q.state.data && isSettled(q.state.data.status)) ? false : POLL_MS,
    staleTime: 0,
  });
  const status = file.data?.status ?? "queued";
  const extraction = useQuery({
    ...filePreviewQueries.extraction(fileId, status),
    enabled: file.data?.status === "extracted",
  });

  const fileName = file.data?.fileName ?? "";
  usePageTitle(file.data ? fileName : t`File preview`);

  if (file.isPending) {
    return (
      <Stack gap="lg" data-testid="file-preview-loading" aria-busy="true">
        <BackToProperties />
        <Skeleton h={36} w="60%" />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={480} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs">
              {[1, 2, 3, 4, 5, 6].map((n) => (
                <Skeleton key={n} h={24} />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  if (file.isError || !file.data) {
    const notFound = file.error instanceof HttpError && file.error.status === 404;
    return (
      <Stack gap="lg">
        <BackToProperties />
        <Alert
          color={notFound ? "gray" : "red"}
          icon={<IconFileOff size={20} />}
          title={notFound ? t`File not found` : t`The file could not be loaded`}
          data-testid="file-preview-error"
        >
          {notFound ? (
            <Trans>This file does not exist, was deleted, or belongs to another company.</Trans>
          ) : (
            file.error?.message
          )}
        </Alert>
      </Stack>
    );
  }

  const f = file.data;
  const spreadsheet = isSpreadsheet(f.kind);
  const pages = extraction.data?.pages ?? [];
  const pageCount = Math.max(f.pageCount ?? 0, pages.length);
  const lineItems = extraction.data?.lineItems ?? [];
  const currentPage = Math.min(Math.max(1, page), Math.max(1, pageCount));
  const shown = activeIndex ?? selectedIndex;
  const shownItem = shown === null ? undefined : lineItems[shown];
  const highlight = shownItem && shownItem.page === currentPage ? (shownItem.box ?? null) : null;
  const pageText = pages.find((p) => p.number === currentPage)?.text ?? "";
  const docType = DOCUMENT_TYPE_LABELS[f.documentType];
  const year = f.statementYear;
  const statusLabel = i18n._(STATUS_LABELS[f.status]);

  const goTo = (n: number) => {
    setPage(n);
    setActiveIndex(null);
  };
  const select = (item: IndexedLineItem) => {
    setSelectedIndex(item.index);
    if (item.page !== currentPage) setPage(item.page);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await saveFile(f);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Download failed: ${reason}`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <BackToProperties />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {f.fileName}
          </Title>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[f.status]} variant="light" data-testid="file-status">
              {statusLabel}
            </Badge>
            {docType && (
              <Text size="sm" c="dimmed">
                {i18n._(docType)}
              </Text>
            )}
            {year !== null && (
              <Text size="sm" c="dimmed">
                <Trans>Statement year {year}</Trans>
              </Text>
            )}
          </Group>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={downloading}
          onClick={download}
        >
          <Trans>Download</Trans>
        </Button>
      </Group>

      {f.status === "failed" ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={20} />}
          title={t`We could not read this file`}
          data-testid="file-failed"
        >
          {f.failureReason ?? t`Extraction failed.`}
        </Alert>
      ) : f.status !== "extracted" ? (
        <Alert color="blue" icon={<Loader size={18} />} title={t`Not read yet`} data-testid="file-pending">
          <Trans>
            Status: {statusLabel}. This page updates by itself when the text and line items are ready.
          </Trans>
        </Alert>
      ) : extraction.isError ? (
        <Alert color="red" title={t`The extracted text could not be loaded`}>
          {extraction.error.message}
        </Alert>
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Box
              style={{
                position: "sticky",
                top: "calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))",
              }}
            >
              {extraction.isPending ? (
                <Skeleton h={480} />
              ) : spreadsheet ? (
                <SheetView pages={pages} page={currentPage} onPage={goTo} />
              ) : (
                <PageViewer
                  fileId={f.id}
                  fileName={f.fileName}
                  page={currentPage}
                  pageCount={pageCount}
                  onPage={goTo}
                  highlight={highlight}
                />
              )}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Title order={2} size="h4">
                <Trans>Line items</Trans>
              </Title>
              {extraction.isPending ? (
                <Stack gap="xs">
                  {[1, 2, 3, 4].map((n) => (
                    <Skeleton key={n} h={24} />
                  ))}
                </Stack>
              ) : (
                <LineItemList
                  items={lineItems}
                  currentPage={currentPage}
                  activeIndex={activeIndex}
                  selectedIndex={selectedIndex}
                  onActive={setActiveIndex}
                  onSelect={select}
                  showPages={pageCount > 1}
                />
              )}
              {extraction.data?.notes.length ? (
                <Stack gap={2}>
                  {extraction.data.notes.map((note) => (
                    <Text key={note} size="sm" c="dimmed">
                      {note}
                    </Text>
                  ))}
                </Stack>
              ) : null}
              {!spreadsheet && pages.length > 0 && (
                <Accordion variant="contained" chevronPosition="right">
                  <Accordion.Item value="text">
                    <Accordion.Control>
                      <Trans>Text of page {currentPage}</Trans>
                    </Accordion.Control>
                    <Accordion.Panel>
                      {pageText ? (
                        <Code block data-testid="page-text" style={{ whiteSpace: "pre-wrap" }}>
                          {pageText}
                        </Code>
                      ) : (
                        <Text size="sm" c="dimmed">
                          <Trans>No text was found on this page.</Trans>
                        </Text>
                      )}
                    </Accordion.Panel>
                  </Accordion.Item>
                </Accordion>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
