import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { v7 as uuidv7 } from "uuid";
import { cluster, signInAdmin, withObjectStore } from "../cluster/cluster-run";
import { ensureBuilt, type Figure, freePort, runWhenMain } from "./util";

/**
 * A replica killed under load (issue 18): `npm run cluster` (PostgreSQL, the S3-compatible object
 * store, two API replicas, two workers, nginx; CLUSTER_S3=off for none) takes reads and writes from CLIENTS concurrent clients for
 * DURATION_S seconds; at KILL_AT_S one API replica gets SIGKILL. Each write is an inventory item
 * PUT with an Idempotency-Key, retried with the same key like the app's outbox until it is
 * acknowledged; afterwards every acknowledged write is read back. UPLOAD_SHARE of the requests
 * upload a small statement (CSV, its own bytes) through nginx, retried until acknowledged (the
 * same bytes again answer the first upload), each read back afterwards from the store. Figures:
 * requests, how many failed before a retry (and when), latency before and after the kill,
 * writes and uploads lost (target 0).
 */
const CLIENTS = Number(process.env.BENCH_CLUSTER_CLIENTS || 16);
const DURATION_S = Number(process.env.BENCH_CLUSTER_SECONDS || 20);
const KILL_AT_S = DURATION_S / 3;
const WRITE_SHARE = 0.3;
const UPLOAD_SHARE = 0.05;
const RETRIES = 20;

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  /** "GET 200", "PUT 502", "PUT network error": what a failure was, to say who should have retried it. */
  kind: string;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : 0;
};
const round = (n: number) => Math.round(n * 10) / 10;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

export async function clusterFailoverBench(): Promise<Figure[]> {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), "blocklot-failover-"));
  const port = Number(process.env.CLUSTER_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  try {
    // A start that fails stops what it started (scripts/cluster.sh); the finally deletes its data.
    cluster(dir, port);
    const auth = { authorization: `Bearer ${await signInAdmin(base, dir)}` };
    const property = await fetch(`${base}/api/bbl`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ bbl: "1000010003" }),
    });
    if (property.status !== 201) throw new Error(`property: ${property.status} ${await property.text()}`);
    const propertyId = ((await property.json()) as { id: string }).id;
    const samples: Sample[] = [];
    const acked = new Map<string, string>();
    /** Acknowledged uploads: file id → the SHA-256 of the bytes sent. */
    const uploaded = new Map<string, string>();
    const start = performance.now();
    const now = () => (performance.now() - start) / 1000;
    let killedAt = Number.NaN;
    const killer = setTimeout(() => {
      const pid = Number(readFileSync(join(dir, "run/api-1.pid"), "utf8"));
      process.kill(pid, "SIGKILL");
      killedAt = now();
    }, KILL_AT_S * 1000);

    /** One request, sampled; the answer's body when it succeeded, else null. */
    const request = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<string | null> => {
      const t0 = performance.now();
      let answer: string | null = null;
      let kind = `${method} network error`;
      const form = body instanceof FormData;
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { ...auth, ...headers, ...(body && !form ? { "content-type": "application/json" } : {}) },
          body: form ? body : body ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        if (res.ok) answer = text;
        kind = `${method} ${res.status}`;
      } catch {
        answer = null;
      }
      samples.push({ at: now(), ms: performance.now() - t0, ok: answer !== null, kind });
      return answer;
    };

    const client = async (c: number) => {
      let n = 0;
      while (now() < DURATION_S) {
        const pick = Math.random();
        if (pick < UPLOAD_SHARE) {
          const name = `F${c}-${n++}.csv`;
          const bytes = Buffer.from(`Unit;Rent\nApt ${name};1.500,00\n`);
          for (let attempt = 0; attempt < RETRIES; attempt++) {
            const form = new FormData();
            form.set("bblId", propertyId);
            form.set("documentType", "rent_roll");
            form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), name);
            const answer = await request("POST", "/api/file/upload", form);
            if (answer) {
              uploaded.set((JSON.parse(answer) as { id: string }).id, sha256(bytes));
              break;
            }
            await new Promise((r) => setTimeout(r, 200));
          }
        } else if (pick < UPLOAD_SHARE + WRITE_SHARE) {
          const id = uuidv7();
          const sku = `F${c}-${n++}`;
          const body = { sku, title: `Failover ${sku}`, description: "load", quantity: 1 };
          for (let attempt = 0; attempt < RETRIES; attempt++) {
            if (
              (await request("PUT", `/api/inventory/items/${id}`, body, { "idempotency-key": id })) !== null
            ) {
              acked.set(id, sku);
              break;
            }
            await new Promise((r) => setTimeout(r, 200));
          }
        } else {
          await request("GET", "/api/account/profile");
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    clearTimeout(killer);

    let lost = 0;
    for (const [id, sku] of acked) {
      const res = await fetch(`${base}/api/inventory/items/${id}`, { headers: auth });
      const item = res.ok ? ((await res.json()) as { sku: string }) : null;
      if (item?.sku !== sku) lost++;
    }
    let uploadsLost = 0;
    for (const [id, hash] of uploaded) {
      const res = await fetch(`${base}/api/file/download/${id}`, { headers: auth });
      const bytes = res.ok ? Buffer.from(await res.arrayBuffer()) : null;
      if (!bytes || sha256(bytes) !== hash) uploadsLost++;
    }
    const before = samples.filter((s) => s.at < killedAt);
    const after = samples.filter((s) => s.at >= killedAt);
    const failed = samples.filter((s) => !s.ok);
    const lastFailure = failed.length ? Math.max(...failed.map((s) => s.at)) - killedAt : 0;
    const bench = "cluster-failover";
    console.log(
      `  ${withObjectStore ? "with" : "without"} the object store; ${CLIENTS} clients, ${DURATION_S} s, api-1 killed at ${round(killedAt)} s; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    const kinds = new Map<string, number>();
    for (const s of failed) kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
    for (const [kind, n] of [...kinds].sort()) console.log(`  failed: ${kind} × ${n}`);
    return [
      { bench, metric: "requests", value: samples.length, unit: "requests" },
      { bench, metric: "failed before a retry", value: failed.length, unit: "requests" },
      { bench, metric: "last failure after the kill", value: round(Math.max(0, lastFailure)), unit: "s" },
      {
        bench,
        metric: "p95 before the kill",
        value: round(
          pct(
            before.map((s) => s.ms),
            95,
          ),
        ),
        unit: "ms",
      },
      {
        bench,
        metric: "p95 after the kill",
        value: round(
          pct(
            after.map((s) => s.ms),
            95,
          ),
        ),
        unit: "ms",
      },
      { bench, metric: "writes acknowledged", value: acked.size, unit: "writes" },
      { bench, metric: "uploads acknowledged", value: uploaded.size, unit: "files" },
      {
        bench,
        metric: "acknowledged uploads lost",
        value: uploadsLost,
        unit: "files",
        target: { op: "<", value: 1 },
      },
      {
        bench,
        metric: "acknowledged writes lost",
        value: lost,
        unit: "writes",
        target: { op: "<", value: 1 },
      },
    ];
  } finally {
    try {
      cluster(dir, port, "clean");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

runWhenMain(import.meta.filename, clusterFailoverBench);
