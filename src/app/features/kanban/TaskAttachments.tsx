/**
 * A task's attached files in its drawer: the list (name, kind, size, date), download, remove (asks
 * first) and "Attach a file". The list is the device's (use-task-attachments.ts: the sync feed
 * keeps every task's files), so it shows offline too; the bytes live in the server's file store. A
 * file attached offline (or whose upload found no connection) waits on the device in the upload
 * queue (offline/attachment-uploads.ts), listed as waiting, and is attached when the connection
 * returns; a refused one shows the server's reason until dismissed. Download and remove need a
 * connection. Another member's attach or remove shows live (use-task-attachments-live.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { IconDownload, IconPaperclip, IconTrash, IconWifiOff } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { KANBAN_LIMITS as L, type TaskAttachment } from "../../../domain/kanban/board";
import { HttpError } from "../../lib/http";
import { forgetTaskFile, queueTaskFile, readPicked, taskUploads } from "../../offline/attachment-uploads";
import { getDb } from "../../offline/db";
import { drainFileUploads } from "../../offline/page-file-uploads";
import { useSyncEngine } from "../../offline/sync-engine";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { PendingUploads } from "../chat/PendingUploads";
import { ATTACHMENT_ACCEPT, attachmentsApi } from "./attachments-api";
import { useTaskAttachments } from "./use-task-attachments";
import { useTaskAttachmentsLive } from "./use-task-attachments-live";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `saved`: the task is on the server (a task made on this device waits for the outbox first);
 * `companyId`: the board's company, whose sync feed brings the list.
 */
export function TaskAttachments({
  taskId,
  saved,
  companyId,
}: {
  taskId: string;
  saved: boolean;
  companyId: string;
}) {
  const { t, i18n } = useLingui();
  const { online } = useNetwork();
  const files = useTaskAttachments(taskId);
  // another member's attach or remove shows at once (the live channel's kanban-attachments)
  useTaskAttachmentsLive(taskId, online && saved);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<TaskAttachment | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const db = getDb();
  const engine = useSyncEngine();
  // the device's list follows the feed: this member's own attach or remove is pulled at once
  const refresh = () => engine.pull(companyId).catch(() => undefined);
  const queued = useLiveQuery(() => taskUploads(db, taskId), [db, taskId]) ?? [];

  // files kept offline go when the connection returns; once attached, the feed brings them
  const doneIds = queued
    .filter((r) => r.state === "done")
    .map((r) => r.id)
    .join(",");
  // and again once a task made on this device reached the server (its files waited for it)
  useEffect(() => {
    if (online && saved) void drainFileUploads(db, engine).catch(() => undefined);
  }, [online, saved, db, engine]);
  useEffect(() => {
    if (!doneIds) return;
    void engine
      .pull(companyId)
      .catch(() => undefined)
      .then(async () => {
        for (const id of doneIds.split(",")) await forgetTaskFile(db, id);
      });
  }, [doneIds, db, engine, companyId]);

  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? i18n.number(bytes / (1024 * 1024), { style: "unit", unit: "megabyte", maximumFractionDigits: 1 })
      : i18n.number(Math.max(1, Math.round(bytes / 1024)), { style: "unit", unit: "kilobyte" });
  const maxMb = L.attachmentMaxBytes / (1024 * 1024);

  const attach = async (file: File | null) => {
    if (!file) return;
    const name = file.name;
    if (file.size > L.attachmentMaxBytes) {
      toast.error(t`${name} is larger than ${maxMb} MB, the most a task accepts per file.`);
      return;
    }
    setUploading(true);
    const keep = async () => {
      await queueTaskFile(db, taskId, await readPicked(file));
      toast(t`${name} waits for a connection`);
    };
    try {
      if (!online || !saved) await keep();
      else {
        await attachmentsApi.add(taskId, file);
        toast.success(t`${name} attached`);
        await refresh();
      }
    } catch (error) {
      if (error instanceof HttpError && !error.hasResponse) await keep().catch(() => undefined);
      else {
        const reason = reasonOf(error);
        toast.error(t`${name} not attached: ${reason}`);
      }
    } finally {
      setUploading(false);
    }
  };

  const download = async (a: TaskAttachment) => {
    try {
      await attachmentsApi.save(a);
    } catch (error) {
      const reason = reasonOf(error);
      toast.error(t`Download failed: ${reason}`);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const name = removing.fileName;
    setRemoveBusy(true);
    try {
      await attachmentsApi.remove(removing.id);
      toast.success(t`${name} removed from the task`);
      setRemoving(null);
      await refresh();
    } catch (error) {
      const reason = reasonOf(error);
      toast.error(t`${name} not removed: ${reason}`);
    } finally {
      setRemoveBusy(false);
    }
  };

  const full = (files?.length ?? 0) >= L.attachmentsMax;
  const removingName = removing?.fileName ?? "";
  const most = L.attachmentsMax;
  return (
    <Stack gap="sm" data-testid="task-attachments">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          <Trans>Attachments</Trans>
        </Title>
        <FileButton onChange={(f) => void attach(f)} accept={ATTACHMENT_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPaperclip size={16} />}
              loading={uploading}
              disabled={full}
            >
              <Trans>Attach a file</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      {!online && (
        <Alert color="gray" icon={<IconWifiOff size={18} />} p="xs">
          <Trans>
            Offline: the files are listed, but their content is not available offline. A file you attach waits
            on this device and is attached when you are back online; downloading and removing files need a
            connection.
          </Trans>
        </Alert>
      )}
      <PendingUploads
        uploads={queued.filter((r) => r.state !== "done")}
        label={t`Files waiting to be attached`}
        onDismiss={(r) => void forgetTaskFile(db, r.id)}
      />
      {files === undefined && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            <Trans>Loading attachments…</Trans>
          </Text>
        </Group>
      )}
      {files?.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No files attached yet. PDFs, images and spreadsheets up to {maxMb} MB.</Trans>
        </Text>
      )}
      {full && (
        <Text size="sm" c="dimmed">
          <Trans>This task holds the most files it can ({most}); remove one to attach another.</Trans>
        </Text>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {files?.map((a) => {
          const name = a.fileName;
          const kind = a.kind.toUpperCase();
          return (
            <Paper component="li" key={a.id} withBorder p="xs" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" truncate="end" title={name}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {kind} · {size(a.size)} · {i18n.date(a.createdAt, { dateStyle: "medium" })}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t`Download ${name}`}
                    disabled={!online}
                    onClick={() => void download(a)}
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t`Remove ${name}`}
                    disabled={!online}
                    onClick={() => setRemoving(a)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <AppModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove attachment`}
        closeButtonProps={{ "aria-label": t`Close` }}
      >
        <Stack>
          <Text style={{ overflowWrap: "anywhere" }}>
            <Trans>Remove {removingName} from this task? Members can no longer download it here.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={removeBusy} onClick={() => void confirmRemove()}>
              <Trans>Remove</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
