import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "blocklot-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Blocklot</title><div id=root></div>");
  writeFileSync(join(dir, "assets", "app-1234.js"), "console.log('app')");
  // scripts/frame-shell.ts output: index.html naming the signed-in frame's chunks.
  writeFileSync(
    join(dir, "frame.html"),
    '<!doctype html><title>Blocklot</title><link rel="modulepreload" href="/assets/frame-1.js"><link rel="manifest" href="/manifest.webmanifest"><div id=root></div>',
  );
  writeFileSync(
    join(dir, "frame-routes.json"),
    JSON.stringify([
      { path: "/dashboard/inventory-info", scripts: ["assets/inventory-info-1.js"], styles: [] },
    ]),
  );
  // scripts/prerender.ts output: two prerendered pages and their map.
  mkdirSync(join(dir, "prerendered"));
  writeFileSync(
    join(dir, "prerendered", "index.html"),
    "<title>Home | Blocklot</title><div id=root data-prerendered>home</div>",
  );
  writeFileSync(
    join(dir, "prerendered", "pricing.html"),
    "<title>Pricing | Blocklot</title><div id=root data-prerendered>pricing</div>",
  );
  writeFileSync(
    join(dir, "prerendered", "routes.json"),
    JSON.stringify({ "/": "index.html", "/pricing": "pricing.html", "/evil": "../../etc/passwd" }),
  );
  server = await startTestServer({ STATIC_DIR: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("serving the built app beside the API", () => {
  it("serves the prerendered pages for their paths, query strings included", async () => {
    for (const [url, text] of [
      ["/", "home"],
      ["/?utm_source=x", "home"],
      ["/pricing", "pricing"],
      ["/pricing?plan=1", "pricing"],
    ] as const) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body, url).toContain(`data-prerendered>${text}<`);
    }
    const head = await server.app.inject({ method: "HEAD", url: "/pricing" });
    expect(head.statusCode).toBe(200);
  });

  it("answers a prerendered form sent without JavaScript with the page again (400), whatever was sent", async () => {
    for (const [payload, type] of [
      ["email=a%40b.test&password=secret", "application/x-www-form-urlencoded"],
      ["%%%not-a-form", "application/x-www-form-urlencoded"],
      ["--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--", "multipart/form-data; boundary=x"],
    ] as const) {
      const res = await server.app.inject({
        method: "POST",
        url: "/pricing",
        payload,
        headers: { "content-type": type },
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("data-prerendered>pricing<");
    }
    const tooBig = await server.app.inject({
      method: "POST",
      url: "/",
      payload: `a=${"x".repeat(100 * 1024)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it("ignores a routes.json entry that points outside the prerendered folder", async () => {
    const res = await server.app.inject({ method: "GET", url: "/evil" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Blocklot</title>");
  });

  it("serves index.html for client-side routes", async () => {
    for (const url of ["/auth/google/login?returnTo=%2Fdashboard", "/no/such/page"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<title>Blocklot</title>");
    }
  });

  it("serves the areas drawn in the signed-in frame with the frame's chunks named (frame.html)", async () => {
    for (const url of ["/dashboard", "/dashboard/inventory-info", "/admin/users?page=2", "/marketplace"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body, url).toContain('rel="modulepreload" href="/assets/frame-1.js"');
    }
    // a route's own chunks are named for its path only
    const page = await server.app.inject({ method: "GET", url: "/dashboard/inventory-info" });
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/inventory-info-1.js">');
    const other = await server.app.inject({ method: "GET", url: "/dashboard/properties" });
    expect(other.body).not.toContain("inventory-info-1.js");
    // other client-side routes (and look-alike paths) get the plain index.html
    for (const url of ["/dashboards", "/auth/google/login", "/administration"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain("modulepreload");
    }
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    const res = await server.app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    for (const url of ["/api/unknown", "/auth-jwt/unknown"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain("No route");
    }
    const post = await server.app.inject({ method: "POST", url: "/dashboard", payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
