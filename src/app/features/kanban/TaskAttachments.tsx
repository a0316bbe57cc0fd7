/**
 * A task's attached files in its drawer: the list (name, size, date), download, remove (asks
 * first) and "Attach a file". The files live in the server's file store: a file attached offline
 * (or whose upload found no connection) waits on the device in the upload queue
 * (offline/attachment-uploads.ts), listed as waiting, and is attached when the connection
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
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { IconDownload, IconPaperclip, IconTrash, IconWifiOff } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { KANBAN_LIMITS as L, type TaskAttachment } from "../../../domain/kanban/board";
import { HttpError } from "../../lib/http";
import { forgetTaskFile, queueTaskFile, readPicked, taskUploads } from "../../offline/attachment-uploads";
import { getDb } from "../../offline/db";
import { drainFileUploads } from "../../offline/page-file-uploads";
import { useSyncEngine } from "../../offline/sync-engine";
import { toast } from "../../ui/toast";
import { PendingUploads } from "../chat/PendingUploads";
import { ATTACHMENT_ACCEPT, attachmentKeys, attachmentQueries, attachmentsApi } from "./attachments-api";
import { useTaskAttachmentsLive } from "./use-task-attachments-live";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `saved`: the task is on the server (a task made on this device waits for the outbox first). */
export function TaskAttachments({ taskId, saved }: { taskId: string; saved: boolean }) {
  const { t, i18n } = useLingui();
  const { online } = useNetwork();
  const queryClient = useQueryClient();
  const list = useQuery({ ...attachmentQueries.task(taskId), enabled: online && saved, retry: false });
  // another member's attach or remove shows at once (the live channel's kanban-attachments)
  useTaskAttachmentsLive(taskId, online && saved);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<TaskAttachment | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: attachmentKeys.task(taskId) });
  const db = getDb();
  const engine = useSyncEngine();
  const queued = useLiveQuery(() => taskUploads(db, taskId), [db, taskId]) ?? [];

  // files kept offline go when the connection returns; once attached, the server's list shows them
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
    void queryClient.invalidateQueries({ queryKey: attachmentKeys.task(taskId) }).then(async () => {
      for (const id of doneIds.split(",")) await forgetTaskFile(db, id);
    });
  }, [doneIds, db, queryClient, taskId]);

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

  const files = list.data ?? [];
  const full = files.length >= L.attachmentsMax;
  const removingName = removing?.fileName ?? "";
  const loadError = list.isError ? reasonOf(list.error) : "";
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
            Offline: a file you attach waits on this device and is attached when you are back online;
            downloading and removing files need a connection.
          </Trans>
        </Alert>
      )}
      <PendingUploads
        uploads={queued.filter((r) => r.state !== "done")}
        label={t`Files waiting to be attached`}
        onDismiss={(r) => void forgetTaskFile(db, r.id)}
      />
      {online && saved && list.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            <Trans>Loading attachments…</Trans>
          </Text>
        </Group>
      )}
      {online && list.isError && (
        <Text size="sm" c="red">
          <Trans>The attachments could not be loaded: {loadError}</Trans>
        </Text>
      )}
      {list.isSuccess && files.length === 0 && (
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
        {files.map((a) => {
          const name = a.fileName;
          return (
            <Paper component="li" key={a.id} withBorder p="xs" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" truncate="end" title={name}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {size(a.size)} · {i18n.date(a.createdAt, { dateStyle: "medium" })}
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
      <Modal
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
      </Modal>
    </Stack>
  );
}
