import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../../src/server/db/schema";
import { openCompanyChangeFeed } from "../../src/server/modules/company/change-feed";
import { addMember, createTestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe("company change feed (database notifications)", () => {
  it("reports every committed change to companies and memberships, with the company id", async () => {
    const seen: string[] = [];
    const states: boolean[] = [];
    const feed = await openCompanyChangeFeed(
      server.database,
      (id) => seen.push(id),
      (live) => states.push(live),
    );
    expect(feed.live).toBe(true);
    const a = await createTestUser(server);
    const b = await createTestUser(server);
    await expect.poll(() => seen.includes(a.companyId) && seen.includes(b.companyId)).toBe(true);

    seen.length = 0;
    await addMember(server, a.companyId, b.userId, ["ROLE_COMPANY_EMPLOYEE"]);
    await server.database.db.update(companies).set({ phone: "1" }).where(eq(companies.id, b.companyId));
    await server.database.db.delete(companyMembers).where(eq(companyMembers.userId, b.userId));
    await expect.poll(() => new Set(seen)).toEqual(new Set([a.companyId, b.companyId]));

    // Notifications arrive in commit order: once a marker sent afterwards is seen,
    // nothing earlier is still on its way.
    const drain = async (marker: string) => {
      await server.database.db.execute(sql`select pg_notify('company_changed', ${marker})`);
      await expect.poll(() => seen.includes(marker)).toBe(true);
    };
    await drain("marker-1");

    // A rolled-back change is not announced.
    seen.length = 0;
    await server.database.db
      .transaction(async (tx) => {
        await tx.update(companies).set({ phone: "2" }).where(eq(companies.id, a.companyId));
        throw new Error("roll back");
      })
      .catch(() => {});
    await drain("marker-2");
    expect(seen).toEqual(["marker-2"]);

    await feed.close();
    expect(feed.live).toBe(false);
    expect(states).toEqual([true, false]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "on PostgreSQL, a dropped listen connection is reported and re-opened, and changes arrive again",
    async () => {
      const seen: string[] = [];
      const states: boolean[] = [];
      const feed = await openCompanyChangeFeed(
        server.database,
        (id) => seen.push(id),
        (live) => states.push(live),
      );
      expect(states).toEqual([true]);
      // The database ends the feed's connection (a restart, a failover, an idle timeout).
      const ended = await server.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN company_changed' and datname = current_database()`,
      );
      expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      await expect.poll(() => states.includes(false)).toBe(true);
      // Re-opened a second later, it hears committed changes again.
      await expect.poll(() => feed.live, { timeout: 10_000 }).toBe(true);
      expect(states).toEqual([true, false, true]);
      const c = await createTestUser(server);
      await expect.poll(() => seen.includes(c.companyId)).toBe(true);
      await feed.close();
      expect(states.at(-1)).toBe(false);
    },
  );
});
