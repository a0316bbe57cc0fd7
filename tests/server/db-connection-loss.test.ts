import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { startTestServer, type TestServer } from "./harness";

// Only a PostgreSQL server can drop a connection under us; PGlite runs in-process.
describe.runIf(!!process.env.DATABASE_URL)("PostgreSQL ends the server's idle connections", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it("is reported, does not crash the process, and the next query reconnects", async () => {
    const url = server.config.databaseUrl as string;
    const lost: Error[] = [];
    // The pool's connections carry a name of their own, so the test ends exactly those and knows
    // how many the pool has to report.
    const named = new URL(url);
    named.searchParams.set("application_name", "connection-loss-test");
    const database = await openDatabase({
      databaseUrl: named.toString(),
      onConnectionError: (err) => lost.push(err),
    });
    try {
      // Leave idle connections in the pool (the migration lock's and the query's).
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      let ended = 0;
      try {
        const res = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'connection-loss-test'",
        );
        ended = res.rowCount ?? 0;
      } finally {
        await admin.end();
      }
      expect(ended).toBeGreaterThan(0);
      // Every idle connection that was ended is reported and dropped before the next query.
      await expect.poll(() => lost.length, { timeout: 5000 }).toBe(ended);
      expect(lost[0]?.message).toMatch(/terminating connection/);
      const rows = await database.db.execute(sql`select 41 + 1 as answer`);
      expect(rows.rows[0]).toEqual({ answer: 42 });
      expect(await database.ping()).toBe(true);
      // The API server on the same database still answers too.
      const health = await server.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
    } finally {
      await database.close();
    }
  });
});
