/**
 * The page's one sync engine and its wiring (docs/offline.md): created on first use, started
 * for the signed-in user's company while a dashboard screen is shown, pulled again when the
 * live channel says inventory changed. Screens write through `useSyncEngine().write` and read
 * Dexie with `useLiveQuery`; `useCompanyId()` is the company those reads and writes belong to.
 */
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { useAuth } from "../features/auth/auth-context";
import { useFileEvents } from "../features/files/use-file-events";
import { appTransport } from "./app-transport";
import { getDb } from "./db";
import { answerServiceWorkerTokenRequests, askServiceWorkerToReplay } from "./sw-bridge";
import { createSyncEngine, type SyncEngine } from "./sync-engine";
import { onInventoryChanged, requestBackgroundSync, startSync } from "./triggers";

let engine: SyncEngine | null = null;

/** The page's engine (one per page; the service worker has its own on the same Dexie database). */
export function getSyncEngine(): SyncEngine {
  engine ??= createSyncEngine({ db: getDb(), transport: appTransport });
  return engine;
}

const CompanyContext = createContext<string | null>(null);

/** The company the signed-in user works in (null before sign-in or without a company). */
export function useCompanyId(): string | null {
  const fromContext = useContext(CompanyContext);
  const { user } = useAuth();
  return fromContext ?? user?.companyId ?? null;
}

export function useSyncEngine(): SyncEngine {
  return getSyncEngine();
}

/** Starts syncing the user's company while mounted (inside the dashboard layout). */
export function SyncProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const companyId = user?.companyId ?? null;

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

  // The live channel: a change by another user or device of the company → pull now.
  useFileEvents({ onStatus: () => undefined, onInventoryChanged, onOpen: onInventoryChanged }, !!companyId);

  return <CompanyContext.Provider value={companyId}>{children}</CompanyContext.Provider>;
}
