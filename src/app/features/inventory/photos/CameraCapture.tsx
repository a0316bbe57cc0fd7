/**
 * The rear camera (react-webcam, `facingMode: environment`) with a shutter button for the
 * thumb, and a gallery / system-camera file picker as the fallback when the camera is
 * blocked, absent or busy. Each shot is compressed here (compress.ts) and handed on.
 * Shutter and Choose sit in the page's bottom action bar (ui/BottomBar.tsx), which notices
 * such as the cookie banner stack above instead of covering.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, AspectRatio, Box, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconCamera, IconPhotoPlus } from "@tabler/icons-react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import Webcam from "react-webcam";
import { BottomBar } from "../../../ui/BottomBar";
import { type CompressedPhoto, compressFile, compressSource, PhotoError, videoSource } from "./compress";

/** Above this, WebP encoding is too slow on this phone: JPEG is used for the next shots. */
const SLOW_WEBP_MS = 700;

type CameraState = "starting" | "ready" | "blocked" | "absent" | "insecure" | "failed";

/** Asks for a frame near 4:3 and large enough for a 2048-pixel photo; the phone picks the nearest. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: { ideal: "environment" },
  width: { ideal: 2560 },
  height: { ideal: 1920 },
};

function cameraStateOf(error: string | DOMException): CameraState {
  const name = typeof error === "string" ? error : error.name;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return "blocked";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "absent";
  return "failed";
}

function usePhotoProblemText() {
  const { t } = useLingui();
  return (error: unknown): string => {
    if (error instanceof PhotoError) {
      switch (error.problem) {
        case "no-frame":
          return t`The camera has not shown a picture yet. Wait a moment and try again.`;
        case "unreadable":
          return t`This file is not a photo this phone can read.`;
        default:
          return t`This browser cannot make photos small enough to send. Try another browser.`;
      }
    }
    return t`The photo could not be taken. Try again.`;
  };
}

export interface CameraCaptureProps {
  /** A shot, already compressed; resolve when it is kept. */
  onPhoto(photo: CompressedPhoto): Promise<void>;
  /** The shutter's label (e.g. "Take photo 3", "Retake photo 2"). */
  shutterLabel: string;
  disabled?: boolean;
  /** More of the page's actions for the bottom bar, under the shutter (e.g. Upload). */
  footer?: ReactNode;
}

export function CameraCapture({ onPhoto, shutterLabel, disabled, footer }: CameraCaptureProps) {
  const { t } = useLingui();
  const problemText = usePhotoProblemText();
  const camRef = useRef<Webcam>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hasCamera = typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia;
  const [camera, setCamera] = useState<CameraState>(hasCamera ? "starting" : "insecure");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [flash, setFlash] = useState(false);
  const jpegOnly = useRef(false);

  const shoot = useCallback(async () => {
    const video = camRef.current?.video;
    if (!video || busy) return;
    setBusy(true);
    setProblem(null);
    setFlash(true);
    setTimeout(() => setFlash(false), 120);
    try {
      // the stream can be granted before its first frame has arrived (a tap right away, a slow
      // phone): wait for one rather than capture an empty frame
      await whenVideoHasFrame(video, FIRST_FRAME_WAIT_MS);
      const started = performance.now();
      const photo = await compressSource(
        videoSource(video),
        jpegOnly.current ? { types: ["image/jpeg"] } : {},
      );
      // A phone too slow to encode WebP quickly (target 700 ms) sends JPEG from then on: about
      // five times faster to encode, about twice the bytes (the server re-encodes either way).
      if (performance.now() - started > SLOW_WEBP_MS && photo.type === "image/webp") jpegOnly.current = true;
      await onPhoto(photo);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  }, [busy, onPhoto, problemText]);

  const pickFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setProblem(null);
    try {
      for (const file of Array.from(files)) await onPhoto(await compressFile(file));
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const cameraMessage =
    camera === "blocked"
      ? t`Camera access is blocked. Allow the camera for this site in your browser's settings, or choose photos instead.`
      : camera === "absent"
        ? t`No camera was found on this device. Choose photos instead.`
        : camera === "insecure"
          ? t`The camera is not available here (it needs a secure https address). Choose photos instead.`
          : camera === "failed"
            ? t`The camera could not be started (another app may be using it). Choose photos instead.`
            : null;

  return (
    <Stack gap="sm">
      {cameraMessage ? (
        <Alert color="yellow" title={t`No camera`} role="alert">
          {cameraMessage}
        </Alert>
      ) : (
        // Portrait 3:4, at most 55% of the screen's height, so the shutter stays in the thumb's reach.
        <AspectRatio ratio={3 / 4} maw="min(480px, calc(55dvh * 0.75))" mx="auto" w="100%">
          <Box
            pos="relative"
            bg="dark.9"
            style={{ borderRadius: "var(--mantine-radius-lg)", overflow: "hidden" }}
          >
            {hasCamera ? (
              <Webcam
                ref={camRef}
                audio={false}
                muted
                playsInline
                videoConstraints={VIDEO_CONSTRAINTS}
                onUserMedia={() => setCamera("ready")}
                onUserMediaError={(error) => setCamera(cameraStateOf(error))}
                aria-label={t`Camera view`}
                style={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
              />
            ) : null}
            {camera === "starting" ? (
              <Center pos="absolute" inset={0}>
                <Loader color="white" aria-label={t`Starting the camera`} />
              </Center>
            ) : null}
            {flash ? <Box pos="absolute" inset={0} bg="white" opacity={0.6} aria-hidden="true" /> : null}
          </Box>
        </AspectRatio>
      )}
      {problem ? (
        <Text c="red" role="alert" ta="center">
          {problem}
        </Text>
      ) : null}
      <BottomBar>
        <Stack gap="xs">
          <Group justify="center" gap="lg" wrap="nowrap">
            <Button
              variant="default"
              size="lg"
              h={56}
              leftSection={<IconPhotoPlus size={22} />}
              onClick={() => fileRef.current?.click()}
              disabled={disabled || busy}
            >
              <Trans>Choose</Trans>
            </Button>
            {camera === "ready" || camera === "starting" ? (
              <Button
                size="xl"
                radius="xl"
                h={76}
                w={76}
                p={0}
                onClick={() => void shoot()}
                disabled={disabled || camera !== "ready"}
                loading={busy}
                aria-label={shutterLabel}
              >
                <IconCamera size={34} />
              </Button>
            ) : null}
          </Group>
          {footer}
        </Stack>
      </BottomBar>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t`Choose photos`}
        onChange={(e) => void pickFiles(e.currentTarget.files)}
      />
    </Stack>
  );
}

/** How long a shot waits for the camera's first frame (ms). */
const FIRST_FRAME_WAIT_MS = 5000;

/** Resolves once the video has a frame to capture (or after `ms`; the capture then says what is wrong). */
function whenVideoHasFrame(video: HTMLVideoElement, ms: number): Promise<void> {
  if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0)
    return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener("loadeddata", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    video.addEventListener("loadeddata", done);
  });
}
