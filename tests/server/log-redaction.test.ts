import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { redactUrl } from "../../src/server/plugins/log-redaction";

describe("credentials in URLs stay out of the logs", () => {
  it("redacts token parameters and keeps the rest of the URL", () => {
    expect(redactUrl("/api/events?access_token=eyJ.abc.def")).toBe("/api/events?access_token=[redacted]");
    expect(redactUrl("/x?a=1&token=s3cret&b=2")).toBe("/x?a=1&token=[redacted]&b=2");
    expect(redactUrl("/x?ACCESS%5FTOKEN=s3cret")).toBe("/x?ACCESS%5FTOKEN=[redacted]");
    expect(redactUrl("/api/file/company?bblId=42")).toBe("/api/file/company?bblId=42");
    expect(redactUrl("/plain")).toBe("/plain");
    expect(redactUrl("/x?%E0%A4%A=1")).toBe("/x?%E0%A4%A=1");
  });

  it("logs GET /api/events without the access token it was sent", async () => {
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
