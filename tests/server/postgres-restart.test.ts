import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCompanyChangeFeed } from "../../src/server/modules/company/change-feed";
import { createTestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { type PostgresInstance, startPostgres } from "./postgres-instance";

/**
 * The database restarts under a running server (an upgrade, a failover, a crash): while it is
 * down the server answers with clear errors and stays up; once it is back, requests and the
 * live feeds (LISTEN) work again without restarting the server. Issue 18.
 */
describe.runIf(!!process.env.DATABASE_URL)("PostgreSQL restarts under a running server", () => {
  let pg: PostgresInstance;
  let server: TestServer;
  const sharedUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    pg = await startPostgres();
    // startTestServer makes its database on the server DATABASE_URL names: this file's own.
    process.env.DATABASE_URL = pg.url;
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => {});
    process.env.DATABASE_URL = sharedUrl;
    pg?.destroy();
  });

  it("answers 503 (never crashes) while it is down, and works again, live feeds included, once it is back", async () => {
    const seen: string[] = [];
    const states: boolean[] = [];
    const feed = await openCompanyChangeFeed(
      server.database,
      (id) => seen.push(id),
      (live) => states.push(live),
    );
    try {
      expect(feed.live).toBe(true);
      const before = await createTestUser(server);
      await expect.poll(() => seen.includes(before.companyId)).toBe(true);

      pg.stop();
      await expect.poll(() => feed.live, { timeout: 10_000 }).toBe(false);
      // Down for longer than the feed waits between attempts to listen again (1 s).
      await new Promise((r) => setTimeout(r, 3500));
      const health = await server.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: "degraded" });
      const profile = await server.app.inject({
        method: "GET",
        url: "/api/account/profile",
        headers: before.auth,
      });
      expect(profile.statusCode).toBe(503);
      expect(profile.json().message).toMatch(/database/i);

      pg.start();
      await expect
        .poll(async () => (await server.app.inject({ method: "GET", url: "/api/health" })).statusCode, {
          timeout: 15_000,
        })
        .toBe(200);
      await expect.poll(() => feed.live, { timeout: 15_000 }).toBe(true);
      const again = await server.app.inject({
        method: "GET",
        url: "/api/account/profile",
        headers: before.auth,
      });
      expect(again.statusCode).toBe(200);
      const after = await createTestUser(server);
      await expect.poll(() => seen.includes(after.companyId)).toBe(true);
      expect(states.at(-1)).toBe(true);
    } finally {
      await feed.close();
    }
  }, 90_000);
});
