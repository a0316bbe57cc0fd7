/**
 * Live file status from the page's one live channel,
 * src/app/lib/live-events.ts: every screen that follows GET /api/events shares its
 * EventSource, its token handling and its reconnects.
 */
import { useEffect, useRef, useState } from "react";
import { liveEvents } from "../../lib/live-events";
import { type FileStatusEvent, parseFileStatusEvent } from "./file-list";

export interface FileEventsHandlers {
  onStatus(event: FileStatusEvent): void;
  /** The stream (re)opened: events may have been missed while it was down. */
  onOpen?(): void;
}

/** Follows file status events while mounted; returns whether the stream is open now. */
export function useFileEvents(handlers: FileEventsHandlers, enabled = true): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const live = liveEvents();
    if (!enabled || !live) return;
    const leave = [
      live.subscribe("file-status", (data) => {
        const event = parseFileStatusEvent(data);
        if (event) latest.current.onStatus(event);
      }),
      live.onOpen(() => latest.current.onOpen?.()),
      live.onConnection(setConnected),
    ];
    return () => {
      for (const off of leave) off();
      setConnected(false);
    };
  }, [enabled]);

  return connected;
}
