/**
 * Spec section 9's tooltip timing: 100 ms to open with a mouse, 700 ms to open and 1500 ms
 * before closing with a finger, at most 300 px wide. No Mantine import here: the theme reads
 * these constants without pulling the Tooltip (and floating-ui) into the first bundle.
 */
import { useSyncExternalStore } from "react";

export const TOOLTIP_ENTER_DELAY = 100;
export const TOOLTIP_TOUCH_ENTER_DELAY = 700;
export const TOOLTIP_TOUCH_LEAVE_DELAY = 1500;
export const TOOLTIP_MAX_WIDTH = 300;

export type PointerKind = "mouse" | "pen" | "touch";

/** The delays for a pointer kind. */
export function tooltipDelays(pointer: PointerKind): { openDelay: number; closeDelay: number } {
  return pointer === "touch"
    ? { openDelay: TOOLTIP_TOUCH_ENTER_DELAY, closeDelay: TOOLTIP_TOUCH_LEAVE_DELAY }
    : { openDelay: TOOLTIP_ENTER_DELAY, closeDelay: 0 };
}

/** Maps a PointerEvent's pointerType (which may be "" or unknown) to a kind. */
function pointerKindOf(pointerType: string): PointerKind | null {
  return pointerType === "touch" || pointerType === "pen" || pointerType === "mouse" ? pointerType : null;
}

/** Before any pointer event: a device whose primary pointer is coarse and cannot hover is touch. */
function initialPointer(): PointerKind {
  if (typeof window === "undefined" || !window.matchMedia) return "mouse";
  return window.matchMedia("(hover: none) and (pointer: coarse)").matches ? "touch" : "mouse";
}

let current: PointerKind | null = null;
const listeners = new Set<() => void>();
let watching = false;

/** Records the kind of the pointer the user last used (exported for tests). */
export function notePointer(pointerType: string) {
  const kind = pointerKindOf(pointerType);
  if (!kind || kind === current) return;
  current = kind;
  for (const l of listeners) l();
}

function watch() {
  if (watching || typeof document === "undefined") return;
  watching = true;
  // Capture phase, before the tooltip's own handlers read the delays.
  const onPointer = (e: PointerEvent) => notePointer(e.pointerType);
  document.addEventListener("pointerdown", onPointer, { capture: true, passive: true });
  document.addEventListener("pointerover", onPointer, { capture: true, passive: true });
}

export function lastPointer(): PointerKind {
  if (current === null) current = initialPointer();
  return current;
}

/** The tooltip delays for the pointer the user is using now. */
export function useTooltipDelays() {
  const pointer = useSyncExternalStore(
    (l) => {
      watch();
      listeners.add(l);
      return () => listeners.delete(l);
    },
    lastPointer,
    () => "mouse" as const,
  );
  return tooltipDelays(pointer);
}
