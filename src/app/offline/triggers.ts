/**
 * When the page syncs: on start, window focus, `online`, and the live channel's
 * `inventory-changed` poke (DESIGN.md section 4). The screens engineer wires `startSync` once
 * per signed-in company and hands SSE events to `onInventoryChanged`.
 */
import type { SyncEngine } from "./sync-engine";

export interface SyncTriggerTarget {
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
export function syncNow(engine: SyncEngine, companyId: string, opts: StartSyncOptions = {}): Promise<void> {
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
  run();
  return () => {
    target?.removeEventListener("focus", run);
    target?.removeEventListener("online", run);
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onVisible);
    if (active?.run === run) active = null;
  };
}

/** The live channel said inventory changed (SSE `inventory-changed`): pull now. */
export function onInventoryChanged(): void {
  if (!active) return;
  const { engine, companyId } = active;
  engine.pull(companyId).catch(() => undefined);
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
