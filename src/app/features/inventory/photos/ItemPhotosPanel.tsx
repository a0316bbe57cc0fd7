/**
 * The item's photos on the desktop item page (issue 7; docs/warehouse.md "Photos by link"):
 * a QR code and link for a phone to add photos (copy, turn off, expiry shown), and the item's
 * photos in order — the first is the main photo — as they arrive (the Dexie row is updated by
 * the sync pull the `sync-changed` event starts), with reorder (drag, or the move
 * buttons from the keyboard), make main, and delete with confirmation. Every change is a
 * `photos` patch through the sync engine, so it works offline and merges with the phone's.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCopy,
  IconLinkOff,
  IconPhoto,
  IconRefresh,
  IconStar,
  IconTrash,
} from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { type DragEvent, useCallback, useEffect, useRef, useState } from "react";
import { dateTimeFormat } from "../../../../domain/intl-cache";
import type { Item } from "../../../../domain/inventory/item";
import { PHOTO_LIMITS, type PhotoLink, photoIdOf } from "../../../../domain/inventory/photos";
import { HttpError } from "../../../lib/http";
import { useObjectUrl } from "../../../lib/use-object-url";
import { bulkChunkRange } from "../../../offline/bulk";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";
import { AppModal } from "../../../ui/AppModal";
import { photoLinkApi } from "./photo-link-api";
import { QrCode } from "./QrCode";

type LinkState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; link: PhotoLink }
  | { kind: "off" }
  | { kind: "expired" }
  | { kind: "error"; message: string };

/** Photo ids are immutable: each thumbnail is fetched once per page. */
const thumbs = new Map<string, Promise<Blob>>();
function thumbBlob(id: string): Promise<Blob> {
  let p = thumbs.get(id);
  if (!p) {
    p = photoLinkApi.photo(id, "thumb");
    p.catch(() => thumbs.delete(id));
    thumbs.set(id, p);
  }
  return p;
}

function PhotoImage({ photoRef, alt }: { photoRef: string; alt: string }) {
  const id = photoIdOf(photoRef);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id) return;
    let live = true;
    thumbBlob(id).then(
      (b) => live && setBlob(b),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const url = useObjectUrl(blob);
  const src = id ? url : photoRef;
  if (failed)
    return (
      <Box h={140} bg="gray.1" display="flex" style={{ alignItems: "center", justifyContent: "center" }}>
        <IconPhoto aria-label={alt} color="var(--mantine-color-gray-5)" />
      </Box>
    );
  if (!src) return <Box h={140} bg="gray.1" aria-label={alt} role="img" />;
  return <Image src={src} alt={alt} h={140} fit="cover" />;
}

/** Moves the element at `from` to `to` (a copy). */
function movePhoto(photos: readonly string[], from: number, to: number): string[] {
  const next = [...photos];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as string);
  return next;
}

