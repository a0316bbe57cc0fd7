import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { itemBody, putItem } from "./inventory-helpers";

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
  // Enough inventory that the first sync page is tens of KB, as a seller's first load is.
  for (let i = 0; i < 60; i++) {
    const { res } = await putItem(
      server,
      alice.auth,
      itemBody(`SKU-${i}`, { description: "A thing to sell ".repeat(20) }),
    );
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => server?.close());

const changes = (encoding?: string) =>
  server.app.inject({
    method: "GET",
    url: "/api/sync/changes?limit=500",
    headers: { ...alice.auth, ...(encoding ? { "accept-encoding": encoding } : {}) },
  });

describe("compressed answers", () => {
  it("sends a large JSON answer in brotli or gzip, whichever the client takes, with the same content", async () => {
    const plain = await changes();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const json = plain.json() as { changes: unknown[] };
    expect(json.changes.length).toBe(60);

    const br = await changes("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gz = await changes("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);
  });

  it("sends a small answer as it is", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/api/account/profile",
      headers: { ...alice.auth, "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toMatchObject({ email: alice.email });
  });

  it("compresses an error answer too only when it is large, and never turns it into a 500", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/api/sync/changes?limit=not-a-number",
      headers: { ...alice.auth, "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toHaveProperty("message");
  });
});
