/**
 * /take-inventory-photo/{hash}: the phone page of a photo link (issue 7; docs/warehouse.md
 * "Photos by link"). No sign-in: the hash is the permission. Take several photos with the rear
 * camera (or choose them), review them — retake, delete with undo — then upload. Photos are
 * compressed when taken and kept in this phone's database, so nothing is lost offline or when
 * the tab closes; the page sends them one by one with progress, and the service worker sends
 * them when the connection comes back (Background Sync) even with the page closed.
 * An expired, revoked or forged link shows the 409 page.
 */
import "../../../ui/theme/full-styles";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { IconCheck, IconCloudUpload, IconRefresh, IconTrash, IconX } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PhotoLinkView } from "../../../../domain/inventory/photos";
import { requestBackgroundSync } from "../../../../sync/triggers";
import { API_BASE_URL, HttpError } from "../../../lib/http";
import { useObjectUrl } from "../../../lib/use-object-url";
import { getDb, type PhotoUploadRecord } from "../../../offline/db";
import {
  addPhoto,
  drainPhotoUploads,
  PHOTO_SYNC_MESSAGE,
  PHOTO_SYNC_TAG,
  photosOfLink,
  pruneDone,
  removePhoto,
  replaceDraft,
  submitDrafts,
  xhrSender,
} from "../../../offline/photo-upload-queue";
import { useBarHeight } from "../../../ui/bottom-stack";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ExpiredLinkPage } from "../../errors/pages";
import { CameraCapture } from "./CameraCapture";
import type { CompressedPhoto } from "./compress";
import { photoLinkApi } from "./photo-link-api";

type LinkState =
  | { kind: "loading" }
  | { kind: "ready"; view: PhotoLinkView }
  /** No answer: the link cannot be checked now; photos are still taken and queued. */
  | { kind: "offline" }
  | { kind: "closed"; message: string }
  | { kind: "failed"; message: string };

const send = xhrSender(API_BASE_URL);

function useLinkView(hash: string) {
  const [state, setState] = useState<LinkState>({ kind: "loading" });
  const load = useCallback(async () => {
    try {
      const view = await photoLinkApi.view(hash);
      setState({ kind: "ready", view });
    } catch (error) {
      if (error instanceof HttpError && error.status === 409)
        setState({ kind: "closed", message: error.message });
      else if (error instanceof HttpError && !error.hasResponse)
        setState((s) => (s.kind === "ready" ? s : { kind: "offline" }));
      else setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }, [hash]);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, reload: load };
}

function DraftCard({
  row,
  n,
  retaking,
  onRetake,
  onDelete,
}: {
  row: PhotoUploadRecord;
  n: number;
  retaking: boolean;
  onRetake(): void;
  onDelete(): void;
}) {
  const { t } = useLingui();
  const url = useObjectUrl(row.bytes, row.type);
  return (
    <Card
      withBorder
      padding={4}
      radius="md"
      bd={retaking ? "2px solid var(--mantine-primary-color-filled)" : undefined}
    >
      <Card.Section>
        {url ? <Image src={url} alt={t`Photo ${n}`} h={120} fit="cover" /> : <Box h={120} />}
      </Card.Section>
      <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
        <ActionIcon size={44} variant="light" onClick={onRetake} aria-label={t`Retake photo ${n}`}>
          <IconRefresh size={22} />
        </ActionIcon>
        <ActionIcon
          size={44}
          variant="light"
          color="red"
          onClick={onDelete}
          aria-label={t`Delete photo ${n}`}
        >
          <IconTrash size={22} />
        </ActionIcon>
      </Group>
    </Card>
  );
}

