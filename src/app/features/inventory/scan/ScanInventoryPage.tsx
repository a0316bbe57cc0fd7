import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconArrowBackUp,
  IconBolt,
  IconBoltOff,
  IconCamera,
  IconKeyboard,
  IconPhoto,
  IconScan,
} from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import {
  type FormEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { newId } from "../../../../sync/outbox";
import { getDb } from "../../../offline/db";
import { useCompanyId, useSyncEngine } from "../../../offline/sync-provider";
import { usePageTitle } from "../../../ui/usePageTitle";
import { applyScan, type ScanContext, undoScan } from "./apply-scan";
import {
  listCameras,
  type RunningScanner,
  scanImageFile,
  startScanner,
  type TorchControl,
  type ZoomControl,
} from "./camera-scanner";
import { scanFeedback, unlockAudio } from "./feedback";
import {
  type CameraChoice,
  type CameraProblem,
  cameraPrecheck,
  classifyCameraError,
  createCodeDebouncer,
  createSerialQueue,
  normalizeCode,
  opensItem,
  pickCamera,
  type ScanAction,
  type ScanMode,
  type ScanSource,
  zoomRange,
} from "./scan-logic";
import { createSessionStore, lastUndoable, type ScanEntry, type SessionStore } from "./scan-session";

/** The item's page (issue 7: a found code opens it). */
export const itemPath = (itemId: string) => `/dashboard/${encodeURIComponent(itemId)}/update-inventory`;

const MODE_KEY = "blocklot:scan:mode";
const CAMERA_KEY = "blocklot:scan:camera";

type Input = "camera" | "manual";
type CameraState = "off" | "starting" | "running" | "problem";

/** Performance marks per scan (read by tests/bench/scan.ts): decoded → found → shown. */
export const SCAN_MEASURE = "scan:decode-to-shown";

const stores = new Map<string, SessionStore>();
function sessionStoreFor(companyId: string): SessionStore {
  let s = stores.get(companyId);
  if (!s) {
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = null;
    }
    s = createSessionStore(storage, `blocklot:scan:session:${companyId}`);
    stores.set(companyId, s);
  }
  return s;
}

function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeLocal(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === "undefined" || !document.hidden);
  useEffect(() => {
    const on = () => setVisible(!document.hidden);
    document.addEventListener("visibilitychange", on);
    return () => document.removeEventListener("visibilitychange", on);
  }, []);
  return visible;
}

interface Latest {
  entry: ScanEntry;
  mark: string;
}

let scanSeq = 0;

