import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "./client";

export interface Listener {
  /** True while notifications are being received. */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on one notification channel and calls `onPayload` for every notification, after
 * the notifying transaction commits: on PGlite as the writing query completes (one process
 * owns the database), on PostgreSQL from any replica, over one dedicated connection that is
 * re-opened when it drops. Same pattern as modules/company/change-feed.ts, for any channel.
 */
export async function listenChannel(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "pglite") {
    const unlisten = await (client as PGlite).listen(channel, onPayload);
    let listening = true;
    return {
      get live() {
        return listening;
      },
      close: async () => {
        listening = false;
        await unlisten().catch(() => {});
      },
    };
  }
  const connectionString = (client as pg.Pool).options.connectionString;
  let closed = false;
  let live = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on("notification", (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? "");
    });
    const drop = () => {
      if (current !== c) return;
      current = null;
      live = false;
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(drop), 1000).unref();
    };
    c.on("error", drop);
    c.on("end", drop);
    current = c;
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (current === c && !closed) live = true;
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
      live = false;
      await c?.end().catch(() => {});
    },
  };
}
