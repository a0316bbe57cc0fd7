/**
 * The viewfinder: the camera's whole frame with the scan area drawn on it (the same rectangle
 * the decoder reads first, `scanAreaBox`), the camera chooser when there are several, and the
 * torch, zoom and focus controls the running camera offers.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Box, Button, Group, Loader, Select, Slider, Stack, Text } from "@mantine/core";
import { IconBolt, IconBoltOff, IconFocus2 } from "@tabler/icons-react";
import { scanAreaBox } from "./scan-logic";
import type { CameraScanner } from "./use-camera-scanner";

export function CameraView({
  camera,
  idPrefix,
  repeatSeconds,
  onControlError,
}: {
  camera: CameraScanner;
  idPrefix: string;
  repeatSeconds: number;
  onControlError: (message: string) => void;
}) {
  const { t } = useLingui();
  const { state, torch, zoom, focus } = camera;
  const box = camera.frame ? scanAreaBox(camera.frame.width, camera.frame.height) : null;
  const cameraOptions = camera.cameras.map((c, i) => ({ value: c.id, label: c.label || t`Camera ${i + 1}` }));
  const running = state === "running";
  return (
    <Stack gap="xs">
      {cameraOptions.length > 1 && (
        <Select
          label={t`Camera`}
          data={cameraOptions}
          value={camera.chosenCamera ?? camera.runningCamera}
          allowDeselect={false}
          onChange={(v) => camera.chooseCamera(v)}
        />
      )}
      <Box
        pos="relative"
        bg="dark.7"
        style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden", minHeight: 220 }}
        role="img"
        aria-label={t`Camera view`}
      >
        <video
          ref={camera.videoRef}
          data-testid="scan-video"
          muted
          playsInline
          autoPlay
          style={{ display: "block", width: "100%", height: "auto" }}
        />
        {running && box && (
          <Box
            pos="absolute"
            data-testid="scan-area"
            style={{
              ...box,
              border: "3px solid var(--mantine-color-teal-4)",
              borderRadius: "var(--mantine-radius-sm)",
              boxShadow: "0 0 0 100vmax rgba(0, 0, 0, 0.25)",
              pointerEvents: "none",
            }}
          />
        )}
        {state === "starting" && (
          <Group pos="absolute" inset={0} justify="center" align="center" gap="xs">
            <Loader size="sm" color="gray.0" />
            <Text c="gray.0" size="sm">
              <Trans>Starting the camera…</Trans>
            </Text>
          </Group>
        )}
      </Box>
      {running && (torch || zoom || focus) && (
        <Group gap="md" wrap="nowrap" align="center">
          {torch && (
            <ActionIcon
              size="xl"
              variant={torch.on ? "filled" : "light"}
              aria-pressed={torch.on}
              aria-label={t`Torch`}
              onClick={() =>
                void torch.set(!torch.on).catch(() => onControlError(t`The torch could not be switched.`))
              }
            >
              {torch.on ? <IconBolt aria-hidden /> : <IconBoltOff aria-hidden />}
            </ActionIcon>
          )}
          {focus && (
            <Button
              variant="light"
              size="md"
              leftSection={<IconFocus2 size={18} aria-hidden />}
              onClick={() => void focus.refocus().catch(() => onControlError(t`The camera could not focus.`))}
            >
              <Trans>Focus</Trans>
            </Button>
          )}
          {zoom && (
            <Box style={{ flex: 1 }}>
              <Text size="xs" id={`${idPrefix}-zoom`}>
                <Trans>Zoom</Trans>
              </Text>
              <Slider
                aria-labelledby={`${idPrefix}-zoom`}
                min={zoom.min}
                max={zoom.max}
                step={zoom.step}
                value={zoom.value}
                label={(v) => `${v.toFixed(1)}×`}
                onChange={zoom.preview}
                onChangeEnd={(v) => void zoom.set(v).catch(() => undefined)}
              />
            </Box>
          )}
        </Group>
      )}
      {running && focus?.distance && (
        <Box>
          <Text size="xs" id={`${idPrefix}-focus`}>
            <Trans>Focus distance (Focus returns to autofocus)</Trans>
          </Text>
          <Slider
            aria-labelledby={`${idPrefix}-focus`}
            min={focus.distance.min}
            max={focus.distance.max}
            step={focus.distance.step}
            value={focus.distance.value ?? focus.distance.min}
            onChange={focus.distance.preview}
            onChangeEnd={(v) => void focus.distance?.set(v).catch(() => undefined)}
          />
        </Box>
      )}
      {running && (
        <Text size="xs" c="dimmed">
          <Trans>
            Hold the code inside the frame. The same code counts again after it has been out of view for{" "}
            {repeatSeconds} seconds.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}