function QueueRow({
  row,
  n,
  hash,
  progress,
  online,
  onRemove,
}: {
  row: PhotoUploadRecord;
  n: number;
  hash: string;
  progress: number | undefined;
  online: boolean;
  onRemove(): void;
}) {
  const { t } = useLingui();
  const local = useObjectUrl(row.bytes, row.type);
  const thumb =
    local ??
    (row.photoId
      ? `${API_BASE_URL}/api/photo/${encodeURIComponent(hash)}/photos/${row.photoId}?size=thumb`
      : null);
  const percent = Math.round((progress ?? 0) * 100);
  const status =
    row.state === "done"
      ? t`Uploaded`
      : row.state === "failed"
        ? t`Not uploaded: ${row.error ?? ""}`
        : row.state === "sending"
          ? t`Uploading… ${percent}%`
          : !online || row.lastStatus === 0
            ? t`Waiting for a connection`
            : t`Waiting to upload`;
  return (
    <Group wrap="nowrap" gap="sm" data-state={row.state} aria-label={t`Photo ${n}: ${status}`}>
      {thumb ? (
        <Image src={thumb} alt="" w={56} h={56} radius="sm" fit="cover" />
      ) : (
        <Box w={56} h={56} bg="gray.2" style={{ borderRadius: 4 }} />
      )}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {row.state === "done" ? (
            <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
          ) : null}
          {row.state === "failed" ? <IconX size={16} color="var(--mantine-color-red-7)" aria-hidden /> : null}
          <Text size="sm" c={row.state === "failed" ? "red" : undefined} lineClamp={3}>
            {status}
          </Text>
        </Group>
        {row.state === "waiting" || row.state === "sending" ? (
          <Progress
            value={row.state === "sending" ? percent : 0}
            animated={row.state === "sending"}
            aria-label={t`Upload of photo ${n}`}
          />
        ) : null}
      </Stack>
      {row.state === "failed" || row.state === "done" ? (
        <ActionIcon
          size={44}
          variant="subtle"
          color="gray"
          onClick={onRemove}
          aria-label={t`Remove photo ${n} from this list`}
        >
          <IconX size={20} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** "1 photo", "3 photos" (the verb around it is its own message, so each branch starts with the number). */
const photoCount = (n: number) => plural(n, { one: "# photo", other: "# photos" });

/** The document title, set only while the page is shown (the 409 page sets its own). */
function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

export function TakeInventoryPhotoPage({ hash }: { hash: string }) {
  const { t } = useLingui();
  const db = getDb();
  const { online } = useNetwork();
  const { state, reload } = useLinkView(hash);
  const barHeight = useBarHeight();
  const rows = useLiveQuery(() => photosOfLink(db, hash), [hash]);
  const [retakeId, setRetakeId] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [announce, setAnnounce] = useState("");
  const [undo, setUndo] = useState<PhotoUploadRecord | null>(null);
  const draining = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const drain = useCallback((): Promise<void> => {
    if (draining.current) {
      again.current = true;
      return draining.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        const r = await drainPhotoUploads(db, {
          send,
          hash,
          onProgress: (id, f) => setProgress((p) => ({ ...p, [id]: f })),
        }).catch(() => null);
        if (!r) return;
        if (r.sent > 0) {
          setAnnounce(plural(r.sent, { one: "# photo uploaded", other: "# photos uploaded" }));
          void reload();
        }
        if (r.failed > 0) void reload();
        if (r.stopped === "offline") requestBackgroundSync(PHOTO_SYNC_TAG);
        if (r.stopped === "backoff" && r.retryAt) {
          if (retryTimer.current) clearTimeout(retryTimer.current);
          retryTimer.current = setTimeout(() => void drain(), Math.max(0, r.retryAt - Date.now()));
        }
      } while (again.current);
    })().finally(() => {
      draining.current = null;
    });
    draining.current = run;
    return run;
  }, [db, hash, reload]);

  // Send what is waiting when the page opens and whenever the connection comes back.
  useEffect(() => {
    void pruneDone(db).catch(() => undefined);
    void drain();
    const onOnline = () => {
      void reload();
      void drain();
    };
    // Leaving with photos still on their way: the service worker carries on (same keys).
    const onHide = () => navigator.serviceWorker?.controller?.postMessage({ type: PHOTO_SYNC_MESSAGE });
    window.addEventListener("online", onOnline);
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("pagehide", onHide);
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
  }, [db, drain, reload]);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), 8000);
    return () => clearTimeout(timer);
  }, [undo]);

  if (state.kind === "closed") {
    const unsent = (rows ?? []).filter((r) => r.state !== "done").length;
    return (
      <ExpiredLinkPage>
        <Stack gap="xs" align="center">
          <Text>{state.message}</Text>
          {unsent > 0 ? (
            <Text c="dimmed">
              {plural(unsent, {
                one: "# photo taken on this phone was not uploaded.",
                other: "# photos taken on this phone were not uploaded.",
              })}
            </Text>
          ) : null}
        </Stack>
      </ExpiredLinkPage>
    );
  }

  const drafts = (rows ?? []).filter((r) => r.state === "draft");
  const queue = (rows ?? []).filter((r) => r.state !== "draft");
  const onItem = state.kind === "ready" ? state.view.photos : [];
  const maxPhotos = state.kind === "ready" ? state.view.maxPhotos : 24;
  const pending = queue.filter((r) => r.state === "waiting" || r.state === "sending").length;
  const room = maxPhotos - onItem.length - pending - drafts.length;
  const retakeIndex = retakeId ? drafts.findIndex((d) => d.id === retakeId) : -1;

  const keep = async (photo: CompressedPhoto) => {
    if (retakeId && retakeIndex >= 0) {
      await replaceDraft(db, retakeId, photo);
      setAnnounce(t`Photo ${retakeIndex + 1} retaken`);
      setRetakeId(null);
      return;
    }
    await addPhoto(db, hash, photo);
    setAnnounce(t`Photo ${drafts.length + 1} taken`);
  };

  const deleteDraft = async (row: PhotoUploadRecord, n: number) => {
    if (await removePhoto(db, row.id)) {
      setUndo(row);
      if (retakeId === row.id) setRetakeId(null);
      setAnnounce(t`Photo ${n} deleted`);
    }
  };

  const upload = async () => {
    const n = await submitDrafts(db, hash);
    setRetakeId(null);
    setAnnounce(
      online
        ? t`Uploading ${photoCount(n)}`
        : plural(n, {
            one: "# photo will be uploaded when the phone is back online",
            other: "# photos will be uploaded when the phone is back online",
          }),
    );
    await drain();
  };

  const title = state.kind === "ready" ? t`Photos of ${state.view.title}` : t`Add photos`;
  const shutterLabel =
    retakeIndex >= 0 ? t`Take photo ${retakeIndex + 1} again` : t`Take photo ${drafts.length + 1}`;

  return (
    // Room at the end for the bottom action bar (shutter, Choose, Upload; ui/BottomBar.tsx).
    <Box pb={barHeight + 16}>
      <PageTitle title={title} />
      <Container size="xs" px="sm" py="md" component="main">
        <Stack gap="md">
          <div>
            <Title order={1} fz={22}>
              <Trans>Add photos</Trans>
            </Title>
            {state.kind === "ready" ? (
              <Text fw={600} lineClamp={2}>
                {state.view.title}
              </Text>
            ) : null}
            {state.kind === "loading" ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  <Trans>Checking the link…</Trans>
                </Text>
              </Group>
            ) : null}
          </div>

          {state.kind === "failed" ? (
            <Alert color="red" title={t`Could not open this photo link`} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{state.message}</Text>
                <Button size="sm" variant="light" onClick={() => void reload()}>
                  <Trans>Try again</Trans>
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {!online || state.kind === "offline" ? (
            <Alert color="blue" title={t`You are offline`}>
              <Trans>
                Keep taking photos: they stay on this phone and are uploaded when the connection is back, even
                if you close this page.
              </Trans>
            </Alert>
          ) : null}

          {room <= 0 && state.kind === "ready" ? (
            <Alert color="yellow" role="status">
              <Trans>This item has room for no more photos ({maxPhotos} at most).</Trans>
            </Alert>
          ) : null}

          {retakeIndex >= 0 ? (
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                <Trans>Retaking photo {retakeIndex + 1}</Trans>
              </Text>
              <Button variant="subtle" size="compact-md" onClick={() => setRetakeId(null)}>
                <Trans>Cancel retake</Trans>
              </Button>
            </Group>
          ) : null}

          <CameraCapture
            onPhoto={keep}
            shutterLabel={shutterLabel}
            disabled={room <= 0 && retakeIndex < 0}
            footer={
              drafts.length > 0 ? (
                <Button
                  fullWidth
                  size="lg"
                  h={56}
                  leftSection={<IconCloudUpload size={22} />}
                  onClick={() => void upload()}
                >
                  {t`Upload ${photoCount(drafts.length)}`}
                </Button>
              ) : null
            }
          />

          {undo ? (
            <Group justify="space-between" wrap="nowrap" bg="gray.1" p="xs" style={{ borderRadius: 8 }}>
              <Text size="sm">
                <Trans>Photo deleted.</Trans>
              </Text>
              <Button
                variant="subtle"
                size="compact-md"
                onClick={() => {
                  const row = undo;
                  setUndo(null);
                  void db.photoUploads.put(row).then(() => setAnnounce(t`Photo restored`));
                }}
              >
                <Trans>Undo</Trans>
              </Button>
            </Group>
          ) : null}

          {drafts.length > 0 ? (
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {plural(drafts.length, { one: "# photo to upload", other: "# photos to upload" })}
              </Title>
              <SimpleGrid cols={3} spacing="xs">
                {drafts.map((row, i) => (
                  <DraftCard
                    key={row.id}
                    row={row}
                    n={i + 1}
                    retaking={row.id === retakeId}
                    onRetake={() => setRetakeId(row.id)}
                    onDelete={() => void deleteDraft(row, i + 1)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ) : (
            <Text c="dimmed" size="sm" ta="center">
              <Trans>Take as many photos as you like, check them, then upload them together.</Trans>
            </Text>
          )}

          {queue.length > 0 ? (
            <Stack gap="sm">
              <Title order={2} fz="lg">
                <Trans>Sent from this phone</Trans>
              </Title>
              {queue.map((row, i) => (
                <QueueRow
                  key={row.id}
                  row={row}
                  n={i + 1}
                  hash={hash}
                  progress={progress[row.id]}
                  online={online}
                  onRemove={() => void removePhoto(db, row.id)}
                />
              ))}
            </Stack>
          ) : null}

          {state.kind === "ready" ? (
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={2} fz="lg">
                  <Trans>On the item</Trans>
                </Title>
                <Badge variant="light" aria-label={t`${onItem.length} of ${maxPhotos} photos`}>
                  {onItem.length} / {maxPhotos}
                </Badge>
              </Group>
              {onItem.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>No photos yet.</Trans>
                </Text>
              ) : (
                <SimpleGrid cols={4} spacing={6}>
                  {onItem.map((p, i) => (
                    <Image
                      key={p.ref}
                      src={p.id ? `${API_BASE_URL}${p.thumbUrl}` : p.thumbUrl}
                      alt={i === 0 ? t`Photo ${i + 1} (main)` : t`Photo ${i + 1}`}
                      h={80}
                      radius="sm"
                      fit="cover"
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          ) : null}

          <VisuallyHidden role="status" aria-live="polite">
            {announce}
          </VisuallyHidden>
        </Stack>
      </Container>
    </Box>
  );
}
