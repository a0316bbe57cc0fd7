/**
 * The scanner's pure rules (no DOM, no Dexie): what a decoded code is, when the same code is
 * ignored, which action a scan leads to, the fields of an item made from an unknown code, and
 * what a camera failure means for the person holding the phone. Tested in scan-logic.test.ts.
 */
import {
  ITEM_CONDITIONS,
  ITEM_LIMITS,
  type ItemFields,
  newItemFields,
  PUBLICATION_STATUS,
} from "../../../../domain/inventory/item";

/** "open": a found item opens; "count": a found item gets +1 and the scanner stays. */
export type ScanMode = "open" | "count";

/** What a scan did: opened a found item, added 1 to it, or created an item for an unknown code. */
export type ScanAction = "opened" | "counted" | "created";

/** Where a code came from. */
export type ScanSource = "camera" | "manual" | "photo";

export type CodeCheck = { ok: true; code: string } | { ok: false; reason: "empty" | "too-long" };

/**
 * A decoded or typed code as it is looked up and stored: control characters (a CODE128's
 * FNC1 group separator, a scanner's trailing CR) become nothing, surrounding spaces go.
 * Longer than the barcode/SKU limit (64) is refused: no item could hold it.
 */
export function normalizeCode(raw: string): CodeCheck {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const code = raw.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (code === "") return { ok: false, reason: "empty" };
  if (code.length > Math.min(ITEM_LIMITS.barcodeMax, ITEM_LIMITS.skuMax))
    return { ok: false, reason: "too-long" };
  return { ok: true, code };
}

/** The repeat windows a person can choose (ms): how long a code must be out of view to count again. */
export const REPEAT_WINDOWS = [1000, 2000, 3000, 5000] as const;
const DEFAULT_REPEAT_WINDOW = 2000;

/** A stored repeat window, or the default when it is not one of the choices. */
export function parseRepeatWindow(stored: string | null): number {
  const n = Number(stored);
  return (REPEAT_WINDOWS as readonly number[]).includes(n) ? n : DEFAULT_REPEAT_WINDOW;
}

/**
 * Continuous scanning reports a code on every frame it is in view. A code is taken once; the
 * same code again is ignored until it has been out of view for `windowMs` (every sighting
 * restarts the wait), so a label held in front of the camera counts once and counting the
 * next identical item means moving away for a moment. A frame applies at most one new code
 * (a box with its EAN and its SKU label in view is one scan); every code in the frame counts
 * as seen, so the other one does not follow on the next frame.
 */
export function createCodeDebouncer(windowMs = DEFAULT_REPEAT_WINDOW) {
  const seen = new Map<string, number>();
  let window = windowMs;
  const fresh = (code: string, now: number) => {
    const at = seen.get(code);
    return at === undefined || now - at >= window;
  };
  return {
    /** The first code of a frame that was not in view within the window (null: none). */
    acceptFrame(codes: readonly string[], now: number): string | null {
      const taken = codes.find((c) => fresh(c, now)) ?? null;
      for (const c of codes) seen.set(c, now);
      if (seen.size > 64) for (const [c, at] of seen) if (now - at >= window) seen.delete(c);
      return taken;
    },
    accept(code: string, now: number): boolean {
      return this.acceptFrame([code], now) !== null;
    },
    /** Whether this code would be taken now (not in view within the window); marks nothing. */
    isFresh(code: string, now: number): boolean {
      return fresh(code, now);
    },
    /** Forget the codes seen (after a mode switch or an undo, the same label may count again). */
    reset() {
      seen.clear();
    },
    setWindow(ms: number) {
      window = ms;
    },
  };
}

/** The action a scan leads to, given whether the code matched an item. */
export function decideAction(mode: ScanMode, found: boolean): ScanAction {
  if (!found) return "created";
  return mode === "count" ? "counted" : "opened";
}

/** Whether the app goes to the item's page after the scan. */
export const opensItem = (mode: ScanMode) => mode === "open";

/**
 * Fields of the item made for an unknown code: the code is its barcode and its SKU (so both
 * this code and a label printed from the SKU find it again), quantity 1, a placeholder title
 * and description the seller replaces. Passes validateItemFields (tested).
 */
export function scannedItemFields(code: string, text: { title: string; description: string }): ItemFields {
  return newItemFields({
    sku: code,
    barcode: code,
    title: text.title.slice(0, ITEM_LIMITS.titleMax),
    description: text.description,
    condition: ITEM_CONDITIONS.NEW,
    publicationStatus: PUBLICATION_STATUS.UNPUBLISHED,
  });
}

/** Why the camera cannot be used, in the terms the page explains. */
export type CameraProblem =
  | "denied" // the person or a policy refused access
  | "absent" // no camera on this device (or none matching)
  | "busy" // another app holds it, or the hardware failed
  | "insecure" // not HTTPS: browsers only give cameras to secure pages
  | "unsupported" // this browser has no camera API
  | "unknown";