function usePhotoLink(item: Item | null | undefined) {
  const [state, setState] = useState<LinkState>({ kind: "idle" });
  // an imported item is saved at version 1 before its chunk reaches the server (offline/bulk.ts)
  const batchId = item?.batchId ?? null;
  const chunkQueued = useLiveQuery(
    async () => {
      if (!batchId) return false;
      const { lower, upper } = bulkChunkRange(batchId);
      return (await getDb().outbox.where("[entity+id]").between(lower, upper).count()) > 0;
    },
    [batchId],
    true,
  );
  const synced = !!item && item.version > 0 && !chunkQueued;
  const itemId = item?.id;
  const explain = useErrorText();

  const run = useCallback(
    async (how: "create" | "renew") => {
      if (!itemId) return;
      setState({ kind: "loading" });
      try {
        const link = how === "renew" ? await photoLinkApi.renew(itemId) : await photoLinkApi.create(itemId);
        setState({ kind: "ready", link });
      } catch (error) {
        setState({ kind: "error", message: explain(error) });
      }
    },
    [itemId, explain],
  );

  // Ask for the link once the item is on the server (an item made offline has no link yet).
  useEffect(() => {
    if (synced && state.kind === "idle") void run("create");
  }, [synced, state.kind, run]);

  // Show the link as expired when its time comes.
  const expiresAt = state.kind === "ready" ? Date.parse(state.link.expiresAt) : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const left = expiresAt - Date.now();
    if (left > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setState({ kind: "expired" }), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const revoke = async () => {
    if (!itemId) return;
    await photoLinkApi.revoke(itemId);
    setState({ kind: "off" });
  };
  return { state, synced, create: () => run("create"), renew: () => run("renew"), revoke };
}

function useErrorText() {
  const { t } = useLingui();
  return useCallback(
    (error: unknown) =>
      error instanceof HttpError && !error.hasResponse
        ? t`No connection: the photo link needs the server. It will be made when you are back online.`
        : error instanceof Error
          ? error.message
          : String(error),
    [t],
  );
}

function LinkSection({ item }: { item: Item | null | undefined }) {
  const { t, i18n } = useLingui();
  const { state, synced, create, renew, revoke } = usePhotoLink(item);
  const [confirmOff, setConfirmOff] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [offError, setOffError] = useState<string | null>(null);
  const explain = useErrorText();

  // Reconnected after an offline failure: try again.
  useEffect(() => {
    if (state.kind !== "error") return;
    const retry = () => void create();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [state.kind, create]);

  const turnOff = async () => {
    setTurningOff(true);
    setOffError(null);
    try {
      await revoke();
      setConfirmOff(false);
    } catch (error) {
      setOffError(explain(error));
    } finally {
      setTurningOff(false);
    }
  };

  if (item && !synced) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>The photo link appears once this item has reached the server.</Trans>
      </Text>
    );
  }
  if (state.kind === "idle" || state.kind === "loading")
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Making the photo link…</Trans>
        </Text>
      </Group>
    );
  if (state.kind === "error")
    return (
      <Alert color="yellow" title={t`No photo link`} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button size="xs" variant="light" onClick={() => void create()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  if (state.kind === "off" || state.kind === "expired")
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" role="status">
          {state.kind === "off" ? (
            <Trans>The photo link is turned off: phones that have it can no longer add photos.</Trans>
          ) : (
            <Trans>The photo link has expired.</Trans>
          )}
        </Text>
        <Button size="sm" leftSection={<IconRefresh size={16} />} onClick={() => void renew()}>
          <Trans>Make a new link</Trans>
        </Button>
      </Stack>
    );

  const { link } = state;
  const until = dateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(link.expiresAt),
  );
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Box
        p={4}
        bg="white"
        style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
      >
        <QrCode value={link.url} size={176} label={t`QR code of the photo link`} />
      </Box>
      <Stack gap="xs" style={{ flex: "1 1 260px", minWidth: 0 }}>
        <Text size="sm">
          <Trans>
            Scan the code with a phone to take photos of this item. No sign-in is needed on the phone.
          </Trans>
        </Text>
        <TextInput
          readOnly
          value={link.url}
          label={t`Photo link`}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="photo-link-url"
        />
        <Text size="sm" c="dimmed">
          <Trans>Valid until {until}</Trans>
        </Text>
        <Group gap="xs">
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                size="sm"
                variant="light"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t`Copied` : t`Copy link`}
              </Button>
            )}
          </CopyButton>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconLinkOff size={16} />}
            onClick={() => setConfirmOff(true)}
          >
            <Trans>Turn off link</Trans>
          </Button>
        </Group>
      </Stack>
      <AppModal
        opened={confirmOff}
        onClose={() => setConfirmOff(false)}
        title={t`Turn off the photo link?`}
        centered
      >
        <Stack>
          <Text>
            <Trans>
              Phones that have this link (or its QR code) can no longer add photos. Photos already added stay.
            </Trans>
          </Text>
          {offError ? (
            <Text c="red" size="sm" role="alert">
              {offError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOff(false)} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" onClick={() => void turnOff()} loading={turningOff}>
              <Trans>Turn off</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Group>
  );
}

