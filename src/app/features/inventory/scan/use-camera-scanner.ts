/**
 * The scanner's camera as React state: opens it while `wanted` (the scanner shown, the tab
 * visible, the page mounted), shows it in `videoRef`, feeds its frames to the decoder worker
 * (frame-pump.ts) and hands every decoded frame to `onFrame`; offers the camera chooser and
 * the torch, zoom and focus controls the running camera has. Stops every track when no
 * longer wanted. The rules it follows are plain functions in scan-logic.ts and camera.ts.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { listCameras, type OpenCamera, openCamera } from "./camera";
import { DecoderLoadError, warmDecoder } from "./decoder-client";
import { type DecodedFrame, startFramePump } from "./frame-pump";
import { readLocal, writeLocal } from "./local-setting";
import { type CameraChoice, type CameraProblem, cameraPrecheck, classifyCameraError } from "./scan-logic";

const CAMERA_KEY = "blocklot:scan:camera";

export type CameraState = "off" | "starting" | "running" | "problem";
/** Why there is no camera: a camera problem, or the decoder could not be loaded. */
export type CameraIssue = CameraProblem | "library";

export function useCameraScanner(wanted: boolean, onFrame: (frame: DecodedFrame) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;
  const [state, setState] = useState<CameraState>("off");
  const [problem, setProblem] = useState<CameraIssue | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [cameras, setCameras] = useState<CameraChoice[]>([]);
  const [chosenCamera, setChosenCamera] = useState<string | null>(() => readLocal(CAMERA_KEY));
  const [camera, setCamera] = useState<OpenCamera | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [focusDistance, setFocusDistance] = useState<number | null>(null);

  useEffect(() => {
    if (!wanted) {
      setState("off");
      return;
    }
    // attempt: "Try the camera again" runs this effect again
    void attempt;
    let cancelled = false;
    let open: OpenCamera | null = null;
    let pump: { stop(): void } | null = null;
    setState("starting");
    setProblem(null);
    const fail = (kind: CameraIssue) => {
      if (cancelled) return;
      pump?.stop();
      open?.stop();
      setCamera(null);
      setProblem(kind);
      setState("problem");
    };
    (async () => {
      const pre = cameraPrecheck({
        isSecureContext: window.isSecureContext,
        hasGetUserMedia: !!navigator.mediaDevices?.getUserMedia,
      });
      if (pre) return fail(pre);
      // the decoder loads while the camera starts
      const warm = warmDecoder();
      open = await openCamera(chosenCamera);
      if (cancelled) return open.stop();
      const video = videoRef.current;
      if (!video) return open.stop();
      video.srcObject = open.stream;
      await video.play().catch(() => undefined);
      try {
        await warm;
      } catch (err) {
        return fail(err instanceof DecoderLoadError ? "library" : "unknown");
      }
      if (cancelled) return;
      setCamera(open);
      setTorchOn(open.torch?.on ?? false);
      setZoom(open.zoom?.value ?? 1);
      setFocusDistance(open.focus?.distance?.value ?? null);
      setState("running");
      pump = startFramePump(
        video,
        (frame) => onFrameRef.current(frame),
        (err) => {
          if (err instanceof DecoderLoadError) fail("library");
        },
      );
      setCameras(await listCameras().catch(() => []));
    })().catch((err: unknown) =>
      fail(err instanceof DecoderLoadError ? "library" : classifyCameraError(err)),
    );
    return () => {
      cancelled = true;
      pump?.stop();
      open?.stop();
      const video = videoRef.current;
      if (video) video.srcObject = null;
      setCamera(null);
    };
  }, [wanted, chosenCamera, attempt]);

  const chooseCamera = useCallback((id: string | null) => {
    setChosenCamera(id);
    writeLocal(CAMERA_KEY, id);
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    videoRef,
    state,
    problem,
    retry,
    cameras,
    chosenCamera,
    runningCamera: camera?.deviceId ?? null,
    chooseCamera,
    /** The frame size the camera delivers (the scan area is cut from it). */
    frame: camera ? { width: camera.width, height: camera.height } : null,
    torch: camera?.torch
      ? {
          on: torchOn,
          set: async (on: boolean) => {
            await camera.torch?.set(on);
            setTorchOn(on);
          },
        }
      : null,
    zoom: camera?.zoom ? { ...camera.zoom, value: zoom, preview: setZoom } : null,
    focus: camera?.focus
      ? {
          refocus: async () => {
            await camera.focus?.refocus();
            setFocusDistance(null);
          },
          distance: camera.focus.distance
            ? { ...camera.focus.distance, value: focusDistance, preview: setFocusDistance }
            : null,
        }
      : null,
  };
}

export type CameraScanner = ReturnType<typeof useCameraScanner>;