/** /dashboard/scan-inventory: scan codes with the camera (or type them) to open, count or create items. */
export function ScanInventoryPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Scan inventory`);
  const companyId = useCompanyId();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const visible = usePageVisible();
  const viewfinderId = `scan-viewfinder-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const photoAreaId = `${viewfinderId}-photo`;

  const [mode, setModeState] = useState<ScanMode>(() => (readLocal(MODE_KEY) === "count" ? "count" : "open"));
  const [input, setInput] = useState<Input>("camera");
  const [cameras, setCameras] = useState<CameraChoice[] | null>(null);
  const [chosenCamera, setChosenCamera] = useState<string | null>(() => readLocal(CAMERA_KEY));
  const [runningCamera, setRunningCamera] = useState<string | null>(null);
  const [camState, setCamState] = useState<CameraState>("off");
  const [problem, setProblem] = useState<CameraProblem | "library" | null>(null);
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const [torch, setTorch] = useState<TorchControl | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const [zoom, setZoom] = useState<ZoomControl | null>(null);
  const [zoomValue, setZoomValue] = useState(1);
  const [manualCode, setManualCode] = useState("");
  const [manualError, setManualError] = useState<string | null>(null);
  const [latest, setLatest] = useState<Latest | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [undoBusy, setUndoBusy] = useState(false);

  const store = useMemo(() => (companyId ? sessionStoreFor(companyId) : null), [companyId]);
  const emptyList = useMemo<ScanEntry[]>(() => [], []);
  const session = useSyncExternalStore(
    useCallback((l: () => void) => store?.subscribe(l) ?? (() => undefined), [store]),
    () => store?.get() ?? emptyList,
    () => emptyList,
  );
  const undoTarget = lastUndoable(session);

  const debouncer = useMemo(() => createCodeDebouncer(2000), []);
  const queue = useMemo(() => createSerialQueue(), []);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const setMode = (m: ScanMode) => {
    setModeState(m);
    writeLocal(MODE_KEY, m);
    debouncer.reset();
  };

  const actionLabel = useCallback(
    (action: ScanAction) =>
      action === "opened" ? t`Opened` : action === "counted" ? t`Counted +1` : t`Created`,
    [t],
  );

  const ctx = useMemo<ScanContext | null>(
    () =>
      companyId
        ? {
            db: getDb(),
            write: engine.write,
            companyId,
            newId,
            placeholder: (code) => ({
              title: t`Scanned ${code}`,
              description: t`Created by scanning code ${code}. Replace this with a description.`,
            }),
          }
        : null,
    [companyId, engine, t],
  );

  const openItem = useCallback(
    (itemId: string) => {
      void navigate({ href: itemPath(itemId) });
    },
    [navigate],
  );

  /** Every code, from the camera, the keyboard or a photo. */
  const handleCode = useCallback(
    (raw: string, source: ScanSource) => {
      const mark = `scan:${++scanSeq}`;
      performance.mark(`${mark}:decoded`);
      const checked = normalizeCode(raw);
      if (!checked.ok) {
        if (source === "camera") return; // noise
        const message =
          checked.reason === "empty"
            ? t`Enter a barcode or SKU.`
            : t`That code is longer than 64 characters; no item can have it.`;
        if (source === "manual") setManualError(message);
        else setFailure(message);
        setAnnouncement(message);
        scanFeedback("error");
        return;
      }
      const { code } = checked;
      if (source === "camera" && !debouncer.accept(code, Date.now())) return;
      if (!ctx || !store) return;
      const scanMode = modeRef.current;
      void queue(async () => {
        try {
          const outcome = await applyScan(ctx, code, scanMode);
          performance.mark(`${mark}:found`);
          const entry = store.add({
            at: Date.now(),
            code,
            source,
            itemId: outcome.item.id,
            title: outcome.item.title,
            action: outcome.action,
            quantity: outcome.item.quantity,
          });
          scanFeedback(outcome.action === "created" ? "created" : "found");
          setFailure(null);
          setLatest({ entry, mark });
          const title = outcome.item.title;
          const qty = outcome.item.quantity;
          setAnnouncement(
            outcome.action === "opened"
              ? t`Found ${title} (code ${code}). Opening it.`
              : outcome.action === "counted"
                ? t`Added 1 to ${title}. Quantity now ${qty}.`
                : opensItem(scanMode)
                  ? t`No item has code ${code}. Created ${title}; opening it.`
                  : t`No item has code ${code}. Created ${title} with quantity 1.`,
          );
          if (opensItem(scanMode)) openItem(outcome.item.id);
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          const message = t`Could not record code ${code}: ${why}`;
          setFailure(message);
          setAnnouncement(message);
          scanFeedback("error");
        }
      });
    },
    [ctx, store, queue, debouncer, t, openItem],
  );
  const handleCodeRef = useRef(handleCode);
  handleCodeRef.current = handleCode;

  // The item of the latest scan shown + the "shown" mark once React has committed it.
  const latestItem = useLiveQuery(
    () => (latest ? getDb().items.get(latest.entry.itemId) : undefined),
    [latest?.entry.itemId],
  );
  const latestEntry = latest ? (session.find((e) => e.id === latest.entry.id) ?? latest.entry) : null;
  const markedRef = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!latest || markedRef.current === latest.mark) return;
    markedRef.current = latest.mark;
    const { mark } = latest;
    // the next frame is the one that paints the result
    requestAnimationFrame(() => {
      try {
        performance.mark(`${mark}:shown`);
        performance.measure(SCAN_MEASURE, `${mark}:decoded`, `${mark}:shown`);
      } catch {
        // marks cleared meanwhile
      }
    });
  }, [latest]);

  // The camera: on only while the scanner is shown, the tab visible and the page mounted.
  const cameraWanted = input === "camera" && visible && !!companyId;
  useEffect(() => {
    if (!cameraWanted) {
      setCamState("off");
      return;
    }
    // cameraAttempt: "Try the camera again" restarts this effect
    void cameraAttempt;
    const ac = new AbortController();
    let running: RunningScanner | null = null;
    setCamState("starting");
    setProblem(null);
    (async () => {
      const pre = cameraPrecheck({
        isSecureContext: window.isSecureContext,
        hasGetUserMedia: !!navigator.mediaDevices?.getUserMedia,
      });
      if (pre)
        throw Object.assign(new Error(pre), { name: pre === "insecure" ? "insecure" : "NotSupportedError" });
      let list: CameraChoice[];
      try {
        list = await listCameras();
      } catch (err) {
        if (err instanceof Error && /dynamically imported module|Loading chunk|fetch/i.test(err.message)) {
          throw Object.assign(new Error("library"), { name: "library" });
        }
        throw err;
      }
      if (ac.signal.aborted) return;
      setCameras(list);
      if (list.length === 0) throw Object.assign(new Error("no camera"), { name: "NotFoundError" });
      const cameraId = pickCamera(list, chosenCamera);
      running = await startScanner({
        elementId: viewfinderId,
        cameraId,
        signal: ac.signal,
        onDecode: (text) => handleCodeRef.current(text, "camera"),
      });
      if (!running || ac.signal.aborted) return;
      setRunningCamera(running.deviceId ?? cameraId);
      setTorch(running.torch);
      setTorchOn(running.torch?.on ?? false);
      setZoom(running.zoom);
      setZoomValue(running.zoom?.value ?? 1);
      setCamState("running");
    })().catch((err: unknown) => {
      if (ac.signal.aborted) return;
      const kind = err instanceof Error && err.name === "library" ? "library" : classifyCameraError(err);
      setProblem(kind);
      setCamState("problem");
      setInput("manual");
    });
    return () => {
      ac.abort();
      const r = running;
      running = null;
      setTorch(null);
      setZoom(null);
      if (r) void r.stop();
    };
  }, [cameraWanted, chosenCamera, cameraAttempt, viewfinderId]);

  const problemText: Record<CameraProblem | "library", string> = {
    denied: t`Camera access was refused. Allow the camera for this site in your browser's settings (the camera or lock icon by the address), then try again — or type the code below.`,
    absent: t`No camera was found on this device. Type the code below or scan a photo of it.`,
    busy: t`The camera is in use by another app or could not start. Close the other app and try again, or type the code below.`,
    insecure: t`Browsers only allow the camera on secure (https) pages. Type the code below or scan a photo of it.`,
    unsupported: t`This browser cannot use a camera for scanning. Type the code below or scan a photo of it.`,
    unknown: t`The camera could not be started. Try again, or type the code below.`,
    library: t`The scanner could not be loaded (you may be offline and this page was not saved yet). Type the code below.`,
  };

  const onManualSubmit = (e: FormEvent) => {
    e.preventDefault();
    unlockAudio();
    setManualError(null);
    const value = manualCode;
    handleCode(value, "manual");
    if (normalizeCode(value).ok) setManualCode("");
  };

  const onPhoto = async (file: File | null) => {
    if (!file) return;
    unlockAudio();
    setPhotoBusy(true);
    setFailure(null);
    try {
      const text = await scanImageFile(photoAreaId, file);
      handleCode(text, "photo");
    } catch (err) {
      const loadFailed =
        err instanceof Error && /dynamically imported module|Loading chunk/i.test(err.message);
      const message = loadFailed
        ? problemText.library
        : t`No barcode or QR code was found in that photo. Take it closer, sharp and with the whole code in view.`;
      setFailure(message);
      setAnnouncement(message);
      scanFeedback("error");
    } finally {
      setPhotoBusy(false);
    }
  };

  const onUndo = async () => {
    if (!undoTarget || !store || !ctx) return;
    setUndoBusy(true);
    try {
      const res = await queue(() => undoScan(ctx, undoTarget));
      store.markUndone(undoTarget.id);
      debouncer.reset();
      const title = undoTarget.title;
      setAnnouncement(
        res.result === "gone"
          ? t`${title} no longer exists here; nothing to undo.`
          : undoTarget.action === "counted"
            ? t`Undone: took 1 back from ${title}.`
            : t`Undone: deleted ${title}.`,
      );
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      setAnnouncement(t`Could not undo: ${why}`);
      setFailure(t`Could not undo: ${why}`);
    } finally {
      setUndoBusy(false);
    }
  };

  const cameraOptions = (cameras ?? []).map((c, i) => ({
    value: c.id,
    label: c.label || t`Camera ${i + 1}`,
  }));
  const zoomSteps = zoom ? zoomRange(zoom) : null;
  const time = (at: number) => i18n.date(new Date(at), { timeStyle: "medium" });

  if (!companyId) {
    return (
      <Stack gap="md">
        <Title order={1}>
          <Trans>Scan inventory</Trans>
        </Title>
        <Alert color="yellow">
          <Trans>Scanning needs a company: join or create one on the Company account page first.</Trans>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={560} mx="auto" w="100%" onPointerDown={unlockAudio} onKeyDown={unlockAudio}>
      <Title order={1}>
        <Trans>Scan inventory</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>
          Point the camera at a barcode (CODE128, EAN-13, UPC-A) or QR code. Items are looked up on this
          device, so scanning works without a connection; changes sync when you are back online.
        </Trans>
      </Text>

      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id={`${viewfinderId}-mode`}>
          <Trans>When a code is scanned</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby={`${viewfinderId}-mode`}
          fullWidth
          value={mode}
          onChange={(v) => setMode(v as ScanMode)}
          data={[
            { value: "open", label: t`Open the item` },
            { value: "count", label: t`Count +1` },
          ]}
        />
      </Stack>

      <SegmentedControl
        aria-label={t`How to enter codes`}
        fullWidth
        value={input}
        onChange={(v) => {
          setInput(v as Input);
          if (v === "camera") setCameraAttempt((n) => n + 1);
        }}
        data={[
          {
            value: "camera",
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconCamera size={16} aria-hidden />
                <span>{t`Camera`}</span>
              </Group>
            ),
          },
          {
            value: "manual",
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconKeyboard size={16} aria-hidden />
                <span>{t`Type a code`}</span>
              </Group>
            ),
          },
        ]}
      />

      {problem && (
        <Alert color="orange" title={t`Camera not available`}>
          <Stack gap="xs">
            <Text size="sm">{problemText[problem]}</Text>
            {problem !== "insecure" && problem !== "unsupported" && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setInput("camera");
                    setCameraAttempt((n) => n + 1);
                  }}
                >
                  <Trans>Try the camera again</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}

      <Stack gap="xs" display={input === "camera" ? undefined : "none"}>
        {cameraOptions.length > 1 && (
          <Select
            label={t`Camera`}
            data={cameraOptions}
            value={chosenCamera ?? runningCamera}
            allowDeselect={false}
            onChange={(v) => {
              setChosenCamera(v);
              writeLocal(CAMERA_KEY, v);
            }}
          />
        )}
        <Box
          pos="relative"
          bg="dark.7"
          style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden", minHeight: 220 }}
        >
          <div id={viewfinderId} aria-label={t`Camera view`} role="img" style={{ width: "100%" }} />
          {camState === "starting" && (
            <Group pos="absolute" inset={0} justify="center" align="center" gap="xs">
              <Loader size="sm" color="gray.0" />
              <Text c="gray.0" size="sm">
                <Trans>Starting the camera…</Trans>
              </Text>
            </Group>
          )}
        </Box>
        {camState === "running" && (torch || zoomSteps) && (
          <Group gap="md" wrap="nowrap" align="center">
            {torch && (
              <ActionIcon
                size="xl"
                variant={torchOn ? "filled" : "light"}
                aria-pressed={torchOn}
                aria-label={t`Torch`}
                onClick={async () => {
                  const next = !torchOn;
                  try {
                    await torch.set(next);
                    setTorchOn(next);
                  } catch {
                    setAnnouncement(t`The torch could not be switched.`);
                  }
                }}
              >
                {torchOn ? <IconBolt aria-hidden /> : <IconBoltOff aria-hidden />}
              </ActionIcon>
            )}
            {zoom && zoomSteps && (
              <Box style={{ flex: 1 }}>
                <Text size="xs" id={`${viewfinderId}-zoom`}>
                  <Trans>Zoom</Trans>
                </Text>
                <Slider
                  aria-labelledby={`${viewfinderId}-zoom`}
                  min={zoomSteps.min}
                  max={zoomSteps.max}
                  step={zoomSteps.step}
                  value={zoomValue}
                  label={(v) => `${v.toFixed(1)}×`}
                  onChange={setZoomValue}
                  onChangeEnd={(v) => void zoom.set(v).catch(() => undefined)}
                />
              </Box>
            )}
          </Group>
        )}
        {camState === "running" && (
          <Text size="xs" c="dimmed">
            <Trans>
              Hold the code inside the frame. The same code counts again after it has been out of view for 2
              seconds.
            </Trans>
          </Text>
        )}
      </Stack>

      {input === "manual" && (
        <form onSubmit={onManualSubmit} noValidate>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t`Barcode or SKU`}
              value={manualCode}
              onChange={(e) => {
                setManualCode(e.currentTarget.value);
                setManualError(null);
              }}
              error={manualError}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              data-autofocus
            />
            <Button type="submit" leftSection={<IconScan size={16} aria-hidden />}>
              <Trans>Look up</Trans>
            </Button>
          </Group>
        </form>
      )}

      <Group gap="xs">
        <FileButton onChange={(f) => void onPhoto(f)} accept="image/*">
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={photoBusy}
              leftSection={<IconPhoto size={16} aria-hidden />}
            >
              <Trans>Scan a photo</Trans>
            </Button>
          )}
        </FileButton>
        <div id={photoAreaId} hidden />
      </Group>

      {/* what screen readers hear after each scan; the card below shows the same visually */}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="scan-announcement">
        {announcement}
      </VisuallyHidden>
      {failure ? (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      ) : latest ? (
        <Card withBorder padding="sm" data-testid="scan-result">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {latestItem?.title ?? latest.entry.title}
              </Text>
              <Text size="sm" c="dimmed">
                {t`Code ${latest.entry.code}`} ·{" "}
                {latestEntry?.undone && latestEntry.action === "created"
                  ? t`deleted`
                  : t`Quantity ${latestItem?.quantity ?? latest.entry.quantity}`}
                {latestItem?.location ? ` · ${t`Location ${latestItem.location}`}` : ""}
              </Text>
            </Stack>
            <Badge color={latest.entry.action === "created" ? "grape" : "teal"} variant="light">
              {latestEntry?.undone ? t`Undone` : actionLabel(latest.entry.action)}
            </Badge>
          </Group>
          {latestItem && !opensItem(mode) && (
            <Anchor
              href={itemPath(latestItem.id)}
              size="sm"
              mt="xs"
              onClick={(e: MouseEvent) => {
                e.preventDefault();
                openItem(latestItem.id);
              }}
            >
              <Trans>Open this item</Trans>
            </Anchor>
          )}
        </Card>
      ) : null}

      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            <Trans>This session</Trans>
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!undoTarget}
            loading={undoBusy}
            onClick={() => void onUndo()}
            aria-label={
              undoTarget
                ? undoTarget.action === "counted"
                  ? t`Undo: take 1 back from ${undoTarget.title}`
                  : t`Undo: delete ${undoTarget.title}`
                : t`Undo`
            }
          >
            <Trans>Undo</Trans>
          </Button>
        </Group>
        {session.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No scans yet. Scanned codes are listed here, newest first.</Trans>
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {plural(session.length, { one: "# scan", other: "# scans" })}
            </Text>
            <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Scans`}>
              {session.map((e) => (
                <Card key={e.id} component="li" withBorder padding="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      {e.action === "created" && e.undone ? (
                        <Text size="sm" fw={500} truncate td="line-through">
                          {e.title}
                        </Text>
                      ) : (
                        <Anchor
                          size="sm"
                          fw={500}
                          truncate
                          href={itemPath(e.itemId)}
                          onClick={(ev: MouseEvent) => {
                            ev.preventDefault();
                            openItem(e.itemId);
                          }}
                        >
                          {e.title}
                        </Anchor>
                      )}
                      <Text size="xs" c="dimmed">
                        <time dateTime={new Date(e.at).toISOString()}>{time(e.at)}</time> · {e.code}
                      </Text>
                    </Stack>
                    <Badge
                      variant={e.undone ? "outline" : "light"}
                      color={e.undone ? "gray" : e.action === "created" ? "grape" : "teal"}
                      style={{ flexShrink: 0 }}
                    >
                      {e.undone ? t`Undone` : actionLabel(e.action)}
                    </Badge>
                  </Group>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}
