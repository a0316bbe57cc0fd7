/**
 * The import's server-side WORK, counted instead of timed (issue 22: the shared 2-core machine
 * makes wall clocks useless). In-process on PGlite: `CHUNKS` (2) bulk POSTs of 5,000 items, as
 * `import-server` sends them, and it prints the SQL statements the server ran for them (by text,
 * with their bound parameter bytes), the triggers and indexes on `inventory_items`, the trigger
 * functions that ran (`track_functions`), and the cost of the import notice's count at the end.
 * `PROFILE=file.cpuprofile` writes a CPU profile of the requests only (no start-up, no migration).
 * It uses only the test harness, so it runs unchanged in a worktree of an older commit.
 *
 * Run: npm run bench -- import-work, or npx tsx tests/bench/import-work.ts (`CHUNKS=10`: a whole
 * 50,000-row import).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { createTestUser } from "../server/fixtures";
import { startTestServer } from "../server/harness";
import { chunkBody, PER_CHUNK } from "./import-chunks";
import { type Figure, runWhenMain } from "./util";

const BENCH = "import, server-side work (counted)";

const CHUNKS = Number(process.env.CHUNKS || 2);

// Every statement reaches PGlite as a Parse (extended protocol) or Query (simple) message.
const statements = new Map<string, { n: number; bindBytes: number }>();
let counting = false;
let last = "";
type Send = (this: unknown, msg: Uint8Array, ...rest: unknown[]) => unknown;
/** Counts the statements PGlite receives while `counting` (installed once). */
function countStatements() {
  const proto = PGlite.prototype as unknown as Record<string, Send | undefined>;
  const method = proto.execProtocolStream ? "execProtocolStream" : "execProtocol";
  const send = proto[method] as Send;
  if ((send as { counting?: boolean }).counting) return;
  proto[method] = function (this: unknown, msg: Uint8Array, ...rest: unknown[]) {
    if (counting) {
      const kind = String.fromCharCode(msg[0] as number);
      if (kind === "P" || kind === "Q") {
        const body = msg.subarray(5);
        const from = kind === "P" ? body.indexOf(0) + 1 : 0; // a Parse names its statement first
        last = new TextDecoder()
          .decode(body.subarray(from, body.indexOf(0, from)))
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 110);
        const s = statements.get(last) ?? { n: 0, bindBytes: 0 };
        s.n++;
        statements.set(last, s);
      } else if (kind === "B") {
        const s = statements.get(last);
        if (s) s.bindBytes += msg.length;
      }
    }
    return send.call(this, msg, ...rest);
  };
  Object.assign(proto[method] as Send, { counting: true });
}

export async function importWorkBench(): Promise<Figure[]> {
  countStatements();
  statements.clear();
  const server = await startTestServer();
  try {
    const user = await createTestUser(server);
    const headers = { ...user.auth, "content-type": "application/json" };
    const rows = async <T>(query: string): Promise<T[]> =>
      (await server.database.db.execute(sql.raw(query))).rows as T[];
    const batchId = uuidv7();
    const batch = await server.app.inject({
      method: "PUT",
      url: `/api/inventory/batches/${batchId}`,
      headers,
      payload: { name: "Bench", sourceFileName: "b.csv", rowCount: CHUNKS * PER_CHUNK },
    });
    if (batch.statusCode >= 300) throw new Error(`PUT batch answered ${batch.statusCode}: ${batch.body}`);
    const triggers = await rows<{ def: string }>(
      `select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
   where c.relname = 'inventory_items' and not tgisinternal order by tgname`,
    );
    const indexes = await rows<{ indexdef: string }>(
      "select indexdef from pg_indexes where tablename = 'inventory_items' order by indexname",
    );
    await rows("set track_functions = 'all'");
    const bodies = Array.from({ length: CHUNKS }, (_, c) => chunkBody(batchId, c));

    const inspector = process.env.PROFILE ? new Session() : null;
    if (inspector) {
      inspector.connect();
      await inspector.post("Profiler.enable");
      await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
      await inspector.post("Profiler.start");
    }
    counting = true;
    for (const body of bodies) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/inventory/items/bulk",
        headers: { ...headers, "idempotency-key": uuidv7() },
        payload: body,
      });
      if (res.statusCode >= 300)
        throw new Error(`bulk answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    }
    counting = false;
    if (inspector && process.env.PROFILE) {
      const { profile } = await inspector.post("Profiler.stop");
      writeFileSync(process.env.PROFILE, JSON.stringify(profile));
    }

    const functions = await rows("select funcname, calls from pg_stat_user_functions order by calls desc");
    const countMs: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t = performance.now();
      await rows(
        `select count(*)::int from inventory_items where company_id = '${user.companyId}'
     and batch_id = '${batchId}' and deleted_at is null`,
      );
      countMs.push(Math.round(performance.now() - t));
    }
    const list = [...statements]
      .map(([text, s]) => ({ n: s.n, bindKB: Math.round(s.bindBytes / 1024), sql: text }))
      .sort((a, b) => b.n - a.n);
    console.log(`${CHUNKS} bulk requests of ${PER_CHUNK} items (${bodies[0]?.length} bytes each)`);
    console.log(`statements: ${list.reduce((a, s) => a + s.n, 0)}`);
    for (const s of list)
      console.log(`${String(s.n).padStart(4)} ${String(s.bindKB).padStart(6)} KB  ${s.sql}`);
    console.log(`triggers on inventory_items (${triggers.length}):`);
    for (const t of triggers) console.log(`  ${t.def.replace(/^CREATE TRIGGER /, "")}`);
    console.log(`indexes on inventory_items (${indexes.length}):`);
    for (const i of indexes) console.log(`  ${i.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, "$1")}`);
    console.log("trigger functions run:", JSON.stringify(functions));
    console.log(
      `a count of the batch's ${CHUNKS * PER_CHUNK} items (the import notice's): ${countMs.join(", ")} ms`,
    );
    const perRequest = list.reduce((a, s) => a + s.n, 0) / CHUNKS;
    const triggerCalls = (functions as { calls: number | string }[]).reduce((a, f) => a + Number(f.calls), 0);
    return [
      {
        bench: BENCH,
        metric: "SQL statements per bulk request (jobs and heartbeat included)",
        value: perRequest,
        unit: "",
      },
      {
        bench: BENCH,
        metric: "trigger function calls per bulk request",
        value: triggerCalls / CHUNKS,
        unit: "",
      },
      { bench: BENCH, metric: "indexes on inventory_items", value: indexes.length, unit: "" },
    ];
  } finally {
    await server.close();
  }
}

runWhenMain(import.meta.filename, importWorkBench);
