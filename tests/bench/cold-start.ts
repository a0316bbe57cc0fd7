import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Figure, freePort, ROOT } from "./util";

const TIMEOUT_MS = 30_000;

/** `npm run build` when the built server or app is missing (the bench measures what `npm start` runs). */
function ensureBuilt() {
  const main = resolve(ROOT, "dist/server/main.js");
  const app = resolve(ROOT, "dist/app/index.html");
  if (existsSync(main) && existsSync(app) && !process.env.BENCH_REBUILD) return;
  console.log("cold start: building (npm run build) ...");
  execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      res();
    });
    child.kill("SIGTERM");
  });
}

/** Milliseconds from spawning `node dist/server/main.js` until /api/health answers 200. */
async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [resolve(ROOT, "dist/server/main.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  try {
    while (performance.now() - started < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no healthy answer within ${TIMEOUT_MS} ms: ${stderr}`);
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * Cold start of the built server on the embedded database: a fresh DATA_DIR each
 * time (PGlite creates its files and runs every migration), then restarts on a data
 * dir that already exists. Median of three each.
 */
export async function coldStartBench(): Promise<Figure[]> {
  ensureBuilt();
  const fresh: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), "blocklot-cold-"));
    try {
      fresh.push(await timeToHealthy(dataDir));
      again.push(await timeToHealthy(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const bench = "cold start: node dist/server/main.js until /api/health = 200 (median of 3)";
  return [
    {
      bench,
      metric: "fresh DATA_DIR",
      value: Math.round(median(fresh)),
      unit: "ms",
      target: { op: "<", value: 3000 },
    },
    {
      bench,
      metric: "restart, existing DATA_DIR",
      value: Math.round(median(again)),
      unit: "ms",
      target: { op: "<", value: 3000 },
    },
  ];
}
