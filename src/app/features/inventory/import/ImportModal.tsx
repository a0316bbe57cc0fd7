/**
 * The file import (issue 6): choose a CSV, TSV or XLSX file → the worker reads it → map its
 * columns → preview every row (problems explained) → "Import N valid rows" writes a new batch
 * and its items to this device in chunks, with a progress bar and Cancel → the chunks go to
 * the server through the outbox (also later, when the import was done offline).
 * docs/inventory.md "File import".
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, List, Loader, Progress, Stack, Stepper, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { useMediaQuery, useNetwork } from "@mantine/hooks";
import { IconCloudUpload, IconFileSpreadsheet, IconUpload, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { type ColumnMapping, unitsFor } from "../../../../domain/inventory/import/mapping";
import type { ImportMessage } from "../../../../domain/inventory/import/types";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";
import { AppModal } from "../../../ui/AppModal";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { readExistingSkus, useImportUpload } from "./import-data";
import { fileMessageText } from "./import-messages";
import { MappingStep } from "./MappingStep";
import { PreviewStep } from "./PreviewStep";
import type { FileSummary, PreviewResult } from "./protocol";
import { SyncScreenLink } from "./SyncScreenLink";
import { type SaveImportResult, saveImport } from "./save-import";
import { ImportCancelled, ImportWorkerClient } from "./worker-client";

type Phase =
  | { kind: "choose" }
  | { kind: "reading"; fileName: string }
  | { kind: "mapping"; summary: FileSummary }
  | { kind: "building"; summary: FileSummary }
  | { kind: "preview"; summary: FileSummary; preview: PreviewResult }
  | { kind: "saving"; summary: FileSummary; saved: number; total: number }
  | { kind: "saved"; summary: FileSummary; result: SaveImportResult; error?: string };

/** A refused file: its messages (errors first), for the choose step. */
interface Refusal {
  file: { name: string; size: number };
  messages: ImportMessage[];
}

