import "@mantine/dropzone/styles.layer.css";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { useMediaQuery } from "@mantine/hooks";
import { IconCloudUpload, IconFileOff, IconUpload, IconX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ROLES } from "../../../domain/roles";
import { AppModal } from "../../ui/AppModal";
import { DOCUMENT_TYPE_LABELS, STATUS_LABELS } from "../../ui/labels/file-statuses";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { PropertyForm } from "../properties/PropertyForm";
import { type Property, propertiesKeys, propertiesQueries } from "../properties/properties-api";
import { FileRow, UploadRow } from "./FileRows";
import {
  applyStatusEvent,
  type FileStatusEvent,
  isBusy,
  type SeenStatuses,
  statusChanges,
  upsertFile,
} from "./file-list";
import {
  DOCUMENT_TYPES,
  type DocumentType,
  filesApi,
  filesKeys,
  filesQueries,
  type StatementFile,
  saveFile,
} from "./files-api";
import { PropertyPicker } from "./PropertyPicker";
import { UploadError, type UploadRequest, uploadFile } from "./upload-client";
import { newUploadItem, type UploadItem, uploadReducer, visibleUploads } from "./upload-queue";
import { useFileEvents } from "./use-file-events";

/** What the server accepts (it decides by content; the browser only filters the picker). */
const ACCEPT = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/tiff": [".tif", ".tiff"],
  "image/heic": [".heic", ".heif"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.ms-excel": [".xls"],
  "text/csv": [".csv"],
};
const MAX_BYTES = 50 * 1024 * 1024;
/** Messages kept in the live region (only the newest is read; the others are already said). */
const ANNOUNCEMENTS_KEPT = 5;

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 12 }, (_, i) => String(thisYear - i));

let keySeq = 0;
const nextKey = () => `upload-${Date.now()}-${++keySeq}`;

