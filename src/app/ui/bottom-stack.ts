/**
 * The notices fixed at the bottom of the page stack instead of covering each other or the
 * page: the cookie banner (bottom centre, prerendered, so it cannot live in a shared
 * client-only container) reports how tall it is, and the PWA's card (bottom start) sits that
 * much higher. A page with its own action bar fixed at the bottom (ui/BottomBar.tsx, e.g. the
 * photo page's shutter) registers it, and the notices stack above the bar instead of over it.
 * The floating Settings button (48 px, 24 px from the bottom-right corner) keeps the right
 * edge: notices leave `NOTICE_RIGHT` px free there.
 */
import { type RefObject, useEffect, useSyncExternalStore } from "react";

/** Distance of the lowest notice from the bottom edge, and the gap between stacked notices. */
export const NOTICE_EDGE = 16;
export const NOTICE_GAP = 12;
/** Right margin of the bottom notices: clear of the Settings button (24 + 48 + 8). */
export const NOTICE_RIGHT = 80;

let bannerHeight = 0;
let barHeight = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of [...listeners]) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const useStored = (read: () => number) => useSyncExternalStore(subscribe, read, () => 0);

/** The cookie banner's height on screen, 0 when it is not shown. */
export function setBannerHeight(px: number): void {
  const next = Math.max(0, Math.round(px));
  if (next === bannerHeight) return;
  bannerHeight = next;
  notify();
}

/** The page's bottom action bar's height on screen, 0 when the page has none. */
function setBarHeight(px: number): void {
  const next = Math.max(0, Math.round(px));
  if (next === barHeight) return;
  barHeight = next;
  notify();
}

/** Where the lowest notice goes, px from the bottom edge: just above the page's bar if it has one. */
export function noticeEdge(bar: number): number {
  return bar > 0 ? bar + NOTICE_GAP : NOTICE_EDGE;
}

/** Where a notice stacked above the banner goes: px from the bottom edge. */
export function stackedBottom(banner: number, bar = 0): number {
  const edge = noticeEdge(bar);
  return banner > 0 ? edge + banner + NOTICE_GAP : edge;
}

/** Bottom offset of the cookie banner. */
export function useNoticeEdge(): number {
  return noticeEdge(useStored(() => barHeight));
}

/** Bottom offset of the PWA's card: above the banner, itself above the page's bar. */
export function useStackedBottom(): number {
  return stackedBottom(
    useStored(() => bannerHeight),
    useStored(() => barHeight),
  );
}

/** Height of the page's bottom action bar (0 without one): the room the page leaves at its end. */
export function useBarHeight(): number {
  return useStored(() => barHeight);
}

/**
 * Registers `ref`'s element as the page's bottom action bar while it is mounted (one at a
 * time): its height, kept current through ResizeObserver, lifts the notices above it.
 */
export function useRegisterBottomBar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const report = () => setBarHeight(el.getBoundingClientRect().height);
    report();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(report);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      setBarHeight(0);
    };
  }, [ref]);
}
