/**
 * Live file status: GET /api/events (Server-Sent Events) with the access token in the query
 * string, since EventSource cannot send headers. The stream ends when the token expires; the
 * browser's own reconnect would reuse the old token, so a closed stream is reopened here
 * with a fresh token after a short, growing pause.
 */
import { useEffect, useRef, useState } from "react";
import { API_BASE_URL } from "../../lib/http";
import { freshAccessToken } from "./access-token";
import { type FileStatusEvent, parseFileStatusEvent } from "./file-list";

export const eventsUrl = (token: string) =>
  `${API_BASE_URL}/api/events?access_token=${encodeURIComponent(token)}`;

/** Pause before reopening after `failures` closes in a row: 1 s, 2 s, 4 s ... at most 30 s. */
export const reconnectDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures));

export interface FileEventsHandlers {
  onStatus(event: FileStatusEvent): void;
  /** The stream (re)opened: events may have been missed while it was down. */
  onOpen?(): void;
  /** Inventory of the company changed elsewhere (`inventory-changed`): pull the sync feed. */
  onInventoryChanged?(): void;
}

/** Follows file status events while mounted; returns whether the stream is open now. */
export function useFileEvents(handlers: FileEventsHandlers, enabled = true): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let failures = 0;
    let stopped = false;
    let opening = false;

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(open, reconnectDelay(failures));
      failures += 1;
    };

    async function open() {
      timer = null;
      opening = true;
      const token = await freshAccessToken().catch(() => null);
      opening = false;
      if (stopped) return;
      if (!token) {
        schedule();
        return;
      }
      const es = new EventSource(eventsUrl(token));
      source = es;
      es.onopen = () => {
        failures = 0;
        setConnected(true);
        latest.current.onOpen?.();
      };
      es.addEventListener("file-status", (e) => {
        const event = parseFileStatusEvent((e as MessageEvent<string>).data);
        if (event) latest.current.onStatus(event);
      });
      es.addEventListener("inventory-changed", () => latest.current.onInventoryChanged?.());
      es.onerror = () => {
        setConnected(false);
        // Let the browser retry a dropped connection; reopen ourselves once it gives up (401 on an expired token).
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          if (source === es) source = null;
          schedule();
        }
      };
    }

    void open();
    const reopenWhenOnline = () => {
      if (!source && !timer && !opening) void open();
    };
    window.addEventListener("online", reopenWhenOnline);
    return () => {
      stopped = true;
      window.removeEventListener("online", reopenWhenOnline);
      if (timer) clearTimeout(timer);
      source?.close();
      setConnected(false);
    };
  }, [enabled]);

  return connected;
}