export function ItemPhotosPanel({ itemId }: { itemId: string }) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const item = useLiveQuery(async () => (await getDb().items.get(itemId)) ?? null, [itemId]);
  const photos = item?.photos ?? [];
  const max = PHOTO_LIMITS.maxPhotosPerItem;
  const [announce, setAnnounce] = useState("");
  const [toDelete, setToDelete] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const seen = useRef<Set<string> | null>(null);

  // Say when photos arrive from elsewhere (a phone, another tab).
  useEffect(() => {
    if (!item) return;
    const before = seen.current;
    seen.current = new Set(item.photos);
    if (!before) return;
    const added = item.photos.filter((p) => !before.has(p)).length;
    if (added > 0) setAnnounce(plural(added, { one: "# new photo arrived", other: "# new photos arrived" }));
  }, [item]);

  const write = async (next: string[], message: string) => {
    setError(null);
    // Our own change is not an arrival.
    seen.current = new Set(next);
    try {
      await engine.write.patch("item", itemId, { photos: next });
      setAnnounce(message);
    } catch (e) {
      setError(t`The photos were not changed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const move = (from: number, to: number) =>
    void write(
      movePhoto(photos, from, to),
      to === 0
        ? t`Photo ${from + 1} is now the main photo`
        : t`Photo ${from + 1} moved to position ${to + 1}`,
    );

  const confirmDelete = async () => {
    if (toDelete === null) return;
    const n = toDelete + 1;
    setToDelete(null);
    await write(
      photos.filter((_, i) => i !== toDelete),
      t`Photo ${n} deleted`,
    );
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="item-photos-title">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="item-photos-title">
            <Trans>Photos</Trans>
          </Title>
          {item ? (
            <Badge variant="light" aria-label={t`${photos.length} of ${max} photos`}>
              {photos.length} / {max}
            </Badge>
          ) : null}
        </Group>

        <LinkSection item={item} />

        {item === undefined ? (
          <Loader size="sm" aria-label={t`Loading the photos`} />
        ) : item === null ? (
          <Text c="dimmed">
            <Trans>This item is not on this device.</Trans>
          </Text>
        ) : photos.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No photos yet. Photos taken with the link appear here as they arrive.</Trans>
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 2, xs: 3, md: 4 }}
            spacing="sm"
            component="ol"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {photos.map((ref, i) => {
              const n = i + 1;
              const alt = i === 0 ? t`Photo ${n} (main)` : t`Photo ${n}`;
              return (
                <Card
                  key={ref}
                  component="li"
                  withBorder
                  padding={6}
                  radius="md"
                  draggable
                  onDragStart={() => setDragFrom(i)}
                  onDragEnd={() => setDragFrom(null)}
                  onDragOver={(e: DragEvent) => e.preventDefault()}
                  onDrop={(e: DragEvent) => onDrop(e, i)}
                  data-testid="item-photo"
                  style={{ opacity: dragFrom === i ? 0.5 : 1, cursor: "grab" }}
                >
                  <Card.Section>
                    <PhotoImage photoRef={ref} alt={alt} />
                  </Card.Section>
                  <Group justify="space-between" mt={6} gap={2} wrap="nowrap">
                    {i === 0 ? (
                      <Badge size="sm" leftSection={<IconStar size={12} />}>
                        <Trans>Main</Trans>
                      </Badge>
                    ) : (
                      <ActionIcon
                        size="lg"
                        variant="subtle"
                        onClick={() => move(i, 0)}
                        aria-label={t`Make photo ${n} the main photo`}
                      >
                        <IconStar size={18} />
                      </ActionIcon>
                    )}
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        size="lg"
                        variant="subtle"
                        onClick={() => move(i, i - 1)}
                        disabled={i === 0}
                        aria-label={t`Move photo ${n} earlier`}
                      >
                        <IconArrowLeft size={18} />
                      </ActionIcon>
                      <ActionIcon
                        size="lg"
                        variant="subtle"
                        onClick={() => move(i, i + 1)}
                        disabled={i === photos.length - 1}
                        aria-label={t`Move photo ${n} later`}
                      >
                        <IconArrowRight size={18} />
                      </ActionIcon>
                      <ActionIcon
                        size="lg"
                        variant="subtle"
                        color="red"
                        onClick={() => setToDelete(i)}
                        aria-label={t`Delete photo ${n}`}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <VisuallyHidden role="status" aria-live="polite">
          {announce}
        </VisuallyHidden>
      </Stack>

      <AppModal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t`Delete this photo?`}
        centered
      >
        <Stack>
          {toDelete !== null && photos[toDelete] ? (
            <Box maw={200}>
              <PhotoImage photoRef={photos[toDelete] as string} alt={t`Photo ${toDelete + 1}`} />
            </Box>
          ) : null}
          <Text>
            <Trans>It is removed from the item on every device.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" onClick={() => void confirmDelete()}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Card>
  );
}
