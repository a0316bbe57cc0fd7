/**
 * The page's one sync engine and its wiring (docs/offline.md): created on first use, started
 * for the signed-in user's company while a dashboard screen is shown (the app frame passes the
 * company in), pulled again when the live channel says a synced type changed (`sync-changed`).
 * Screens write through `useSyncEngine().write` and read Dexie with `useLiveQuery`;
 * `useCompanyId()` is the company those reads and writes belong to.
 */
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { SYNC_CHANGED_EVENT } from "../../domain/sync/feed";
import { onSyncChanged, requestBackgroundSync, startSync } from "../../sync/triggers";
import { liveEvents } from "../lib/live-events";
import { appTransport } from "./app-transport";
import { getDb } from "./db";
import { clearDeviceData } from "./device-data";
import { answerServiceWorkerTokenRequests, askServiceWorkerToReplay } from "./sw-bridge";
import { type AppSyncEngine, createAppSyncEngine } from "./synced-types";

let engine: AppSyncEngine | null = null;

/** The page's engine (one per page; the service worker has its own on the same Dexie database). */
function getSyncEngine(): AppSyncEngine {
  engine ??= createAppSyncEngine({ db: getDb(), transport: appTransport });
  return engine;
}

const CompanyContext = createContext<string | null>(null);

/** The company the signed-in user works in (null outside a SyncProvider or without a company). */
export function useCompanyId(): string | null {
  return useContext(CompanyContext);
}

export function useSyncEngine(): AppSyncEngine {
  return getSyncEngine();
}

/** Starts syncing `companyId` while mounted (the dashboard frame, with the signed-in user's company). */
export function SyncProvider({ companyId, children }: { companyId: string | null; children: ReactNode }) {
  useEffect(() => {
    if (!companyId) return;
    return startSync(getSyncEngine(), companyId, { requestBackgroundSync: () => requestBackgroundSync() });
  }, [companyId]);

  // The service worker replays with this page's token; when the page goes away mid-replay,
  // the SW carries on (it waits for this page's outbox lock to be released).
  useEffect(() => {
    if (!companyId) return;
    const stop = answerServiceWorkerTokenRequests();
    const onPageHide = () => void askServiceWorkerToReplay();
    window.addEventListener("pagehide", onPageHide);
    return () => {
      stop();
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [companyId]);

  // The live channel: a change of any synced type by another user or device → pull; a reopened
  // stream may have missed notices → pull too.
  useEffect(() => {
    const live = liveEvents();
    if (!companyId || !live) return;
    const leave = [live.subscribe(SYNC_CHANGED_EVENT, onSyncChanged), live.onOpen(onSyncChanged)];
    return () => {
      for (const off of leave) off();
    };
  }, [companyId]);

  return <CompanyContext.Provider value={companyId}>{children}</CompanyContext.Provider>;
}

/**
 * Wipes this device's data at sign-out (offline/device-data.ts): waits for a drain under way to
 * end first, so that no write of it lands in the next user's database.
 */
export async function clearThisDevice(): Promise<void> {
  await engine?.whenIdle();
  await clearDeviceData(getDb());
}
