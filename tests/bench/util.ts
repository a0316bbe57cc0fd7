import { type ChildProcess, execFileSync, execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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

/** Whether `port` can be listened on at 127.0.0.1 now (0: any free one; answers the port, or null). */
function tryPort(port: number): Promise<number | null> {
  return new Promise((res) => {
    const s = createServer();
    s.once("error", () => res(null));
    s.listen(port, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => res(typeof addr === "object" && addr ? addr.port : null));
    });
  });
}

/**
 * A free loopback port: the OS's choice, or with `BENCH_PORTS=FROM-TO` (a session's own range on
 * a shared machine) the first free one of that range from a random start.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "");
  if (!range) {
    const port = await tryPort(0);
    if (port === null) throw new Error("no free port");
    return port;
  }
  const from = Number(range[1]);
  const size = Number(range[2]) - from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = await tryPort(from + ((start + i) % size));
    if (port !== null) return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

/** CPU milliseconds (user + system) a process has used so far (Linux /proc; 10 ms steps). */
export function cpuMsOf(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
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

/** Whether Debian's `wrk` is installed (`apt-get install wrk`). */
export function hasWrk(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (e) {
    // wrk prints its version and exits 1; only a missing binary is ENOENT.
    return (e as NodeJS.ErrnoException).code !== "ENOENT";
  }
}

/** A wrk latency ("812.00us", "14.20ms", "1.02s") in milliseconds. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) throw new Error(`not a wrk latency: ${text}`);
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
}

/**
 * The same load as `loadTest` with wrk (C, one thread per core): on a machine shared with the
 * servers it measures, it takes a third of autocannon's CPU per request, so more of the cores
 * serve the requests (docs/benchmarks.md, issue 18). Answers what `loadTest` answers.
 */
export function loadTestWrk(opts: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSec: number;
}): LoadResult {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(opts.url)) {
    throw new Error(`benchmarks only target loopback addresses, not ${opts.url}`);
  }
  const args = ["-t2", `-c${opts.connections}`, `-d${opts.durationSec}s`, "--latency"];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}: ${v}`);
  args.push(opts.url);
  const out = execFileSync("wrk", args, { timeout: (opts.durationSec + 30) * 1000 }).toString();
  const grab = (re: RegExp) => {
    const m = re.exec(out);
    if (!m?.[1]) throw new Error(`wrk's output lacks ${re}: ${out}`);
    return m[1];
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSec: Number(grab(/Requests\/sec:\s+([\d.]+)/)),
    p50: wrkMs(grab(/\s50%\s+(\S+)/)),
    p99: wrkMs(grab(/\s99%\s+(\S+)/)),
    total: Number(grab(/(\d+) requests in/)),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

/** The built product (`dist/`), built first when missing. */
export function ensureBuilt(): void {
  if (
    !existsSync(resolve(ROOT, "dist/server/main.js")) ||
    !existsSync(resolve(ROOT, "dist/app/index.html"))
  ) {
    execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
  }
}

export interface SeededServer {
  url: string;
  /** The server process's id (for its CPU time: cpuMsOf). */
  pid: number;
  /** Its temporary folder (data directory inside; the bench may put files here). */
  work: string;
  /** Demo accounts from the seed: email → password. */
  accounts: Map<string, string>;
  /** The demo seller's sign-in. */
  seller: { email: string; password: string };
  /**
   * Another server process on the same PostgreSQL database (a second replica, no seed; live
   * events cross between them by LISTEN/NOTIFY). Only with BENCH_DATABASE_URL.
   */
  startReplica(): Promise<{ url: string; pid: number; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

/** `dist/server/main.js` with `env`, once its health check answers at `url`. */
async function spawnServer(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/server-profile" (node refuses
  // --cpu-prof in NODE_OPTIONS)
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(ROOT, "dist/server/main.js")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // 90 s: under load on the shared 2-core machine the server took 36 s to start
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return child;
}

/**
 * The built server on its own temporary data directory with the demo accounts
 * (`dist/server/seed.js` first: PGlite takes one process at a time), as tests/e2e/global-setup.ts
 * does. BENCH_DATABASE_URL runs it on that PostgreSQL instead of its embedded PGlite.
 */
export async function startSeededServer(name: string): Promise<SeededServer> {
  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), `blocklot-bench-${name}-`));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(work, "data"),
    PUBLIC_URL: url,
    SMTP_URL: "",
    LOG_LEVEL: "warn",
  };
  const out = execFileSync(process.execPath, [join(ROOT, "dist/server/seed.js")], {
    cwd: ROOT,
    env,
  }).toString();
  const accounts = new Map<string, string>();
  for (const m of out.matchAll(/^\s+(\S+@\S+)\s+(\S+)\s/gm)) accounts.set(m[1] as string, m[2] as string);
  const sellerEmail = "seller@demo-realty.example";
  const sellerPassword = accounts.get(sellerEmail);
  if (!sellerPassword) throw new Error(`seed did not print the seller account:\n${out}`);
  const child = await spawnServer(env, url);
  return {
    url,
    pid: child.pid as number,
    work,
    accounts,
    seller: { email: sellerEmail, password: sellerPassword },
    async startReplica() {
      if (!env.DATABASE_URL)
        throw new Error("a second server process needs BENCH_DATABASE_URL (PGlite takes one)");
      const replicaPort = await freePort();
      const replicaUrl = `http://localhost:${replicaPort}`;
      const replica = await spawnServer({ ...env, PORT: String(replicaPort), PUBLIC_URL: url }, replicaUrl);
      return {
        url: replicaUrl,
        pid: replica.pid as number,
        async stop() {
          replica.kill("SIGTERM");
          await new Promise((r) => (replica.exitCode !== null ? r(null) : replica.once("exit", r)));
        },
      };
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a bench when its file is started directly (`npx tsx tests/bench/X.ts`), printing its
 * figures; does nothing when run.ts imports it.
 */
/** A seeded account's session as the app stores it in localStorage after signing in. */
export async function sessionOf(
  base: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/auth-jwt/connect/google/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const { token, refreshToken } = (await res.json()) as { token: string; refreshToken: string };
  return { accessToken: token, refreshToken, acceptedCookies: "true" };
}

export function runWhenMain(moduleFile: string, bench: () => Promise<Figure[]>): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== resolve(moduleFile)) return;
  bench().then(
    (figures) => {
      for (const f of figures) console.log(`${f.metric}: ${f.value} ${f.unit}`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
