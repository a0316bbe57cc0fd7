import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { cluster, signInAdmin } from "../cluster/cluster-run";
import { ensureBuilt, type Figure, freePort, hasWrk, loadTest, loadTestWrk, runWhenMain } from "./util";

/**
 * Authenticated reads through nginx (issue 18's "≥ 5,000 req/s with p99 ≤ 50 ms on this 2-core
 * machine"): `npm run cluster` (PostgreSQL, two API replicas, two workers, nginx), the super
 * admin signed in, and CONNECTIONS keep-alive connections of `GET /api/account/profile` (the
 * token checked, the account read from PostgreSQL) for DURATION_S seconds after a warm-up. The
 * load generator runs on the same two cores as everything it measures, so the figure is a floor:
 * wrk when it is installed (it leaves more of the cores to the servers), else autocannon;
 * BENCH_LOAD_GENERATOR=autocannon forces autocannon.
 */
const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS || 64);
const DURATION_S = Number(process.env.BENCH_DURATION || 15);

export async function clusterReadsBench(): Promise<Figure[]> {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), "blocklot-reads-"));
  // CLUSTER_PORT: a session given a port range keeps nginx (and the ports after it) inside it.
  const port = Number(process.env.CLUSTER_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  cluster(dir, port);
  try {
    const headers = { authorization: `Bearer ${await signInAdmin(base, dir)}` };
    const url = `${base}/api/account/profile`;
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`profile answered ${check.status}: ${await check.text()}`);
    const wrk = process.env.BENCH_LOAD_GENERATOR !== "autocannon" && hasWrk();
    const load = async (durationSec: number) =>
      wrk
        ? loadTestWrk({ url, headers, connections: CONNECTIONS, durationSec })
        : loadTest({ url, headers, connections: CONNECTIONS, durationSec });
    await load(3); // warm-up (JIT, pools)
    const before = loadavg()[0] ?? 0;
    const r = await load(DURATION_S);
    if (r.non2xx || r.errors)
      throw new Error(`${r.non2xx} non-2xx answers and ${r.errors} errors of ${r.total}`);
    const name = `GET /api/account/profile through nginx, 2 replicas on PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s, ${wrk ? "wrk" : "autocannon"}`;
    console.log(
      `  load average ${before.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after; ${r.total} requests`,
    );
    return [
      {
        bench: name,
        metric: "requests/s",
        value: Math.round(r.requestsPerSec),
        unit: "req/s",
        target: { op: ">=", value: 5000 },
      },
      { bench: name, metric: "p50", value: r.p50, unit: "ms" },
      { bench: name, metric: "p99", value: r.p99, unit: "ms", target: { op: "<", value: 50 } },
    ];
  } finally {
    cluster(dir, port, "clean");
  }
}

runWhenMain(import.meta.filename, clusterReadsBench);
