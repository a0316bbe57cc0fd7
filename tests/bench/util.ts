import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { resolve } from "node:path";
import pg from "pg";

export const ROOT = resolve(import.meta.dirname, "../..");

/** One line of the figures a bench prints, and whether it met its target. */
export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  target?: { op: ">=" | "<"; value: number };
}

export const met = (f: Figure) =>
  !f.target || (f.target.op === ">=" ? f.value >= f.target.value : f.value < f.target.value);

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => res(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

/** A throw-away database on the PostgreSQL server of `adminUrl`, dropped by `drop()`. */
export async function tempPgDatabase(adminUrl: string) {
  const name = `blocklot_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

/**
 * Runs autocannon in its own process (so the load generator does not share the
 * server's event loop) against a loopback URL; bounded by `durationSec`.
 */
export function loadTest(opts: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSec: number;
}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(opts.url)) {
    throw new Error(`benchmarks only target loopback addresses, not ${opts.url}`);
  }
  const args = [
    resolve(ROOT, "node_modules/autocannon/autocannon.js"),
    "-c",
    String(opts.connections),
    "-d",
    String(opts.durationSec),
    "-j",
    "-n",
  ];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}=${v}`);
  args.push(opts.url);
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), (opts.durationSec + 30) * 1000);
    child.on("close", (code) => {
      clearTimeout(killer);
      if (code !== 0) return rej(new Error(`autocannon exited ${code}: ${err}`));
      const r = JSON.parse(out);
      res({
        requestsPerSec: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}
