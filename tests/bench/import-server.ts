/**
 * The inventory import's server side alone (issue 22's regression hunt): the requests a
 * 50,000-row import sends — 10 × `POST /api/inventory/items/bulk` of 5,000 items, one at a time
 * like the app's outbox, each with its own Idempotency-Key — from Node against the BUILT server
 * (`node dist/server/main.js`, its own PGlite data directory), without a browser. Figures: the
 * wall time of the 10 requests and the server process's CPU seconds (Linux /proc) over them.
 * Without Chromium beside it, its figures vary less than inventory-import's, and a build of an
 * older commit can run the same file (it needs only the bench helpers of tests/bench/util.ts).
 *
 * Run: npx tsx tests/bench/import-server.ts   (`BENCH_IMPORT_CHUNKS=N`: N chunks instead of 10)
 */
import { readdirSync, readFileSync } from "node:fs";
import { v7 as uuidv7 } from "uuid";
import { chunkBody, PER_CHUNK } from "./import-chunks";
import { cpuMsOf, type Figure, runWhenMain, startSeededServer } from "./util";

const BENCH = "import, server side (Node client)";
const CHUNKS = Number(process.env.BENCH_IMPORT_CHUNKS || 10);

/** CPU seconds (user + system) a process has used so far. */
const cpuOf = (pid: number) => cpuMsOf(pid) / 1000;

/** The pid of the server started on `work` (its environment names the folder). */
function serverPid(work: string): number {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (
        readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("dist/server/main.js") &&
        readFileSync(`/proc/${pid}/environ`, "utf8").includes(work)
      )
        return Number(pid);
    } catch {
      // ended meanwhile, or not ours
    }
  }
  throw new Error("server process not found");
}

export async function importServerBench(): Promise<Figure[]> {
  const server = await startSeededServer("import-server");
  try {
    const signIn = await fetch(`${server.url}/auth-jwt/connect/google/check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(server.seller),
    });
    const { token } = (await signIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const batchId = uuidv7();
    const batch = await fetch(`${server.url}/api/inventory/batches/${batchId}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({
        name: "Bench import",
        sourceFileName: "bench.csv",
        rowCount: CHUNKS * PER_CHUNK,
      }),
    });
    if (!batch.ok) throw new Error(`PUT batch answered ${batch.status}: ${await batch.text()}`);
    const bodies = Array.from({ length: CHUNKS }, (_, c) => chunkBody(batchId, c));
    const pid = serverPid(server.work);
    const cpu0 = cpuOf(pid);
    const t0 = performance.now();
    for (const body of bodies) {
      const res = await fetch(`${server.url}/api/inventory/items/bulk`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": uuidv7() },
        body,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`bulk answered ${res.status}: ${text.slice(0, 300)}`);
      const created = (JSON.parse(text) as { created: number }).created;
      if (created !== PER_CHUNK) throw new Error(`bulk created ${created} of ${PER_CHUNK} items`);
    }
    const wall = Math.round(performance.now() - t0);
    const cpu = cpuOf(pid) - cpu0;
    const rows = (CHUNKS * PER_CHUNK).toLocaleString("en-US");
    return [
      { bench: BENCH, metric: `${rows} rows in ${CHUNKS} bulk requests: wall`, value: wall, unit: "ms" },
      { bench: BENCH, metric: `${rows} rows: server CPU`, value: Math.round(cpu * 1000), unit: "ms" },
    ];
  } finally {
    await server.stop();
  }
}

runWhenMain(import.meta.filename, importServerBench);
