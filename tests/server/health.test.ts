import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/domain/errors";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe("GET /api/health", () => {
  it("reports the database as reachable", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: `${server.database.kind}: reachable` });
  });

  it("serves the OpenAPI document", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/api/health"]).toBeDefined();
  });

  it("describes every error answer with the one error schema, its code listing every error code", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const schema = doc.paths["/api/bbl/lookup/{bbl}"].get.responses["503"].content["application/json"].schema;
    expect(schema.required).toEqual(["statusCode", "error", "message", "code"]);
    expect(schema.properties.code.enum).toEqual(Object.values(ERROR_CODES));
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "Not Found", code: "NOT_FOUND" });
    expect(res.json().message).toContain("/api/nope");
  });
});

describe("GET /api/config", () => {
  it("tells the app there is no Google sign-in and no mail server when neither is configured", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: null, clarityProjectId: null, mailDelivery: "outbox" });
  });

  it("hands the app the Google client id, and says mail is sent, when they are configured", async () => {
    const google = await startTestServer({
      GOOGLE_CLIENT_ID: "1234-abc.apps.googleusercontent.com",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    try {
      const res = await google.app.inject({ method: "GET", url: "/api/config" });
      expect(res.json()).toEqual({
        googleClientId: "1234-abc.apps.googleusercontent.com",
        clarityProjectId: null,
        mailDelivery: "smtp",
      });
    } finally {
      await google.close();
    }
  });
});
