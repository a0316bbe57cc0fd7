/**
 * Admin user list at scale (issue 15): 100,000 users; a page of `GET /api/admin/all-user/list`
 * sorted by each column in both directions with a search term, p95 over repeated requests; and
 * the CSV export of all 100,000 users: time, and the growth of the process's memory while it
 * streams. In-process server on PGlite (DATABASE_URL set: PostgreSQL), as the server tests run it.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createTestUser } from "../server/fixtures";
import { startTestServer } from "../server/harness";
import { type Figure, runWhenMain } from "./util";

const BENCH = "admin-users";
const USERS = Number(process.env.BENCH_ADMIN_USERS || 100_000);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS || 5);
const SORTS = ["email", "displayName", "createdAt"] as const;

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] as number;
};
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function adminUsersBench(): Promise<Figure[]> {
  const server = await startTestServer();
  const db = label();
  try {
    const root = await createTestUser(server, { roles: ["ROLE_SUPER_ADMIN"], email: "root@bench.test" });
    let t = performance.now();
    for (let from = 1; from <= USERS; from += 10_000) {
      const to = Math.min(USERS, from + 9_999);
      await server.database.db.execute(sql`
        insert into users (id, email, display_name, email_confirmed_at, created_at)
        select gen_random_uuid(), 'user' || i || '@' || (array['acme','globex','initech','umbrella'])[1 + i % 4] || '.test',
          (array['Ann','Bob','Cy','Dee','Eve','Fay'])[1 + i % 6] || ' ' || md5(i::text),
          now(), now() - (i || ' seconds')::interval
        from generate_series(${from}::int, ${to}::int) as i`);
    }
    await server.database.db.execute(sql`analyze users`);
    console.log(`  ${USERS} users in ${round((performance.now() - t) / 1000)} s (${db})`);

    const figures: Figure[] = [];
    const all: number[] = [];
    for (const term of ["globex", "user4242"]) {
      const times: number[] = [];
      for (const sortBy of SORTS)
        for (const sortDir of ["asc", "desc"]) {
          for (let i = 0; i < RUNS; i++) {
            const url = `/api/admin/all-user/list?page=${i % 5}&rowsPerPage=25&sortBy=${sortBy}&sortDir=${sortDir}&query=${term}`;
            t = performance.now();
            const res = await server.app.inject({ method: "GET", url, headers: root.auth });
            times.push(performance.now() - t);
            if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          }
          console.log(`  "${term}" by ${sortBy} ${sortDir}: last ${round(times.at(-1) ?? 0)} ms`);
        }
      all.push(...times);
      figures.push({
        bench: `${BENCH}: ${USERS} users, page of 25 sorted by each column, search "${term}" (${db})`,
        metric: "p95",
        value: round(p95(times)),
        unit: "ms",
      });
    }
    figures.push({
      bench: `${BENCH}: ${USERS} users, page sorted by any column with a search term (${db})`,
      metric: "p95, all sorts and terms",
      value: round(p95(all)),
      unit: "ms",
      target: { op: "<", value: 50 },
    });

    const base = await server.app.listen({ port: 0, host: "127.0.0.1" });
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    t = performance.now();
    const res = await fetch(`${base}/api/admin/all-user/list/export.csv?sortBy=email&sortDir=asc`, {
      headers: root.auth,
    });
    let bytes = 0;
    let lines = 0;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const b of value) if (b === 10) lines++;
    }
    const exportMs = performance.now() - t;
    clearInterval(sample);
    if (lines !== USERS + 2) throw new Error(`export had ${lines} lines, expected ${USERS + 2}`);
    console.log(`  export: ${round(bytes / 1e6)} MB, ${res.headers.get("transfer-encoding")}`);
    const mb = (n: number) => round(n / 1024 / 1024);
    figures.push(
      {
        bench: `${BENCH}: CSV export of ${USERS + 1} users (${db})`,
        metric: "export time",
        value: round(exportMs / 1000, 2),
        unit: "s",
        target: { op: "<", value: 5 },
      },
      {
        bench: `${BENCH}: CSV export of ${USERS + 1} users (${db})`,
        metric: "peak RSS growth (server and client in one process)",
        value: mb(peakRss - before.rss),
        unit: "MB",
        target: { op: "<", value: 50 },
      },
      {
        bench: `${BENCH}: CSV export of ${USERS + 1} users (${db})`,
        metric: "peak heap growth",
        value: mb(peakHeap - before.heapUsed),
        unit: "MB",
      },
    );
    return figures;
  } finally {
    await server.close();
  }
}

function label() {
  return process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
}

runWhenMain(import.meta.filename, adminUsersBench);
