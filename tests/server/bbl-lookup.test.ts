import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlutoDouble, startPlutoDouble } from "./doubles/pluto";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let pluto: PlutoDouble;
let server: TestServer;
let ann: TestUser;

beforeAll(async () => {
  pluto = await startPlutoDouble();
  server = await startTestServer(pluto.env);
  ann = await createTestUser(server, { companyName: "Ann Realty" });
});
afterAll(async () => {
  await server.close();
  await pluto.close();
});

const lookup = (bbl: string, who: TestUser | null = ann) =>
  server.app.inject({
    method: "GET",
    url: `/api/bbl/lookup/${encodeURIComponent(bbl)}`,
    headers: who?.auth ?? {},
  });

describe("GET /api/bbl/lookup/:bbl (PLUTO through NYC Open Data)", () => {
  it("maps PLUTO's row into the property form's fields", async () => {
    pluto.mode = "ok";
    const res = await lookup("1-01119-0036");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bbl: "1011190036",
      bblFormatted: "1-01119-0036",
      address: "100 CENTRAL PARK WEST",
      ownerName: "CPW OWNER LLC",
      borough: "MN",
      zipCode: "10023",
      taxClass: null,
      buildingClass: "D4",
      residentialUnits: 120,
      commercialUnits: 4,
      commercialSqFt: 3200,
      aav: 4_500_000,
      yearBuilt: 1929,
      isCondoUnit: false,
      vacantLand: false,
    });
    expect(pluto.requests.at(-1)).toContain("/resource/64uk-42ks.json?bbl=1011190036");
  });

  it("accepts a borough name in the BBL", async () => {
    const res = await lookup("Brooklyn 123 45");
    expect(res.json()).toMatchObject({
      bbl: "3001230045",
      ownerName: "SMITH, JANE",
      residentialUnits: 3,
      commercialUnits: 0,
    });
  });

  it("answers 404 when PLUTO has no such lot", async () => {
    const res = await lookup("2000010001");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("2-00001-0001");
  });

  it("answers 400 for a malformed BBL without calling PLUTO", async () => {
    const before = pluto.requests.length;
    const res = await lookup("7-00001-0001");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)",
    );
    expect(pluto.requests.length).toBe(before);
  });

  it("needs a signed-in user", async () => {
    expect((await lookup("1011190036", null)).statusCode).toBe(401);
  });

  it("answers 503 with a hint to enter the details by hand when PLUTO fails", async () => {
    pluto.mode = "error";
    const res = await lookup("1011190036");
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("NYC Open Data is unreachable — enter the details by hand.");
    expect(res.json().code).toBe("UNAVAILABLE");
    pluto.mode = "ok";
  });

  it("gives up after 3 seconds when PLUTO does not answer", async () => {
    pluto.mode = "hang";
    const started = Date.now();
    const res = await lookup("1011190036");
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("NYC Open Data is unreachable — enter the details by hand.");
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(6_000);
    pluto.mode = "ok";
  }, 10_000);
});

describe("PLUTO unreachable (nothing listening)", () => {
  it("answers 503", async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, "127.0.0.1", () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const other = await startTestServer({ NYC_OPEN_DATA_URL: `http://127.0.0.1:${closed}` });
    try {
      const user = await createTestUser(other);
      const res = await other.app.inject({
        method: "GET",
        url: "/api/bbl/lookup/1011190036",
        headers: user.auth,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe("NYC Open Data is unreachable — enter the details by hand.");
    } finally {
      await other.close();
    }
  });
});
