import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { excerptDeep, isLoopbackUrl, redactLinks, redactUrl } from "../../src/server/plugins/log-redaction";
import { lastMail, linkToken } from "./doubles/mailbox";

describe("credentials in URLs stay out of the logs", () => {
  it("redacts token parameters and keeps the rest of the URL", () => {
    expect(redactUrl("/api/events?access_token=eyJ.abc.def")).toBe("/api/events?access_token=[redacted]");
    expect(redactUrl("/x?a=1&token=s3cret&b=2")).toBe("/x?a=1&token=[redacted]&b=2");
    expect(redactUrl("/x?ACCESS%5FTOKEN=s3cret")).toBe("/x?ACCESS%5FTOKEN=[redacted]");
    expect(redactUrl("/api/file/company?bblId=42")).toBe("/api/file/company?bblId=42");
    expect(redactUrl("/plain")).toBe("/plain");
    expect(redactUrl("/x?%E0%A4%A=1")).toBe("/x?%E0%A4%A=1");
  });

  it("logs GET /api/events without the access token it was sent", { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig(
      { DATA_DIR: "/tmp/blocklot-test-unused", STATIC_DIR: "", LOG_LEVEL: "info" },
      { jwtSecret: new TextEncoder().encode(randomBytes(32).toString("hex")) },
    );
    const database = await openDatabase({ memory: true });
    const app = await buildApp({ config, database, logger: { level: "info", stream } });
    try {
      await app.ready();
      const res = await app.inject({ method: "GET", url: "/api/events?access_token=not-a-real-token-1234" });
      expect(res.statusCode).toBe(401);
      const logged = lines.join("");
      expect(logged).toContain("/api/events?access_token=[redacted]");
      expect(logged).not.toContain("not-a-real-token-1234");
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("credentials and user content stay out of the logs", () => {
  it("redacts secrets by field name at any depth, and cuts long strings to an excerpt", () => {
    const logged = excerptDeep({
      body: { email: "a@example.com", password: "hunter2 hunter2", newPassword: "x y z w" },
      headers: { authorization: "Bearer eyJ.a.b", cookie: "refresh=abc", "user-agent": "UA" },
      tokens: { accessToken: "eyJ.c.d", refresh_token: "r-1" },
      setup: { setupCode: "123456", seedCode: "seed-42", verificationCode: "999" },
      cell: "x".repeat(5000),
    }) as Record<string, Record<string, string> | string>;
    const text = JSON.stringify(logged);
    for (const secret of ["hunter2", "x y z w", "eyJ", "refresh=abc", "r-1", "123456", "seed-42", '"999"'])
      expect(text).not.toContain(secret);
    expect(text).toContain("a@example.com");
    expect(text).toContain('"user-agent":"UA"');
    expect(logged.cell).toMatch(/^x{300}… \[4,700 more characters\]$/);
  });

  it("redacts capability links in URLs and in mail text", () => {
    expect(redactUrl("/api/photo/abc123/photos/9")).toBe("/api/photo/[redacted]/photos/9");
    expect(redactUrl("/api/invitation/inv-hash/accept")).toBe("/api/invitation/[redacted]/accept");
    expect(redactUrl("/auth/google/reset-pwd/rst-tok")).toBe("/auth/google/reset-pwd/[redacted]");
    expect(redactLinks("Open https://b.example/confirmation-email/c0nf1rm to confirm.")).toBe(
      "Open https://b.example/confirmation-email/[redacted] to confirm.",
    );
    expect(redactLinks("See https://b.example/pricing?plan=1")).toBe("See https://b.example/pricing?plan=1");
    expect(isLoopbackUrl("http://localhost:3000")).toBe(true);
    expect(isLoopbackUrl("https://blocklot.example")).toBe(false);
  });

  it("a sign-up, confirmation, sign-in and password reset log no password, token, cookie or link secret", {
    timeout: 120_000,
  }, async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig(
      {
        DATA_DIR: "/tmp/blocklot-test-unused",
        STATIC_DIR: "",
        LOG_LEVEL: "debug",
        PUBLIC_URL: "https://blocklot.example",
      },
      { jwtSecret: new TextEncoder().encode(randomBytes(32).toString("hex")) },
    );
    const database = await openDatabase({ memory: true });
    const app = await buildApp({ config, database, logger: { level: "debug", stream } });
    try {
      await app.ready();
      const email = "logs@example.com";
      const password = "correct horse battery";
      const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
        app.inject({ method: "POST", url, payload, headers });
      expect(
        (await post("/auth-jwt/register", { email, password, displayName: "Log Reader" })).statusCode,
      ).toBe(201);
      const hash = linkToken((await lastMail(database, email, "confirm-email")).text, "/confirmation-email");
      const confirmed = await post("/auth-jwt/confirm-email", { hash });
      expect(confirmed.statusCode).toBe(200);
      const signIn = await post("/auth-jwt/connect/google/check", { email, password });
      expect(signIn.statusCode).toBe(200);
      const access = signIn.json().accessToken as string;
      const cookies = [signIn.headers["set-cookie"]].flat().join("; ");
      // A failing request carrying every credential header.
      await app.inject({
        method: "GET",
        url: `/api/file/not-a-uuid?access_token=${access}`,
        headers: { authorization: `Bearer ${access}`, cookie: cookies },
      });
      await post("/auth-jwt/connect/google/check", { email, password: "wrong password here" });
      await post("/auth-jwt/forgot-password", { email });
      const reset = linkToken(
        (await lastMail(database, email, "reset-password")).text,
        "/auth/google/reset-pwd",
      );
      const newPassword = "another long password";
      await post("/auth-jwt/reset-password", { token: reset, password: newPassword });
      await app.inject({ method: "GET", url: `/api/photo/${"f".repeat(40)}` });
      // Anything a route might log itself is redacted by field name.
      app.log.info({ body: { password, token: reset }, headers: { authorization: `Bearer ${access}` } }, "x");

      const logged = lines.join("");
      expect(logged).toContain("mail (outbox only)");
      expect(logged).toContain("/confirmation-email/[redacted]");
      expect(logged).toContain("/api/photo/[redacted]");
      const secrets = [password, newPassword, "wrong password here", hash, reset, access, "f".repeat(40)];
      for (const cookie of cookies.split(/;\s*/)) {
        const value = cookie.split("=")[1];
        if (value && value.length > 20) secrets.push(value);
      }
      for (const secret of secrets) expect(logged, `the log holds ${secret}`).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
