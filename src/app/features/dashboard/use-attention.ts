/**
 * The dashboard home's data: the attention request (dashboard-api.ts), read again when the page's
 * live channel says something it counts changed (a file's state, synced records such as items, the
 * user's notifications, which quotes and invoices also raise) and when the stream reopens. A burst
 * of events (an import) reads it once, a second after the last one.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveEvents } from "../../lib/live-events";
import { dashboardKeys, dashboardQueries } from "./dashboard-api";

const SETTLE_MS = 1000;

export function useAttention(companyId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    const live = liveEvents();
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void client.invalidateQueries({ queryKey: dashboardKeys.all }), SETTLE_MS);
    };
    const leave = [
      live.subscribe("file-status", refresh),
      live.subscribe("sync-changed", refresh),
      live.subscribe("notifications-changed", refresh),
      live.onOpen(refresh),
    ];
    return () => {
      clearTimeout(timer);
      for (const off of leave) off();
    };
  }, [client]);
  return useQuery(dashboardQueries.attention(companyId));
}
