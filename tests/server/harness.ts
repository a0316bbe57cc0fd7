import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuildOptions, buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";

/**
 * A fresh server for one test file: an in-memory PGlite by default (a copy of the migrated
 * database global-setup.ts dumped once for the run), or — when
 * DATABASE_URL is set (the CI's PostgreSQL pass) — a new empty database created on
 * that server and dropped afterwards.
 */
export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `blocklot_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let migrated: Blob | undefined;
/** The run's migrated PGlite dump (tests/server/global-setup.ts), read once per test process. */
function migratedPglite(): Blob | undefined {
  const file = inject("pgliteMigrated");
  if (!file) return undefined;
  migrated ??= new Blob([readFileSync(file)]);
  return migrated;
}

export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, "syncedTypes"> = {},
): Promise<TestServer> {
  const adminUrl = process.env.DATABASE_URL;
  const pgDb = adminUrl ? await createPgDatabase(adminUrl) : null;
  const config = loadConfig(
    {
      DATA_DIR: "/tmp/blocklot-test-unused",
      STATIC_DIR: "",
      COOKIE_SECURE: "true",
      LOG_LEVEL: "silent",
      ...env,
    },
    {
      jwtSecret: new TextEncoder().encode(randomBytes(32).toString("hex")),
      databaseUrl: pgDb?.url,
      ...overrides,
    },
  );
  const database = await openDatabase(
    pgDb ? { databaseUrl: pgDb.url } : { memory: true, from: migratedPglite() },
  );
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database, logger: false, ...build });
    await app.ready();
  } catch (err) {
    // A server that refuses to start (a bad setting) leaves no database behind.
    await database.close();
    await pgDb?.drop();
    throw err;
  }
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
