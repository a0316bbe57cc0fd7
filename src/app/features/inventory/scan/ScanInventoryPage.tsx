/**
 * /dashboard/scan-inventory: scan codes with the camera (or type them, or read a photo) to
 * open, count or create items — on this device, so it works offline. The camera lives in
 * use-camera-scanner.ts, what a scan does in use-scan-results.ts, the rules in scan-logic.ts
 * and symbologies.ts. See docs/warehouse.md.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  FileButton,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconCamera, IconKeyboard, IconPhoto, IconScan } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useCompanyId } from "../../../offline/company-context";
import { useSyncEngine } from "../../../offline/sync-engine";
import { usePageTitle } from "../../../ui/usePageTitle";
import { CameraView } from "./CameraView";
import { DecoderLoadError, decodePhoto } from "./decoder-client";
import { scanFeedback, unlockAudio } from "./feedback";
import { itemPath } from "./item-path";
import { readLocal, writeLocal } from "./local-setting";
import { ScanResultCard } from "./ScanResultCard";
import { ScanSessionList } from "./ScanSessionList";
import {
  normalizeCode,
  opensItem,
  parseRepeatWindow,
  REPEAT_WINDOWS,
  type ScanAction,
  type ScanMode,
} from "./scan-logic";
import { verifyRead } from "./symbologies";
import { type CameraIssue, useCameraScanner } from "./use-camera-scanner";
import { usePageVisible } from "./use-page-visible";
import { useScanResults } from "./use-scan-results";

const MODE_KEY = "blocklot:scan:mode";
const REPEAT_KEY = "blocklot:scan:repeat-ms";

type Input = "camera" | "manual";

export function ScanInventoryPage() {
  const { t } = useLingui();
  usePageTitle(t`Scan inventory`);
  const companyId = useCompanyId();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const visible = usePageVisible();
  const idPrefix = `scan-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;

  const [mode, setModeState] = useState<ScanMode>(() => (readLocal(MODE_KEY) === "count" ? "count" : "open"));
  const [repeatMs, setRepeatMs] = useState(() => parseRepeatWindow(readLocal(REPEAT_KEY)));
  const [input, setInput] = useState<Input>("camera");
  const [manualCode, setManualCode] = useState("");
  const [manualError, setManualError] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);

  const openItem = useCallback((itemId: string) => void navigate({ href: itemPath(itemId) }), [navigate]);
  const scans = useScanResults({ companyId, write: engine.write, mode, repeatWindowMs: repeatMs, openItem });
  const camera = useCameraScanner(input === "camera" && visible && !!companyId, scans.handleFrame);

  // no camera: codes are typed
  useEffect(() => {
    if (camera.problem) setInput("manual");
  }, [camera.problem]);

  const setMode = (m: ScanMode) => {
    setModeState(m);
    writeLocal(MODE_KEY, m);
    scans.resetRepeats();
  };

  const actionLabel = useCallback(
    (action: ScanAction) =>
      action === "opened" ? t`Opened` : action === "counted" ? t`Counted +1` : t`Created`,
    [t],
  );

  const problemText: Record<CameraIssue, string> = {
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
    const refused = scans.handleCode(value, "manual");
    if (refused) setManualError(refused);
    else if (normalizeCode(value).ok) setManualCode("");
  };

  const onPhoto = async (file: File | null) => {
    if (!file) return;
    unlockAudio();
    setPhotoBusy(true);
    scans.setFailure(null);
    try {
      const codes = await decodePhoto(file);
      const read = codes.find((c) => verifyRead(c.format, c.text).ok);
      if (!read) throw new Error("no code");
      scans.handleCode(read.text, "photo", { format: read.format });
    } catch (err) {
      const message =
        err instanceof DecoderLoadError
          ? problemText.library
          : t`No barcode or QR code was found in that photo. Take it closer, sharp and with the whole code in view.`;
      scans.setFailure(message);
      scans.announce(message);
      scanFeedback("error");
    } finally {
      setPhotoBusy(false);
    }
  };

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
          Point the camera at a barcode (EAN, UPC, CODE128, CODE39, ITF) or a QR or Data Matrix code. Items
          are looked up on this device, so scanning works without a connection; changes sync when you are back
          online.
        </Trans>
      </Text>

      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id={`${idPrefix}-mode`}>
          <Trans>When a code is scanned</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby={`${idPrefix}-mode`}
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
          if (v === "camera") camera.retry();
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

      {camera.problem && (
        <Alert color="orange" title={t`Camera not available`}>
          <Stack gap="xs">
            <Text size="sm">{problemText[camera.problem]}</Text>
            {camera.problem !== "insecure" && camera.problem !== "unsupported" && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setInput("camera");
                    camera.retry();
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
        <CameraView
          camera={camera}
          idPrefix={idPrefix}
          repeatSeconds={repeatMs / 1000}
          onControlError={scans.announce}
        />
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

      <Group gap="xs" align="flex-end" justify="space-between">
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
        <Select
          w={{ base: "100%", xs: 220 }}
          label={t`Count the same code again after`}
          data={REPEAT_WINDOWS.map((ms) => ({ value: String(ms), label: t`${ms / 1000} s out of view` }))}
          value={String(repeatMs)}
          allowDeselect={false}
          onChange={(v) => {
            const ms = parseRepeatWindow(v);
            setRepeatMs(ms);
            writeLocal(REPEAT_KEY, String(ms));
          }}
        />
      </Group>

      {/* what screen readers hear after each scan; the card below shows the same visually */}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="scan-announcement">
        {scans.announcement}
      </VisuallyHidden>
      {scans.failure ? (
        <Alert color="red" variant="light">
          {scans.failure}
        </Alert>
      ) : scans.latest ? (
        <ScanResultCard
          latest={scans.latest}
          item={scans.latestItem}
          entry={scans.latestEntry}
          showOpenLink={!opensItem(mode)}
          actionLabel={actionLabel}
          openItem={openItem}
        />
      ) : null}

      <ScanSessionList
        session={scans.session}
        undoTarget={scans.undoTarget}
        undoBusy={scans.undoBusy}
        onUndo={() => void scans.undo()}
        actionLabel={actionLabel}
        openItem={openItem}
      />
    </Stack>
  );
}
