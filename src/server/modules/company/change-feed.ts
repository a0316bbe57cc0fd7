import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../../db/client";

/** Channel the database triggers of migration 0003 notify on, with the company id. */
export const COMPANY_CHANGED = "company_changed";

export interface ChangeFeed {
  /** True while notifications are being received; a cache must not be trusted otherwise. */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * Calls `onChange` after every committed change to companies or memberships, made by
 * any module of this process or (on PostgreSQL) any replica. `onState` reports when
 * the feed goes live or drops (a dropped PostgreSQL connection is re-opened).
 */
export async function openCompanyChangeFeed(
  database: Database,
  onChange: (companyId: string) => void,
  onState: (live: boolean) => void,
): Promise<ChangeFeed> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "pglite") {
    // One process owns the PGlite files: notifications arrive as the writing query completes.
    const unlisten = await (client as PGlite).listen(COMPANY_CHANGED, onChange);
    let listening = true;
    onState(true);
    return {
      get live() {
        return listening;
      },
      close: async () => {
        listening = false;
        onState(false);
        await unlisten().catch(() => {});
      },
    };
  }

  // PostgreSQL: one dedicated connection (not from the pool) holds the LISTEN.
  const connectionString = (client as pg.Pool).options.connectionString;
  let closed = false;
  let live = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const setLive = (v: boolean) => {
    live = v;
    onState(v);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on("notification", (msg) => {
      if (msg.channel === COMPANY_CHANGED) onChange(msg.payload ?? "");
    });
    const drop = () => {
      if (current !== c) return;
      current = null;
      setLive(false);
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(drop), 1000).unref();
    };
    c.on("error", drop);
    c.on("end", drop);
    current = c;
    await c.connect();
    await c.query(`LISTEN ${COMPANY_CHANGED}`);
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
