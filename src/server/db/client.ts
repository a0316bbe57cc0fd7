import { existsSync, mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import { migrationsDir } from "./migrations-dir";
import { pgliteExtensions as extensions } from "./pglite-extensions";
import { readTemplate } from "./pglite-template";
import * as schema from "./schema";

/**
 * One database type for the whole server. PGlite and node-postgres both implement
 * drizzle's PgDatabase; the node-postgres flavour is used as the common type.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Cheap reachability check for /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Serialises migrations across replicas starting at once against one PostgreSQL server. */
const MIGRATION_LOCK = 7_310_452_001;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** With `memory`: start from this data-directory dump (e.g. an already migrated one) instead of an initdb. */
  from?: Blob;
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover, admin kill). */
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  const migrationsFolder = migrationsDir();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (restart, failover, pg_terminate_backend)
    // is an 'error' on the pool; unhandled, it would crash the process. The pool has already
    // dropped that client, and the next query opens a new connection.
    pool.on("error", (err) => {
      if (opts.onConnectionError) opts.onConnectionError(err);
      else console.warn(`PostgreSQL connection lost (a new one is opened on the next query): ${err.message}`);
    });
    const db = drizzleNodePg(pool, { schema });
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lockClient.release();
    }
    return {
      db,
      kind: "postgres",
      ping: async () => {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  let release = () => {};
  if (opts.memory) {
    client = new PGlite({ extensions, ...(opts.from ? { loadDataDir: opts.from } : {}) });
  } else {
    const dir = resolve(opts.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(`${dir}.lock`, dir);
    try {
      client = await openPgliteDir(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * A new data directory is unpacked from the build's template (initdb already done, see
 * pglite-template.ts) when there is one; otherwise, or if that fails, PGlite runs initdb.
 */
async function openPgliteDir(dir: string): Promise<PGlite> {
  const fresh = !existsSync(resolve(dir, "PG_VERSION"));
  const template = fresh ? readTemplate() : null;
  if (template) {
    try {
      const client = new PGlite(dir, { loadDataDir: template, extensions });
      await client.waitReady;
      return client;
    } catch {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
    }
  }
  return new PGlite(dir, { extensions });
}
