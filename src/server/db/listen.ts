import { EventEmitter } from "node:events";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "./client";

export interface Listener {
  /** True while notifications are being received. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * Told when notifications start arriving (true) and when they stop (false: the connection
   * dropped, or close()); a cache fed by the channel must not be trusted while it is down.
   */
  onState?(live: boolean): void;
}

/** How long a dropped PostgreSQL listen connection waits before it is opened again. */
const RELISTEN_MS = 1000;

/**
 * LISTENs on one notification channel and calls `onPayload` for every notification, after
 * the notifying transaction commits: on PGlite as the writing query completes (one process
 * owns the database), on PostgreSQL from any replica, over one dedicated connection (not from
 * the pool) that is re-opened when it drops. Used by the company change feed
 * (modules/company/change-feed.ts), the live hub's access notices (live/hub.ts), the mail
 * delivery runner and, through `openNotices`, the live event streams' notices.
 */
export async function listenChannel(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "pglite") {
    // One process owns the PGlite files: notifications arrive as the writing query completes.
    const unlisten = await (client as PGlite).listen(channel, onPayload);
    let listening = true;
    options.onState?.(true);
    return {
      get live() {
        return listening;
      },
      close: async () => {
        listening = false;
        options.onState?.(false);
        await unlisten().catch(() => {});
      },
    };
  }
  const connectionString = (client as pg.Pool).options.connectionString;
  let closed = false;
  let live = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const setLive = (value: boolean) => {
    live = value;
    options.onState?.(value);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on("notification", (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? "");
    });
    const drop = () => {
      if (current !== c) return;
      current = null;
      setLive(false);
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(drop), RELISTEN_MS).unref();
    };
    c.on("error", drop);
    c.on("end", drop);
    current = c;
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (current === c && !closed) setLive(true);
  };
  await connect();
  return {
    get live() {
      return live;
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = current;
      current = null;
      setLive(false);
      await c?.end().catch(() => {});
    },
  };
}

/** A channel's notifications, read into events and handed to whoever subscribed to their topic. */
export interface Notices<T> {
  /** Calls `listener` with every event of `topic` (events without topics: leave it out). */
  subscribe(listener: (event: T) => void, topic?: string): () => void;
  close(): Promise<void>;
}

const EVERY = "*";

/**
 * LISTENs on `channel` (listenChannel) and fans each notification out to the live event
 * streams: `parse` reads a payload into the module's event (null: not one, dropped) and
 * `topicOf`, when given, names the subscribers it is for (a user, a company); without it every
 * subscriber hears every event. The channel and the payload's shape stay the module's.
 */
export async function openNotices<T>(
  database: Database,
  channel: string,
  parse: (payload: string) => T | null,
  topicOf: (event: T) => string = () => EVERY,
): Promise<Notices<T>> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = await listenChannel(database, channel, (payload) => {
    const event = parse(payload);
    if (event !== null) emitter.emit(topicOf(event), event);
  });
  return {
    subscribe(fn, topic = EVERY) {
      emitter.on(topic, fn);
      return () => emitter.off(topic, fn);
    },
    close: () => listener.close(),
  };
}
