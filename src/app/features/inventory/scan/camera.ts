/**
 * The camera for the scanner, straight on `getUserMedia` (no scanning library in between):
 * the chosen or rear camera at its best resolution up to 1080p (`cameraConstraints`), shown
 * whole in a `<video>`, with the torch, zoom and focus controls the running track offers
 * (`getCapabilities`: mostly Chrome on Android; none on iOS Safari or Firefox).
 */
import { type CameraChoice, cameraConstraints, pickCamera, zoomRange } from "./scan-logic";

interface TorchControl {
  on: boolean;
  set(on: boolean): Promise<void>;
}

interface RangeControl {
  min: number;
  max: number;
  step: number;
  value: number;
  set(value: number): Promise<void>;
}

interface FocusControl {
  /** Focus again now (single-shot, or continuous autofocus restarted). */
  refocus(): Promise<void>;
  /** Manual focus distance, where the camera offers one (back to autofocus with refocus()). */
  distance: RangeControl | null;
}

export interface OpenCamera {
  stream: MediaStream;
  track: MediaStreamTrack;
  /** The device actually running (to show in the camera chooser). */
  deviceId: string | null;
  /** Frame size the camera delivers. */
  width: number;
  height: number;
  torch: TorchControl | null;
  zoom: RangeControl | null;
  focus: FocusControl | null;
  stop(): void;
}

/** The video inputs (labels are empty until the camera was allowed once). */
export async function listCameras(): Promise<CameraChoice[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((d) => d.kind === "videoinput").map((d) => ({ id: d.deviceId, label: d.label }));
}

type Caps = MediaTrackCapabilities & {
  torch?: boolean;
  zoom?: { min: number; max: number; step: number };
  focusMode?: string[];
  focusDistance?: { min: number; max: number; step: number };
};
type Settings = MediaTrackSettings & { torch?: boolean; zoom?: number; focusDistance?: number };

const apply = (track: MediaStreamTrack, c: Record<string, unknown>) =>
  track.applyConstraints({ advanced: [c as MediaTrackConstraintSet] });

function controls(track: MediaStreamTrack): Pick<OpenCamera, "torch" | "zoom" | "focus"> {
  const caps: Caps = typeof track.getCapabilities === "function" ? (track.getCapabilities() as Caps) : {};
  const settings = track.getSettings() as Settings;
  const torch: TorchControl | null = caps.torch
    ? {
        on: settings.torch ?? false,
        async set(on) {
          await apply(track, { torch: on });
          this.on = on;
        },
      }
    : null;
  const range = (
    cap: { min: number; max: number; step: number } | undefined,
    value: number | undefined,
    key: string,
  ) => {
    const r = zoomRange(cap ?? null);
    if (!r) return null;
    const control: RangeControl = {
      ...r,
      value: value ?? r.min,
      async set(v) {
        await apply(
          track,
          key === "focusDistance" ? { focusMode: "manual", focusDistance: v } : { [key]: v },
        );
        control.value = v;
      },
    };
    return control;
  };
  const modes = caps.focusMode ?? [];
  const auto = modes.includes("single-shot")
    ? "single-shot"
    : modes.includes("continuous")
      ? "continuous"
      : null;
  const focus: FocusControl | null = auto
    ? {
        async refocus() {
          await apply(track, { focusMode: auto });
          if (auto === "single-shot" && modes.includes("continuous"))
            await apply(track, { focusMode: "continuous" });
        },
        distance: modes.includes("manual")
          ? range(caps.focusDistance, settings.focusDistance, "focusDistance")
          : null,
      }
    : null;
  return { torch, zoom: range(caps.zoom, settings.zoom, "zoom"), focus };
}

/**
 * Opens the camera: the saved one if it is still there, else one whose label says it faces
 * away, else whatever `facingMode: environment` gives. Rejects like getUserMedia
 * (NotAllowedError, NotFoundError, NotReadableError …).
 */
export async function openCamera(savedId: string | null): Promise<OpenCamera> {
  const known = await listCameras().catch(() => []);
  const wanted = pickCamera(known, savedId);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: cameraConstraints(wanted) });
  } catch (err) {
    // the saved camera was unplugged or is taken: any rear camera will do
    if (!wanted || !(err instanceof DOMException) || !/Overconstrained|NotFound|NotReadable/.test(err.name))
      throw err;
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: cameraConstraints(null) });
  }
  const track = stream.getVideoTracks()[0];
  if (!track) throw Object.assign(new Error("no video track"), { name: "NotFoundError" });
  const caps = (typeof track.getCapabilities === "function" ? track.getCapabilities() : {}) as Caps;
  // keep the picture sharp as the code comes closer
  if (caps.focusMode?.includes("continuous"))
    await apply(track, { focusMode: "continuous" }).catch(() => undefined);
  const settings = track.getSettings();
  return {
    stream,
    track,
    deviceId: settings.deviceId ?? null,
    width: settings.width ?? 0,
    height: settings.height ?? 0,
    ...controls(track),
    stop() {
      for (const t of stream.getTracks()) t.stop();
    },
  };
}