const ACCEPT = {
  "text/csv": [".csv"],
  "text/tab-separated-values": [".tsv", ".tab"],
  "text/plain": [".txt"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.ms-excel": [".csv"],
};

const STEP_OF: Record<Phase["kind"], number> = {
  choose: 0,
  reading: 0,
  mapping: 1,
  building: 1,
  preview: 2,
  saving: 3,
  saved: 3,
};

const baseName = (name: string) => name.replace(/\.[^.]+$/, "").trim() || name;

export function ImportModal({
  opened,
  onClose,
  companyId,
}: {
  opened: boolean;
  onClose(): void;
  companyId: string;
}) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const client = useRef<ImportWorkerClient | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "choose" });
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [batchName, setBatchName] = useState("");
  const openRef = useRef<() => void>(null);

  const worker = () => {
    client.current ??= new ImportWorkerClient();
    return client.current;
  };

  // The worker holds the file's table: stop it when the dialog goes away.
  useEffect(() => () => client.current?.cancel(), []);

  const reset = () => {
    client.current?.cancel();
    setPhase({ kind: "choose" });
    setRefusal(null);
    setNotice(null);
    setMapping({});
  };

  const busy = phase.kind === "reading" || phase.kind === "building" || phase.kind === "saving";
  // the steps go back to the start once the dialog has faded out, not while it does
  const close = () => {
    if (phase.kind === "saving") return;
    onClose();
  };

  const failed = (err: unknown) => {
    if (err instanceof ImportCancelled) {
      setNotice(t`Import cancelled. Nothing was imported.`);
    } else {
      const reason = err instanceof Error ? err.message : String(err);
      setNotice(t`The file could not be read: ${reason}`);
    }
    setPhase({ kind: "choose" });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(null);
    setNotice(null);
    setPhase({ kind: "reading", fileName: file.name });
    try {
      const summary = await worker().read(file);
      if (summary.messages.some((m) => m.level === "error")) {
        const sorted = [...summary.messages].sort((a, b) =>
          a.level === b.level ? 0 : a.level === "error" ? -1 : 1,
        );
        setRefusal({ file: { name: summary.name, size: summary.size }, messages: sorted });
        setPhase({ kind: "choose" });
        return;
      }
      setMapping(summary.guess.mapping);
      setBatchName(baseName(summary.name));
      setPhase({ kind: "mapping", summary });
    } catch (err) {
      failed(err);
    }
  };

  const onPreview = async (summary: FileSummary) => {
    setPhase({ kind: "building", summary });
    try {
      const existing = await readExistingSkus(getDb(), companyId);
      const preview = await worker().build(mapping, unitsFor(summary.headers, mapping), existing);
      setPhase({ kind: "preview", summary, preview });
    } catch (err) {
      failed(err);
    }
  };

  const onImport = async (summary: FileSummary, preview: PreviewResult) => {
    const items = preview.rows.filter((r) => r.status === "valid").map((r) => r.fields);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: "saving", summary, saved: 0, total: items.length });
    let saved = 0;
    try {
      const result = await saveImport({
        engine,
        companyId,
        batchName: batchName.trim(),
        fileName: summary.name,
        items,
        signal: controller.signal,
        onProgress: (n, total) => {
          saved = n;
          setPhase({ kind: "saving", summary, saved: n, total });
        },
      });
      // the worker's copy of the file is no longer needed
      client.current?.cancel();
      client.current = null;
      setPhase({ kind: "saved", summary, result });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      setPhase({
        kind: "saved",
        summary,
        result: { batchId: "", saved, total: items.length, cancelled: true },
        error: reason,
      });
    } finally {
      abort.current = null;
    }
  };

  const cancel = () => {
    if (phase.kind === "saving") abort.current?.abort();
    else client.current?.cancel();
  };

  const title =
    phase.kind === "choose" || phase.kind === "reading"
      ? t`Import items from a file`
      : phase.kind === "mapping" || phase.kind === "building"
        ? t`Choose the columns`
        : phase.kind === "preview"
          ? t`Check the rows`
          : t`Import`;

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={title}
      size="80rem"
      fullScreen={!wide}
      closeOnClickOutside={!busy}
      closeOnEscape={phase.kind !== "saving"}
      withCloseButton={phase.kind !== "saving"}
      closeButtonProps={{ "aria-label": t`Close` }}
      onExitTransitionEnd={reset}
    >
      <Stack gap="lg">
        {wide && (
          <Stepper active={STEP_OF[phase.kind]} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={t`File`} />
            <Stepper.Step label={t`Columns`} />
            <Stepper.Step label={t`Preview`} />
            <Stepper.Step label={t`Import`} />
          </Stepper>
        )}

        {(phase.kind === "choose" || phase.kind === "reading") && (
          <Stack gap="md">
            {notice && (
              <Alert
                color="blue"
                role="status"
                withCloseButton
                closeButtonLabel={t`Dismiss`}
                onClose={() => setNotice(null)}
              >
                {notice}
              </Alert>
            )}
            {refusal && (
              <Alert
                color="red"
                title={t`This file cannot be imported`}
                role="alert"
                data-testid="file-refused"
              >
                <Stack gap={4}>
                  {refusal.messages.map((m) => (
                    <Text key={`${m.code}-${m.message}`} size="sm">
                      {fileMessageText(i18n, m, refusal.file)}
                    </Text>
                  ))}
                  <Text size="sm" c="dimmed">
                    <Trans>Nothing was imported. Choose another file.</Trans>
                  </Text>
                </Stack>
              </Alert>
            )}
            {phase.kind === "reading" ? (
              <Stack align="center" gap="sm" py="xl" role="status">
                <Loader />
                <Text>
                  <Trans>Reading “{phase.fileName}”…</Trans>
                </Text>
                <Progress value={100} animated w="100%" maw={400} aria-label={t`Reading the file`} />
                <Button variant="default" onClick={cancel}>
                  <Trans>Cancel</Trans>
                </Button>
              </Stack>
            ) : (
              <>
                <Dropzone
                  onDrop={(files) => void onFile(files[0])}
                  onReject={(rejected) => void onFile(rejected[0]?.file)}
                  accept={ACCEPT}
                  multiple={false}
                  useFsAccessApi={false}
                  activateOnKeyboard={false}
                  openRef={openRef}
                  inputProps={{ "aria-label": t`Choose a file to import` }}
                  data-testid="import-dropzone"
                >
                  <Group justify="center" gap="md" mih={140} style={{ pointerEvents: "none" }}>
                    <Dropzone.Accept>
                      <IconUpload size={44} stroke={1.5} aria-hidden />
                    </Dropzone.Accept>
                    <Dropzone.Reject>
                      <IconX size={44} stroke={1.5} aria-hidden />
                    </Dropzone.Reject>
                    <Dropzone.Idle>
                      <IconFileSpreadsheet size={44} stroke={1.5} aria-hidden />
                    </Dropzone.Idle>
                    <Stack gap={4} align={wide ? "flex-start" : "center"}>
                      <Text size="lg" fw={600} ta={wide ? "left" : "center"}>
                        <Trans>Drag a file here or click to choose</Trans>
                      </Text>
                      <Text size="sm" c="dimmed" ta={wide ? "left" : "center"}>
                        <Trans>
                          CSV, TSV or XLSX, up to 50 MB and 200,000 rows, with a header row. Columns such as
                          Title, SKU, UPC, Quantity, Price, Condition, Description, Weight and Dimensions are
                          recognised.
                        </Trans>
                      </Text>
                    </Stack>
                  </Group>
                </Dropzone>
                <Group justify="center">
                  <Button
                    variant="default"
                    leftSection={<IconCloudUpload size={18} />}
                    onClick={() => openRef.current?.()}
                  >
                    <Trans>Choose file</Trans>
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}

        {phase.kind === "mapping" && (
          <MappingStep
            summary={phase.summary}
            mapping={mapping}
            onChange={setMapping}
            onBack={reset}
            onContinue={() => void onPreview(phase.summary)}
          />
        )}

        {phase.kind === "building" && (
          <Stack align="center" gap="sm" py="xl" role="status">
            <Loader />
            <Text>
              <Trans>Checking {phase.summary.rowCount.toLocaleString(i18n.locale)} rows…</Trans>
            </Text>
            <Button variant="default" onClick={cancel}>
              <Trans>Cancel</Trans>
            </Button>
          </Stack>
        )}

        {phase.kind === "preview" && (
          <PreviewStep
            summary={phase.summary}
            mapping={mapping}
            preview={phase.preview}
            batchName={batchName}
            onBatchName={setBatchName}
            onBack={() => setPhase({ kind: "mapping", summary: phase.summary })}
            onImport={() => void onImport(phase.summary, phase.preview)}
          />
        )}

        {phase.kind === "saving" && (
          <Stack gap="sm" py="md">
            <Text role="status" aria-live="polite" data-testid="import-progress">
              <Trans>
                Saving on this device: {phase.saved.toLocaleString(i18n.locale)} of{" "}
                {phase.total.toLocaleString(i18n.locale)} rows
              </Trans>
            </Text>
            <Progress
              value={phase.total ? (phase.saved / phase.total) * 100 : 0}
              size="lg"
              aria-label={t`Import progress`}
            />
            <Group>
              <Button variant="default" color="red" onClick={cancel}>
                <Trans>Cancel</Trans>
              </Button>
            </Group>
          </Stack>
        )}

        {phase.kind === "saved" && (
          <ImportDone
            result={phase.result}
            error={phase.error}
            batchName={batchName.trim()}
            onClose={close}
            onAnother={reset}
          />
        )}
      </Stack>
    </AppModal>
  );
}

function ImportDone({
  result,
  error,
  batchName,
  onClose,
  onAnother,
}: {
  result: SaveImportResult;
  error?: string;
  batchName: string;
  onClose(): void;
  onAnother(): void;
}) {
  const links = useInventoryLinks();
  const { t, i18n } = useLingui();
  const { online } = useNetwork();
  const upload = useImportUpload(result.batchId || null);
  const n = (v: number) => v.toLocaleString(i18n.locale);
  const saved = result.saved;
  const total = result.total;
  const sent = upload ? saved - upload.pending : 0;
  const done = upload !== undefined && upload.pending === 0;
  const stored = sent - (upload?.refused ?? 0);

  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" title={t`The import stopped`} role="alert">
          <Trans>
            It could not be saved on this device: {error}. {n(saved)} of {n(total)} rows were saved.
          </Trans>
        </Alert>
      ) : result.cancelled ? (
        <Alert color="yellow" title={t`Import stopped`} role="status" data-testid="import-result">
          <Trans>
            {n(saved)} of {n(total)} rows were imported into the batch “{batchName}”; the others were not.
          </Trans>
        </Alert>
      ) : (
        <Alert color="green" title={t`Import saved`} role="status" data-testid="import-result">
          {plural(saved, {
            one: `# item was saved in the batch “${batchName}”.`,
            other: `# items were saved in the batch “${batchName}”.`,
          })}
        </Alert>
      )}

      {result.batchId && saved > 0 && (
        <Stack gap={6}>
          <Text size="sm" aria-live="polite" data-testid="upload-progress">
            {done ? (
              upload.refused > 0 ? (
                <Trans>
                  On the server: {n(stored)} of {n(saved)} items.
                </Trans>
              ) : (
                <Trans>All {n(saved)} items are on the server.</Trans>
              )
            ) : online ? (
              <Trans>
                Sending to the server: {n(sent)} of {n(saved)} items. You can close this window; the upload
                goes on.
              </Trans>
            ) : (
              <Trans>
                You are offline. The items are saved on this device and will be sent when you are back online.
              </Trans>
            )}
          </Text>
          <Progress
            value={saved ? (sent / saved) * 100 : 0}
            color={done ? "green" : undefined}
            aria-label={t`Sent to the server`}
          />
        </Stack>
      )}

      {upload?.chunkError && (
        <Alert color="red" title={t`The server refused part of this import`}>
          <Trans>
            {upload.chunkError}. These items stay on this device; <SyncScreenLink>Sync</SyncScreenLink> lets
            you send them again or discard them.
          </Trans>
        </Alert>
      )}
      {upload && upload.refused > 0 && (
        <Alert color="orange" title={t`Some items were refused by the server`} data-testid="upload-refused">
          <Stack gap={4}>
            <Text size="sm">
              {plural(upload.refused, {
                one: "# item was not accepted:",
                other: "# items were not accepted:",
              })}
            </Text>
            <List size="sm">
              {upload.reasons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
            <Text size="sm">
              <Trans>
                They stay on this device with what you imported; on <SyncScreenLink>Sync</SyncScreenLink> you
                can retry or discard them.
              </Trans>
            </Text>
          </Stack>
        </Alert>
      )}

      <Group justify="space-between" wrap="wrap">
        <Button variant="default" onClick={onAnother}>
          <Trans>Import another file</Trans>
        </Button>
        <Group gap="sm">
          {result.batchId && saved > 0 && (
            <Button
              variant="light"
              renderRoot={(props) => <HrefLink {...props} href={links.batch(result.batchId)} />}
            >
              <Trans>Open the batch</Trans>
            </Button>
          )}
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