/** /dashboard/import-file: pick or add a property, drop statement files, follow them to "Extracted". */
export function FileUploadPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Upload File`);
  const { hasRole } = useAuth();
  const canAddProperty = hasRole([ROLES.COMPANY_EMPLOYEE]);
  const wide = useMediaQuery("(min-width: 48em)", true);
  const queryClient = useQueryClient();

  const [bblId, setBblId] = useState<string | null>(null);
  const [documentType, setDocumentType] = useState<DocumentType>("operating_statement");
  const [year, setYear] = useState<string | null>(String(thisYear - 1));
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StatementFile | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  // What the live region has said lately, one element per message, so that two messages in
  // quick succession (an upload refused while another file is read) are both heard.
  const [announcements, setAnnouncements] = useState<readonly { id: number; text: string }[]>([]);
  const announceSeq = useRef(0);
  const announce = useCallback((text: string) => {
    announceSeq.current += 1;
    const id = announceSeq.current;
    setAnnouncements((said) => [...said.slice(-(ANNOUNCEMENTS_KEPT - 1)), { id, text }]);
  }, []);
  const [uploads, dispatch] = useReducer(uploadReducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  const openRef = useRef<() => void>(null);

  const properties = useQuery(propertiesQueries.company());

  // Choose the first property once the list is known (and again if the chosen one disappears).
  useEffect(() => {
    const list = properties.data;
    if (!list) return;
    if (!bblId || !list.some((p) => p.id === bblId)) setBblId(list[0]?.id ?? null);
  }, [properties.data, bblId]);

  const selected = properties.data?.find((p) => p.id === bblId) ?? null;
  const bblLabel = selected?.bblFormatted ?? "";

  const connected = useFileEvents({
    onStatus: (event: FileStatusEvent) => {
      const key = filesKeys.company(event.propertyId);
      const list = queryClient.getQueryData<StatementFile[]>(key);
      if (list) {
        const { list: next, found } = applyStatusEvent(list, event);
        queryClient.setQueryData(key, next);
        if (!found) void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    // Events may have been missed while the stream was closed.
    onOpen: () => void queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });

  const files = useQuery({
    ...filesQueries.company(bblId ?? ""),
    enabled: !!bblId,
    // Without the live stream, follow files still being read by asking again.
    refetchInterval: (q) => (!connected && q.state.data?.some((f) => isBusy(f.status)) ? 5000 : false),
  });

  // The live region says each file's change of state once, from the list itself: live events,
  // polling (no stream), refetches and this page's uploads all end up there.
  const seenStatuses = useRef<SeenStatuses | null>(null);
  useEffect(() => {
    if (!bblId || !files.data) return;
    const { changes, seen } = statusChanges(seenStatuses.current, bblId, files.data);
    seenStatuses.current = seen;
    for (const c of changes) {
      const status = i18n._(STATUS_LABELS[c.status]);
      announce(c.failureReason ? `${c.fileName}: ${status}. ${c.failureReason}` : `${c.fileName}: ${status}`);
    }
  }, [bblId, files.data, i18n, announce]);

  const putFile = useCallback(
    (record: StatementFile) => {
      const key = filesKeys.company(record.bblId);
      if (queryClient.getQueryData<StatementFile[]>(key)) {
        queryClient.setQueryData<StatementFile[]>(key, (old) => upsertFile(old ?? [], record));
      } else {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [queryClient],
  );

  const startUpload = useCallback(
    (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      const req: UploadRequest = {
        file: item.file,
        bblId: item.bblId,
        documentType: item.documentType,
        statementYear: item.statementYear,
      };
      uploadFile(req, {
        signal: controller.signal,
        onProgress: (progress) => dispatch({ type: "progress", key: item.key, progress }),
      })
        .then((result) => {
          dispatch({ type: "done", key: item.key, result });
          const { duplicate: _duplicate, ...record } = result;
          putFile(record);
          const name = item.file.name;
          announce(result.duplicate ? t`${name}: already uploaded` : t`${name}: uploaded`);
        })
        .catch((err: unknown) => {
          const e = err instanceof UploadError ? err : new UploadError(0, null, "network");
          dispatch({ type: "failed", key: item.key, kind: e.kind, message: e.serverMessage });
          const name = item.file.name;
          announce(t`${name}: upload failed`);
        })
        .finally(() => controllers.current.delete(item.key));
    },
    [putFile, t, announce],
  );

  const onDrop = (dropped: File[]) => {
    if (!bblId) return;
    const target = { bblId, documentType, statementYear: year ? Number(year) : null };
    const items = dropped.map((f) => newUploadItem(nextKey(), f, target));
    dispatch({ type: "add", items });
    for (const item of items) startUpload(item);
  };

  const onReject = (rejections: FileRejection[]) => {
    if (!bblId) return;
    const target = { bblId, documentType, statementYear: year ? Number(year) : null };
    const items = rejections.map((r) => {
      const item = newUploadItem(nextKey(), r.file, target);
      const tooLarge = r.errors.some((e) => e.code === "file-too-large");
      const error: UploadItem["error"] = tooLarge
        ? { kind: "too-large", message: t`The file is larger than 50 MB, the most accepted per file` }
        : {
            kind: "unsupported",
            message: t`Only PDF, images (PNG, JPEG, TIFF, HEIC) and spreadsheets (XLSX, XLS, CSV) are accepted`,
          };
      return { ...item, state: "error" as const, error };
    });
    dispatch({ type: "add", items });
  };

  const retryUpload = (item: UploadItem) => {
    dispatch({ type: "retry", key: item.key });
    startUpload(item);
  };

  const retryExtraction = async (file: StatementFile) => {
    setRetrying((s) => new Set(s).add(file.id));
    try {
      putFile(await filesApi.reOcr(file.id));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Extraction not restarted: ${reason}`);
    } finally {
      setRetrying((s) => {
        const next = new Set(s);
        next.delete(file.id);
        return next;
      });
    }
  };

  const download = async (file: StatementFile) => {
    try {
      await saveFile(file);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`Download failed: ${reason}`);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const file = deleting;
    setDeleteBusy(true);
    try {
      await filesApi.remove(file.id);
      queryClient.setQueryData<StatementFile[]>(filesKeys.company(file.bblId), (old) =>
        old?.filter((f) => f.id !== file.id),
      );
      for (const u of uploads) if (u.fileId === file.id) dispatch({ type: "dismiss", key: u.key });
      const name = file.fileName;
      toast.success(t`${name} deleted`);
      announce(t`${name} deleted`);
      setDeleting(null);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      toast.error(t`File not deleted: ${reason}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  const onPropertyAdded = (saved: Property) => {
    const bbl = saved.bblFormatted;
    toast.success(t`Property ${bbl} added`);
    setAdding(false);
    queryClient.setQueryData<Property[]>(propertiesKeys.company, (old) =>
      old ? [...old.filter((p) => p.id !== saved.id), saved] : [saved],
    );
    setBblId(saved.id);
    void queryClient.invalidateQueries({ queryKey: propertiesKeys.all });
  };

  const pending = visibleUploads(uploads, bblId);
  const fileList = files.data ?? [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>
          <Trans>Upload File</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            Upload the property's financial statements: operating statements, rent rolls, ledgers and more. We
            read each file and show its state here as it changes.
          </Trans>
        </Text>
      </Stack>

      <Card withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <PropertyPicker
            properties={properties.data}
            loading={properties.isPending}
            error={properties.error}
            value={bblId}
            onChange={setBblId}
            onAdd={() => setAdding(true)}
            canAdd={canAddProperty}
          />
          {selected && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={t`Document type`}
                  data={DOCUMENT_TYPES.map((d) => ({ value: d, label: i18n._(DOCUMENT_TYPE_LABELS[d]) }))}
                  value={documentType}
                  allowDeselect={false}
                  onChange={(v) => v && setDocumentType(v as DocumentType)}
                />
                <Select
                  label={t`Statement year`}
                  description={t`The year the statement covers`}
                  placeholder={t`Not specified`}
                  data={YEARS}
                  value={year}
                  clearable
                  onChange={setYear}
                />
              </SimpleGrid>
              <Dropzone
                onDrop={onDrop}
                onReject={onReject}
                accept={ACCEPT}
                maxSize={MAX_BYTES}
                multiple
                useFsAccessApi={false}
                // Keyboard users get the real button below (a focusable drop area would nest controls).
                activateOnKeyboard={false}
                openRef={openRef}
                inputProps={{ "aria-label": t`Choose statement files` }}
                data-testid="file-dropzone"
              >
                <Group justify="center" gap="md" mih={wide ? 160 : 120} style={{ pointerEvents: "none" }}>
                  <Dropzone.Accept>
                    <IconUpload size={48} stroke={1.5} aria-hidden />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={48} stroke={1.5} aria-hidden />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <IconCloudUpload size={48} stroke={1.5} aria-hidden />
                  </Dropzone.Idle>
                  <Stack gap={4} align={wide ? "flex-start" : "center"}>
                    <Text size="lg" fw={600} ta={wide ? "left" : "center"}>
                      <Trans>Drag files here or click to choose</Trans>
                    </Text>
                    <Text size="sm" c="dimmed" ta={wide ? "left" : "center"}>
                      <Trans>
                        Several at once: PDF, PNG, JPEG, TIFF, HEIC, XLSX, XLS or CSV, up to 50 MB each. They
                        go to {bblLabel}.
                      </Trans>
                    </Text>
                  </Stack>
                </Group>
              </Dropzone>
              <Group justify="center">
                <Button
                  variant="default"
                  leftSection={<IconUpload size={18} />}
                  onClick={() => openRef.current?.()}
                >
                  <Trans>Choose files</Trans>
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>

      <VisuallyHidden
        role="status"
        aria-live="polite"
        aria-atomic="false"
        aria-relevant="additions"
        data-testid="file-announcer"
      >
        {announcements.map((a) => (
          <div key={a.id}>{a.text}</div>
        ))}
      </VisuallyHidden>

      {selected && (
        <Stack gap="sm" component="section" aria-labelledby="property-files-heading">
          <Title order={2} size="h3" id="property-files-heading">
            <Trans>Files for {bblLabel}</Trans>
          </Title>

          {pending.length > 0 && (
            <Stack gap="xs" data-testid="upload-list">
              {pending.map((item) => (
                <UploadRow
                  key={item.key}
                  item={item}
                  onRetry={() => retryUpload(item)}
                  onCancel={() => controllers.current.get(item.key)?.abort()}
                  onDismiss={() => dispatch({ type: "dismiss", key: item.key })}
                />
              ))}
            </Stack>
          )}

          {files.isError && (
            <Alert color="red" title={t`The file list could not be loaded`}>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">{files.error.message}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void files.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </Group>
            </Alert>
          )}

          {files.isPending ? (
            <Center py="lg">
              <Loader role="status" aria-label={t`Loading files`} />
            </Center>
          ) : fileList.length === 0 && !files.isError ? (
            pending.length === 0 && (
              <Card withBorder radius="md" p="lg" data-testid="files-empty">
                <Stack align="center" gap={4}>
                  <IconFileOff size={36} stroke={1.4} aria-hidden />
                  <Text fw={600}>
                    <Trans>No files uploaded for this property yet.</Trans>
                  </Text>
                  <Text size="sm" c="dimmed" ta="center">
                    <Trans>Drop its statements above to start.</Trans>
                  </Text>
                </Stack>
              </Card>
            )
          ) : (
            <Stack gap="xs" data-testid="file-list">
              {fileList.map((f) => (
                <FileRow
                  key={f.id}
                  file={f}
                  retrying={retrying.has(f.id)}
                  onRetryExtraction={() => void retryExtraction(f)}
                  onDownload={() => void download(f)}
                  onDelete={() => setDeleting(f)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}

      <AppModal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t`Add property`}
        size="xl"
        fullScreen={!wide}
      >
        {adding && <PropertyForm onSaved={onPropertyAdded} onCancel={() => setAdding(false)} />}
      </AppModal>

      <AppModal opened={deleting !== null} onClose={() => setDeleting(null)} title={t`Delete file?`}>
        <Stack>
          <Text>
            <DeleteQuestion name={deleting?.fileName ?? ""} />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={deleteBusy} onClick={() => void confirmDelete()}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

function DeleteQuestion({ name }: { name: string }) {
  return (
    <Trans>
      Delete {name}? It leaves this property's files and will not be filed; upload it again if you change your
      mind.
    </Trans>
  );
}
