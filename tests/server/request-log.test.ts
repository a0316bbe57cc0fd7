import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { createTestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
  err?: { message: string; stack: string };
}

let server: TestServer;
/** A second server on the test database, logging at info (as in production) into `lines`. */
let app: FastifyInstance;
const lines: LogLine[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    config: server.config,
    database: server.database,
    logger: { level: "info", stream },
  });
  app.get("/api/test-failure", { config: { auth: "public" } }, async () => {
    throw new Error("the test route broke");
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await server?.close();
});
beforeEach(() => {
  lines.length = 0;
});

/** The lines the request wrote (those with a request id), once its answer has gone out. */
async function linesOf(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "GET", url, headers });
  await new Promise((r) => setImmediate(r));
  return { res, logged: lines.filter((l) => l.reqId !== undefined) };
}

describe("one log line per request", () => {
  it("a signed-in read writes one line with method, URL, status, response time and request id", async () => {
    const user = await createTestUser(server);
    const { res, logged } = await linesOf("/api/account/profile", user.auth);
    expect(res.statusCode).toBe(200);
    expect(logged).toHaveLength(1);
    const [line] = logged as [LogLine];
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/account/profile" },
      res: { statusCode: 200 },
    });
    expect(line.reqId).toEqual(expect.any(String));
    expect(line.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(line)).not.toContain(user.token);
  });

  it("a refused request is one line with its status and its URL's credentials redacted", async () => {
    const { res, logged } = await linesOf("/api/account/profile?access_token=leaked-1234", {
      authorization: "Bearer not.a.token",
    });
    expect(res.statusCode).toBe(401);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/api/account/profile?access_token=[redacted]" },
      res: { statusCode: 401 },
    });
    expect(JSON.stringify(logged)).not.toContain("leaked-1234");
  });

  it("a failure on our side is logged with its stack, then its request line, under one request id", async () => {
    const { res, logged } = await linesOf("/api/test-failure");
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain("the test route broke");
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      [50, "request failed"],
      [30, "request completed"],
    ]);
    const [failed, completed] = logged as [LogLine, LogLine];
    expect(failed.err?.stack).toContain("the test route broke");
    expect(completed.res?.statusCode).toBe(500);
    expect(failed.reqId).toBe(completed.reqId);
  });
});
