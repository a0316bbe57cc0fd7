/**
 * Starts syncing a company on this page (loaded by the SyncProvider once the dashboard has
 * painted): drain and pull (on the pull worker, pull-worker.ts) now and on focus, `online` and visibility (sync/triggers.ts), pull
 * when the live channel says a synced type changed, answer the service worker's token requests
 * and hand it the replay when the page goes away. Returns the stop function.
 */
import { SYNC_CHANGED_EVENT } from "../../domain/sync/feed";
import { onSyncChanged, requestBackgroundSync, startSync } from "../../sync/triggers";
import { liveEvents } from "../lib/live-events";
import { answerServiceWorkerTokenRequests, askServiceWorkerToReplay } from "./sw-bridge";
import { getFeedPull, getSyncEngine } from "./sync-engine";

export function startCompanySync(companyId: string): () => void {
  const engine = getSyncEngine();
  // drains run in the page (the outbox's answers touch the screens' state); pulls on the worker
  const triggers = { drain: engine.drain, whenIdle: engine.whenIdle, pull: getFeedPull() };
  const stops = [startSync(triggers, companyId, { requestBackgroundSync: () => requestBackgroundSync() })];

  // The service worker replays with this page's token; when the page goes away mid-replay,
  // the SW carries on (it waits for this page's outbox lock to be released).
  stops.push(answerServiceWorkerTokenRequests());
  const onPageHide = () => void askServiceWorkerToReplay();
  window.addEventListener("pagehide", onPageHide);
  stops.push(() => window.removeEventListener("pagehide", onPageHide));

  // The live channel: a change of any synced type by another user or device → pull; a reopened
  // stream may have missed notices → pull too.
  const live = liveEvents();
  if (live) stops.push(live.subscribe(SYNC_CHANGED_EVENT, onSyncChanged), live.onOpen(onSyncChanged));

  return () => {
    for (const stop of stops) stop();
  };
}
