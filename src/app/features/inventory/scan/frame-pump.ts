/**
 * Feeds camera frames to the decoder, one at a time and always the newest: when a frame is
 * presented (`requestVideoFrameCallback`, a timer where it is missing) and the worker is
 * free, the whole frame is taken at the camera's native size (`createImageBitmap`, no
 * scaling) and sent with the scan area in the frame's own pixels; frames that arrive while
 * the worker is busy are skipped, and the newest one is taken as soon as it is free.
 */
import { type DecodeResult, decodeFrame } from "./decoder-client";
import { scanArea } from "./scan-logic";

export interface DecodedFrame extends DecodeResult {
  /** performance.now() when the decoded frame was presented. */
  frameAt: number;
}

export interface FramePump {
  stop(): void;
}

type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: { presentationTime?: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export function startFramePump(
  video: HTMLVideoElement,
  onFrame: (frame: DecodedFrame) => void,
  onError: (err: Error) => void,
): FramePump {
  const v = video as VideoWithFrames;
  let stopped = false;
  let busy = false;
  /** A frame was presented since the last one was taken. */
  let fresh = false;
  let lastAt = 0;
  let handle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const take = async () => {
    if (stopped || busy) return;
    if (!fresh || v.readyState < 2 || v.videoWidth === 0) return;
    fresh = false;
    busy = true;
    const frameAt = lastAt;
    try {
      const image = await createImageBitmap(v);
      if (stopped) {
        image.close();
        return;
      }
      const result = await decodeFrame(image, scanArea(image.width, image.height));
      if (!stopped) onFrame({ ...result, frameAt });
    } catch (err) {
      if (!stopped) onError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      busy = false;
    }
    if (!stopped && fresh) void take();
  };

  const watch = () => {
    if (stopped) return;
    if (v.requestVideoFrameCallback) {
      handle = v.requestVideoFrameCallback((now, meta) => {
        fresh = true;
        lastAt = meta.presentationTime ?? now;
        watch();
        void take();
      });
    } else {
      timer = setTimeout(() => {
        fresh = true;
        lastAt = performance.now();
        watch();
        void take();
      }, 50);
    }
  };
  watch();

  return {
    stop() {
      stopped = true;
      if (handle !== null) v.cancelVideoFrameCallback?.(handle);
      if (timer) clearTimeout(timer);
    },
  };
}
