/**
 * The notices fixed at the bottom of the page stack instead of covering each other: the
 * cookie banner (bottom centre, prerendered, so it cannot live in a shared client-only
 * container) reports how tall it is, and the PWA's card (bottom start) sits that much higher.
 * The floating Settings button (48 px, 24 px from the bottom-right corner) keeps the right
 * edge: notices leave `NOTICE_RIGHT` px free there.
 */
import { useSyncExternalStore } from "react";

/** Distance of the lowest notice from the bottom edge, and the gap between stacked notices. */
export const NOTICE_EDGE = 16;
export const NOTICE_GAP = 12;
/** Right margin of the bottom notices: clear of the Settings button (24 + 48 + 8). */
export const NOTICE_RIGHT = 80;

let bannerHeight = 0;
const listeners = new Set<() => void>();

/** The cookie banner's height on screen, 0 when it is not shown. */
export function setBannerHeight(px: number): void {
  const next = Math.max(0, Math.round(px));
  if (next === bannerHeight) return;
  bannerHeight = next;
  for (const l of [...listeners]) l();
}

/** Where a notice stacked above the banner goes: px from the bottom edge. */
export function stackedBottom(banner: number): number {
  return banner > 0 ? NOTICE_EDGE + banner + NOTICE_GAP : NOTICE_EDGE;
}

export function useStackedBottom(): number {
  const banner = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => bannerHeight,
    () => 0,
  );
  return stackedBottom(banner);
}