const NAMES: [RegExp, CameraProblem][] = [
  [/NotAllowedError|PermissionDeniedError|Permission denied|SecurityError/i, "denied"],
  [/NotFoundError|DevicesNotFoundError|OverconstrainedError|Requested device not found/i, "absent"],
  [/NotReadableError|TrackStartError|AbortError|Could not start video source/i, "busy"],
  [/insecure|secure context|https/i, "insecure"],
  [/not supported|NotSupportedError|TypeError/i, "unsupported"],
];

/**
 * Reads a camera failure: a DOMException from getUserMedia (by its name), or an error
 * message string that names it ("Error getting userMedia, error = NotAllowedError: …").
 */
export function classifyCameraError(err: unknown): CameraProblem {
  const text =
    err instanceof Error || (typeof err === "object" && err !== null && "name" in err)
      ? `${(err as { name?: string }).name ?? ""}: ${(err as { message?: string }).message ?? ""}`
      : String(err);
  for (const [re, problem] of NAMES) if (re.test(text)) return problem;
  return "unknown";
}

/** Before asking: can this page have a camera at all? null = go ahead and ask. */
export function cameraPrecheck(env: {
  isSecureContext: boolean;
  hasGetUserMedia: boolean;
}): CameraProblem | null {
  if (!env.isSecureContext) return "insecure";
  if (!env.hasGetUserMedia) return "unsupported";
  return null;
}

export interface CameraChoice {
  id: string;
  label: string;
}

const REAR = /back|rear|environment|world|hinten|rück|trasera|posterior/i;

/**
 * The camera to start: the one chosen last time if it is still there, else one whose label
 * says it faces away (labels are known once permission is given); null = let the browser pick
 * with `facingMode: "environment"`.
 */
export function pickCamera(cameras: readonly CameraChoice[], savedId: string | null): string | null {
  if (savedId && cameras.some((c) => c.id === savedId)) return savedId;
  const rear = cameras.filter((c) => REAR.test(c.label));
  // phones list several rear lenses; the last is usually the main wide one on Android
  if (rear.length) return (rear[rear.length - 1] as CameraChoice).id;
  return null;
}

/**
 * Runs async jobs one after another in call order (scans are applied one at a time, so two
 * quick +1s on one item both count). A failing job does not stop the next ones.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(job: () => Promise<T>): Promise<T> {
    const next = tail.then(job, job);
    tail = next.catch(() => undefined);
    return next;
  };
}

/** A rectangle of a video frame in its own (native) pixels. */
export interface PixelArea {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Share of the frame's width the scan area covers: 1D barcodes are long and low. */
const SCAN_AREA_WIDTH = 0.9;
/** Its height, as a share of the frame's shorter side. */
const SCAN_AREA_HEIGHT = 0.6;

/**
 * The scan area of a frame, centred, in the frame's own pixels — cut from the video at its
 * native size (a 1080p camera gives 1728 pixels across, not the ~350 CSS pixels the
 * viewfinder is wide on a phone). The viewfinder draws the same rectangle (`scanAreaBox`).
 */
export function scanArea(frameW: number, frameH: number): PixelArea | null {
  if (!(frameW > 0 && frameH > 0)) return null;
  const w = Math.max(1, Math.round(frameW * SCAN_AREA_WIDTH));
  const h = Math.max(1, Math.min(frameH, Math.round(Math.min(frameW, frameH) * SCAN_AREA_HEIGHT)));
  return { x: Math.floor((frameW - w) / 2), y: Math.floor((frameH - h) / 2), w, h };
}

/** The scan area as percentages of the shown video (the frame is shown whole, not cropped). */
export function scanAreaBox(frameW: number, frameH: number) {
  const a = scanArea(frameW, frameH);
  if (!a) return null;
  const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(3)}%`;
  return { left: pct(a.x, frameW), top: pct(a.y, frameH), width: pct(a.w, frameW), height: pct(a.h, frameH) };
}

/**
 * What the scanner asks the camera for: the chosen camera (or the one facing away), at its
 * best resolution up to 1080p (more pixels per bar: a long CODE128 reads from farther away) and
 * 30 frames a second.
 */
export function cameraConstraints(cameraId: string | null): MediaTrackConstraints {
  return {
    ...(cameraId ? { deviceId: { exact: cameraId } } : { facingMode: { ideal: "environment" } }),
    width: { ideal: 1920 },
    height: { ideal: 1080 },
    frameRate: { ideal: 30 },
  };
}

/** Zoom steps a slider can offer for a capability range (null when it is not a real range). */
export function zoomRange(cap: { min: number; max: number; step: number } | null) {
  if (!cap || !Number.isFinite(cap.min) || !Number.isFinite(cap.max) || cap.max <= cap.min) return null;
  const step = cap.step > 0 ? cap.step : (cap.max - cap.min) / 20;
  return { min: cap.min, max: cap.max, step };
}
