/**
 * When the page syncs: on start, window focus, `online`, and the live channel's `sync-changed`
 * notice for any synced type (DESIGN.md section 4). The sync provider starts `startSync` once per
 * signed-in company and hands the live notices to `onSyncChanged`.
 */
import type { SyncEngine as Engine } from "./engine";

/** What the triggers use of an engine. */
type SyncEngine = Pick<Engine, "drain" | "pull" | "whenIdle">;

interface SyncTriggerTarget {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
}

export interface StartSyncOptions {
  /** Where focus/online come from (default: window). */
  target?: SyncTriggerTarget;
  /** Asks the service worker for a Background Sync replay when a drain stops offline. */
  requestBackgroundSync?: () => void;
  onError?: (error: unknown) => void;
}

let active: { engine: SyncEngine; companyId: string; run: () => void } | null = null;

/** Drain, then pull. Errors (offline pull) are reported, never thrown at the caller. */
function syncNow(engine: SyncEngine, companyId: string, opts: StartSyncOptions = {}): Promise<void> {
  return engine
    .drain()
    .then((r) => {
      if (r.stopped === "offline") opts.requestBackgroundSync?.();
      return engine.pull(companyId);
    })
    .then(
      () => undefined,
      (e) => opts.onError?.(e),
    );
}

/** Starts syncing a company now and on every trigger; returns the stop function. */
export function startSync(engine: SyncEngine, companyId: string, opts: StartSyncOptions = {}): () => void {
  const target = opts.target ?? (typeof window === "undefined" ? undefined : window);
  const run = () => void syncNow(engine, companyId, opts);
  const onVisible = () => {
    if (typeof document === "undefined" || document.visibilityState === "visible") run();
  };
  target?.addEventListener("focus", run);
  target?.addEventListener("online", run);
  if (typeof document !== "undefined") document.addEventListener("visibilitychange", onVisible);
  active = { engine, companyId, run };
  resetLivePulls();
  run();
  return () => {
    target?.removeEventListener("focus", run);
    target?.removeEventListener("online", run);
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisible);
    if (active?.run === run) {
      active = null;
      resetLivePulls();
    }
  };
}

/** Live-channel pulls of a page follow each other at least this far apart (ms). */
export const LIVE_PULL_GAP_MS = 1000;

const live: { timer: ReturnType<typeof setTimeout> | null; dirty: boolean; running: boolean; last: number } =
  {
    timer: null,
    dirty: false,
    running: false,
    last: Number.NEGATIVE_INFINITY,
  };

/**
 * The live channel said records changed (SSE `sync-changed`, any synced type): pull — now if the last
 * live pull was more than LIVE_PULL_GAP_MS ago, else once at the end of the gap, however many
 * notices came meanwhile. Every write of the company notifies, including this page's own: a
 * drain of 1,000 writes would otherwise pull 1,000 times, each pull competing with the drain
 * for the server and for Dexie (measured: 1,000 writes replayed in 56–87 s instead of a few).
 * A notice that arrives during a pull gets a pull after it (that pull may have read the feed
 * before the change). A live pull waits for a drain of this page to end: the notices during a
 * drain are mostly the drain's own writes, which its answers already brought.
 */
export function onSyncChanged(): void {
  if (!active) return;
  live.dirty = true;
  if (live.timer !== null || live.running) return;
  scheduleLivePull();
}

function scheduleLivePull() {
  const wait = Math.max(0, live.last + LIVE_PULL_GAP_MS - Date.now());
  live.timer = setTimeout(() => {
    live.timer = null;
    const current = active;
    if (!current || !live.dirty) return;
    live.dirty = false;
    live.running = true;
    live.last = Date.now();
    // While this page drains its own writes, their answers move the cursor past them
    // (advanceCursor): pulling after the drain reads only what others changed meanwhile.
    current.engine
      .whenIdle()
      .then(() => current.engine.pull(current.companyId))
      .catch(() => undefined)
      .finally(() => {
        live.running = false;
        if (live.dirty && active) scheduleLivePull();
      });
  }, wait);
}

function resetLivePulls() {
  if (live.timer !== null) clearTimeout(live.timer);
  live.timer = null;
  live.dirty = false;
  live.last = Number.NEGATIVE_INFINITY;
}

/** A Background Sync registration for the SW's replay (Chromium); other browsers replay on the next trigger. */
export function requestBackgroundSync(tag = "blocklot-outbox"): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready
    .then((reg) =>
      (reg as ServiceWorkerRegistration & { sync?: { register(t: string): Promise<void> } }).sync?.register(
        tag,
      ),
    )
    .catch(() => undefined);
}
