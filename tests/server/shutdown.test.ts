import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Graceful shutdown of `npm start`'s process (src/server/main.ts): on SIGTERM it stops
 * taking connections, finishes the requests in flight (database still open), then closes
 * the database and exits 0.
 */
const ROOT = resolve(import.meta.dirname, "../..");
let child: ChildProcess;
let port: number;
let dataDir: string;
let stderr = "";

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const p = typeof a === "object" && a ? a.port : 0;
      s.close(() => res(p));
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-shutdown-"));
  child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    // Always the embedded database: this is about the process, not the database engine.
    env: {
      ...process.env,
      DATABASE_URL: "",
      SMTP_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${stderr}`);
}, 120_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("graceful shutdown on SIGTERM", () => {
  it("finishes a request in flight, refuses new connections, and exits 0", async () => {
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const body = JSON.stringify({ email: "nobody-at-shutdown@example.com" });
    const half = Math.floor(body.length / 2);
    let refusedWhileClosing: boolean | undefined;
    let aliveWhileClosing: boolean | undefined;

    // A request whose body is still arriving when the signal comes.
    const answer = new Promise<{ status: number; body: string }>((res, rej) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/auth-jwt/forgot-password",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (r) => {
          let text = "";
          r.on("data", (d) => {
            text += d;
          });
          r.on("end", () => res({ status: r.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", rej);
      req.write(body.slice(0, half));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(async () => {
          // The listener is closed by now: a new connection is refused.
          refusedWhileClosing = await fetch(`http://127.0.0.1:${port}/api/health`).then(
            () => false,
            () => true,
          );
          aliveWhileClosing = child.exitCode === null;
          req.end(body.slice(half));
        }, 500);
      }, 300);
    });

    // The handler still reached the database after the signal: a real answer, not a reset.
    const res = await answer;
    expect(refusedWhileClosing).toBe(true);
    expect(aliveWhileClosing).toBe(true);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).message).toBe("User not found");
    expect(await exited).toBe(0);
  }, 30_000);
});
