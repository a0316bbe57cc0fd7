import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";

const BOOT = "document.documentElement.setAttribute('data-mantine-color-scheme', 'light');";
const PRERENDERED_BOOT = "/* prerendered */ window.booted = true;";
const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

let staticDir: string;
let database: Database;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "blocklot-headers-"));
  writeFileSync(
    join(staticDir, "index.html"),
    `<!doctype html><html><head><script id="boot-script">${BOOT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  mkdirSync(join(staticDir, "prerendered"));
  writeFileSync(
    join(staticDir, "prerendered", "pricing.html"),
    `<!doctype html><html><head><script>${PRERENDERED_BOOT}</script><script type="application/ld+json">{"a":1}</script></head><body></body></html>`,
  );
  writeFileSync(
    join(staticDir, "prerendered", "routes.json"),
    JSON.stringify({ "/pricing": "pricing.html" }),
  );
  database = await openDatabase({ memory: true });
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

async function withApp(env: Record<string, string>, run: (app: FastifyInstance) => Promise<void>) {
  const config = loadConfig(
    { DATA_DIR: join(staticDir, "data"), STATIC_DIR: staticDir, ...env },
    { jwtSecret: new TextEncoder().encode(randomBytes(32).toString("hex")) },
  );
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    await run(app);
  } finally {
    await app.close();
  }
}

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("security headers on every answer", () => {
  it("pages, the health check, API answers and errors carry the policy and the other headers", async () => {
    await withApp({ PUBLIC_URL: "http://localhost:3000" }, async (app) => {
      for (const url of [
        "/",
        "/pricing",
        "/some/client/route",
        "/api/health",
        "/api/file/company",
        "/api/nope",
      ]) {
        const res = await app.inject({ url });
        const h = res.headers;
        const csp = directives(h["content-security-policy"]);
        expect(csp.get("default-src"), url).toEqual(["'self'"]);
        const scripts = csp.get("script-src") ?? [];
        expect(scripts).toContain("'self'");
        expect(scripts).toContain("'wasm-unsafe-eval'");
        expect(scripts).toContain(sha(BOOT));
        expect(scripts).toContain(sha(PRERENDERED_BOOT));
        expect(scripts).not.toContain("'unsafe-inline'");
        expect(scripts).not.toContain("'unsafe-eval'");
        expect(scripts).toHaveLength(4);
        expect(csp.get("worker-src")).toEqual(["'self'"]);
        expect(csp.get("connect-src")).toEqual(["'self'"]);
        expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
        expect(csp.get("object-src")).toEqual(["'none'"]);
        expect(csp.get("base-uri")).toEqual(["'self'"]);
        expect(h["x-frame-options"]).toBe("DENY");
        expect(h["x-content-type-options"]).toBe("nosniff");
        expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(h["strict-transport-security"]).toBeUndefined();
        const html = String(h["content-type"]).startsWith("text/html");
        expect(h["permissions-policy"]).toMatch(html ? /^camera=\(self\), microphone=\(\)/ : /^camera=\(\)/);
      }
    });
  }, 120_000);

  it("HSTS when the public URL is https; S3 and Google hosts only when configured", async () => {
    await withApp(
      {
        PUBLIC_URL: "https://blocklot.example",
        S3_ENDPOINT: "https://s3.files.example:9000",
        S3_BUCKET: "b",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
        GOOGLE_CLIENT_ID: "client.apps.googleusercontent.com",
      },
      async (app) => {
        const res = await app.inject({ url: "/api/health" });
        expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
        const csp = directives(res.headers["content-security-policy"]);
        expect(csp.get("connect-src")).toEqual([
          "'self'",
          "https://s3.files.example:9000",
          "https://accounts.google.com",
        ]);
        expect(csp.get("script-src")).toContain("https://accounts.google.com");
        expect(csp.get("frame-src")).toEqual(["blob:", "https://accounts.google.com"]);
      },
    );
  }, 120_000);

  it("allows Microsoft Clarity's hosts only when CLARITY_PROJECT_ID is set, and tells the app its id", async () => {
    const clarityHosts = ["https://*.clarity.ms", "https://c.bing.com"];
    await withApp({}, async (app) => {
      const res = await app.inject({ url: "/api/config" });
      expect(res.json().clarityProjectId).toBeNull();
      const csp = directives(res.headers["content-security-policy"]);
      for (const name of ["script-src", "connect-src", "img-src"]) {
        for (const host of clarityHosts) expect(csp.get(name), name).not.toContain(host);
      }
      expect(String(res.headers["content-security-policy"])).not.toMatch(/clarity|bing/);
    });
    await withApp({ CLARITY_PROJECT_ID: "abc123xyz" }, async (app) => {
      for (const url of ["/", "/api/config", "/api/health"]) {
        const res = await app.inject({ url });
        const csp = directives(res.headers["content-security-policy"]);
        for (const name of ["script-src", "connect-src", "img-src"]) {
          expect(csp.get(name), `${url} ${name}`).toEqual(expect.arrayContaining(clarityHosts));
        }
        // Nothing else widens: no framing (only the PDF preview's own blob: frames), no inline scripts.
        expect(csp.get("frame-src")).toEqual(["blob:"]);
        expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
      }
      expect((await app.inject({ url: "/api/config" })).json().clarityProjectId).toBe("abc123xyz");
    });
  }, 120_000);

  it("refuses a CLARITY_PROJECT_ID that is not a project id at start", () => {
    for (const bad of ["abc/../x", "a b", 'id"onload', "x".repeat(65)]) {
      expect(() => loadConfig({ DATA_DIR: join(staticDir, "data"), CLARITY_PROJECT_ID: bad }), bad).toThrow(
        /CLARITY_PROJECT_ID/,
      );
    }
  });
});
