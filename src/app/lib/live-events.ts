/**
 * The page's one live channel: GET /api/events (Server-Sent Events). Every consumer (the
 * Upload File page's file states, the sync provider's pulls) subscribes here, so a
 * page holds a single EventSource however many screens listen — browsers allow only six
 * HTTP/1.1 connections per host, and each open stream keeps one of them.
 *
 * The access token goes in the query string, since EventSource cannot send headers. The
 * server ends the stream when the token expires; the browser's own reconnect would reuse the
 * old token, so a closed stream is reopened here with a fresh token after a short, growing
 * pause. The stream is opened with the first subscriber and closed shortly after the last one
 * leaves (a route change unsubscribes and subscribes again within the same moment).
 */

import { API_BASE_URL } from "./http";
import { freshAccessToken } from "./session/access-token";

/**
 * The named events the server sends (src/server/modules/files/events-route.ts): file status, and
 * `sync-changed` when records of a synced type changed (src/domain/sync/feed.ts), and
 * `notifications-changed` when the user's notifications changed (src/domain/notifications/types.ts),
 * `chat` when a chat thread the user may see changed (src/domain/chat/types.ts),
 * `kanban-attachments` when a file was attached to or removed from a task (src/domain/kanban/board.ts).
 */
type LiveEventType = "file-status" | "sync-changed" | "notifications-changed" | "chat" | "kanban-attachments";

export const eventsUrl = (token: string) =>
  `${API_BASE_URL}/api/events?access_token=${encodeURIComponent(token)}`;

/** Pause before reopening after `failures` closes in a row: 1 s, 2 s, 4 s ... at most 30 s. */
export const reconnectDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures));

/** How long the stream stays open after its last subscriber left. */
export const LINGER_MS = 2000;

/** What the channel needs from the browser (replaced in tests). */
export interface LiveEventsEnv {
  EventSource: typeof EventSource;
  token(): Promise<string | null>;
  url(token: string): string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Called with a function to run when the browser comes back online; returns the unsubscribe. */
  onOnline(fn: () => void): () => void;
}

export interface LiveEvents {
  /** Calls `fn` with the data of every `type` event; the returned function unsubscribes. */
  subscribe(type: LiveEventType, fn: (data: string) => void): () => void;
  /** Calls `fn` each time the stream (re)opens: events may have been missed while it was down. */
  onOpen(fn: () => void): () => void;
  /** Calls `fn` now with whether the stream is open, then on every change. */
  onConnection(fn: (connected: boolean) => void): () => void;
  isConnected(): boolean;
}

const CLOSED = 2; // EventSource.CLOSED

export function createLiveEvents(env: LiveEventsEnv): LiveEvents {
  const handlers: Record<LiveEventType, Set<(data: string) => void>> = {
    "file-status": new Set(),
    "sync-changed": new Set(),
    "notifications-changed": new Set(),
    chat: new Set(),
    "kanban-attachments": new Set(),
  };
  const openers = new Set<() => void>();
  const watchers = new Set<(connected: boolean) => void>();
  let users = 0;

  let source: EventSource | null = null;
  let retry: unknown = null;
  let linger: unknown = null;
  let failures = 0;
  let opening = false;
  let running = false;
  let connected = false;
  let stopOnline: (() => void) | null = null;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const fn of [...watchers]) fn(value);
  };

  const schedule = () => {
    if (!running) return;
    retry = env.setTimeout(() => {
      retry = null;
      void open();
    }, reconnectDelay(failures));
    failures += 1;
  };

  const listen = (es: EventSource, type: LiveEventType) => {
    es.addEventListener(type, (e) => {
      const data = (e as MessageEvent<string>).data;
      for (const fn of [...handlers[type]]) fn(data);
    });
  };

  async function open() {
    opening = true;
    const token = await env.token().catch(() => null);
    opening = false;
    if (!running || source) return;
    if (!token) {
      schedule();
      return;
    }
    const es = new env.EventSource(env.url(token));
    source = es;
    es.onopen = () => {
      failures = 0;
      setConnected(true);
      for (const fn of [...openers]) fn();
    };
    for (const type of Object.keys(handlers) as LiveEventType[]) listen(es, type);
    es.onerror = () => {
      setConnected(false);
      // The browser retries a dropped connection itself; reopen here once it gives up (401 on an expired token).
      if (es.readyState === CLOSED) {
        es.close();
        if (source === es) source = null;
        schedule();
      }
    };
  }

  const start = () => {
    if (linger !== null) {
      env.clearTimeout(linger);
      linger = null;
    }
    if (running) return;
    running = true;
    failures = 0;
    // Back online: reopen now rather than at the end of a long pause.
    stopOnline = env.onOnline(() => {
      if (!running || source || opening) return;
      if (retry !== null) env.clearTimeout(retry);
      retry = null;
      void open();
    });
    void open();
  };

  const stop = () => {
    running = false;
    stopOnline?.();
    stopOnline = null;
    if (retry !== null) env.clearTimeout(retry);
    retry = null;
    source?.close();
    source = null;
    setConnected(false);
  };

  const join = (leave: () => void) => {
    users += 1;
    start();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      leave();
      users -= 1;
      if (users === 0) {
        linger = env.setTimeout(() => {
          linger = null;
          if (users === 0) stop();
        }, LINGER_MS);
      }
    };
  };

  return {
    subscribe(type, fn) {
      const mine = handlers[type];
      // A wrapper, so the same function subscribed twice is two subscriptions.
      const entry = (data: string) => fn(data);
      mine.add(entry);
      return join(() => mine.delete(entry));
    },
    onOpen(fn) {
      const entry = () => fn();
      openers.add(entry);
      return join(() => openers.delete(entry));
    },
    onConnection(fn) {
      const entry = (value: boolean) => fn(value);
      watchers.add(entry);
      fn(connected);
      return () => watchers.delete(entry);
    },
    isConnected: () => connected,
  };
}

let shared: LiveEvents | null = null;

/** The page's channel (null where the browser has no EventSource, e.g. in unit tests). */
export function liveEvents(): LiveEvents | null {
  if (typeof EventSource === "undefined" || typeof window === "undefined") return null;
  shared ??= createLiveEvents({
    EventSource,
    token: freshAccessToken,
    url: eventsUrl,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    onOnline: (fn) => {
      window.addEventListener("online", fn);
      return () => window.removeEventListener("online", fn);
    },
  });
  return shared;
}
