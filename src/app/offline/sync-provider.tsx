/**
 * The dashboard frame's sync (docs/offline.md): gives the screens the signed-in user's company
 * at once (`useCompanyId()`, offline/company-context.ts), and starts syncing it only once the
 * page has painted and the browser is idle (offline/sync-start.ts, a chunk of its own): the
 * page's own code and data are fetched first, and the engine's first drain and pull follow.
 * Screens write through `useSyncEngine().write` (offline/sync-engine.ts) and read Dexie with
 * `useLiveQuery`.
 */
import { type ReactNode, useEffect, useState } from "react";
import { whenIdle } from "../lib/when-idle";
import { CompanyContext } from "./company-context";

/**
 * Starts syncing `companyId` while mounted, from the first idle moment after the first paint.
 * `hold`: not yet, even when idle (the frame holds it while the route's page is still loading,
 * so the engine's chunk and first requests never go before the page's); once released it stays
 * released (later navigations do not restart the sync).
 */
export function SyncProvider({
  companyId,
  hold = false,
  children,
}: {
  companyId: string | null;
  hold?: boolean;
  children: ReactNode;
}) {
  const [released, setReleased] = useState(!hold);
  useEffect(() => {
    if (!hold) setReleased(true);
  }, [hold]);

  useEffect(() => {
    if (!companyId || !released) return;
    let stop: (() => void) | null = null;
    let left = false;
    // Offline before the engine's chunk arrived (a first visit): tried again once back online.
    const start = () =>
      import("./sync-start").then(
        ({ startCompanySync }) => {
          window.removeEventListener("online", start);
          if (!left && !stop) stop = startCompanySync(companyId);
        },
        () => window.addEventListener("online", start),
      );
    const cancelIdle = whenIdle(() => void start());
    return () => {
      left = true;
      cancelIdle();
      window.removeEventListener("online", start);
      stop?.();
    };
  }, [companyId, released]);

  return <CompanyContext.Provider value={companyId}>{children}</CompanyContext.Provider>;
}
