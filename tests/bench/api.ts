import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { v7 as uuidv7 } from "uuid";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { type Db, openDatabase } from "../../src/server/db/client";
import { companies, companyMembers, users } from "../../src/server/db/schema";
import { buildClaims } from "../../src/server/modules/users/claims";
import { signAccessToken } from "../../src/server/plugins/access-token";
import { type Figure, loadTest, tempPgDatabase } from "./util";

const CONNECTIONS = 50;
const DURATION_SEC = Number(process.env.BENCH_DURATION || 10);

/**
 * Realistic data: `population` users each with their own company, and the caller in
 * three companies (their own with 5 members, two more with 6). Bulk inserts keep setup short.
 */
async function populate(db: Db, population: number) {
  const now = Date.now();
  const userRows = Array.from({ length: population }, (_, i) => ({
    id: uuidv7(),
    email: `bench-${i}@bench.example`,
    displayName: `Bench User ${i}`,
    roles: ["ROLE_USER"],
    emailConfirmedAt: new Date(now),
  }));
  const companyRows = userRows.map((_u, i) => ({ id: uuidv7(), name: `Bench Company ${i}` }));
  for (let i = 0; i < population; i += 500) {
    await db.insert(users).values(userRows.slice(i, i + 500));
    await db.insert(companies).values(companyRows.slice(i, i + 500));
    await db.insert(companyMembers).values(
      userRows.slice(i, i + 500).map((u, j) => ({
        companyId: companyRows[i + j]?.id as string,
        userId: u.id,
        roles: ["ROLE_COMPANY_ADMIN"],
        isPrimary: true,
      })),
    );
  }
  const caller = userRows[0]?.id as string;
  // The caller also works in companies 1 and 2; each of the three gets four more members.
  const extra: Array<typeof companyMembers.$inferInsert> = [];
  for (const c of [0, 1, 2]) {
    if (c > 0)
      extra.push({
        companyId: companyRows[c]?.id as string,
        userId: caller,
        roles: ["ROLE_COMPANY_EMPLOYEE"],
      });
    for (let k = 0; k < 4; k++) {
      const member = userRows[10 + c * 4 + k]?.id as string;
      extra.push({
        companyId: companyRows[c]?.id as string,
        userId: member,
        roles: ["ROLE_COMPANY_EMPLOYEE"],
      });
    }
  }
  await db.insert(companyMembers).values(extra);
  return caller;
}

/** A discarding log destination: requests are logged at the production level, but not printed. */
const nullStream = () =>
  new Writable({
    write(_chunk, _enc, cb) {
      cb();
    },
  });

async function benchOne(label: string, databaseUrl: string | undefined): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "blocklot-bench-"));
  const pgDb = databaseUrl ? await tempPgDatabase(databaseUrl) : null;
  const config = loadConfig(
    { DATA_DIR: dataDir, STATIC_DIR: "", LOG_LEVEL: "info" },
    { databaseUrl: pgDb?.url },
  );
  const database = await openDatabase({ databaseUrl: pgDb?.url, dataDir });
  const app = await buildApp({ config, database, logger: { level: config.logLevel, stream: nullStream() } });
  try {
    const caller = await populate(database.db, 2000);
    const claims = await buildClaims(database.db, caller);
    if (!claims) throw new Error("bench caller has no claims");
    const token = await signAccessToken(claims, config.jwtSecret, 3600);
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}/api/trade/company/get-company-roles`;
    const headers = { authorization: `Bearer ${token}` };

    const check = await fetch(url, { headers });
    const body = (await check.json()) as Array<{ users: unknown[] }>;
    if (check.status !== 200 || body.map((c) => c.users.length).join() !== "5,6,6") {
      throw new Error(`unexpected answer ${check.status}: ${JSON.stringify(body).slice(0, 200)}`);
    }
    await loadTest({ url, headers, connections: CONNECTIONS, durationSec: 2 }); // warm-up (JIT, caches)
    const r = await loadTest({ url, headers, connections: CONNECTIONS, durationSec: DURATION_SEC });
    if (r.non2xx || r.errors)
      throw new Error(`${r.non2xx} non-2xx answers and ${r.errors} errors of ${r.total}`);
    const name = `GET get-company-roles, ${label}, ${CONNECTIONS} connections, ${DURATION_SEC} s`;
    const onPglite = !databaseUrl;
    return [
      {
        bench: name,
        metric: "requests/s",
        value: Math.round(r.requestsPerSec),
        unit: "req/s",
        ...(onPglite ? { target: { op: ">=", value: 2000 } as const } : {}),
      },
      { bench: name, metric: "p50", value: r.p50, unit: "ms" },
      {
        bench: name,
        metric: "p99",
        value: r.p99,
        unit: "ms",
        ...(onPglite ? { target: { op: "<", value: 25 } as const } : {}),
      },
    ];
  } finally {
    await app.close();
    await database.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The benchmark route on the embedded database, and on PostgreSQL when DATABASE_URL is set. */
export async function apiBench(): Promise<Figure[]> {
  const figures = await benchOne("PGlite (DATA_DIR on disk)", undefined);
  if (process.env.DATABASE_URL) figures.push(...(await benchOne("PostgreSQL", process.env.DATABASE_URL)));
  return figures;
}
