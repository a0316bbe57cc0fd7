import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const assess = (payload: unknown) =>
  server.app.inject({ method: "POST", url: "/api/rpie/assess", payload: payload as object });

describe("POST /api/rpie/assess (public)", () => {
  it("answers without sign-in, in exactly the documented shape", async () => {
    const res = await assess({ filingYear: 2025, aav: 800_000, residentialUnits: 40, commercialUnits: 3 });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        "claimOfExclusion",
        "deadline",
        "exclusion",
        "form",
        "mustFile",
        "penaltyIfLate",
        "reasons",
        "rentRollAddendum",
      ].sort(),
    );
    expect(res.json()).toMatchObject({
      mustFile: true,
      claimOfExclusion: false,
      exclusion: null,
      form: "long",
      rentRollAddendum: true,
      deadline: "2025-06-02",
      penaltyIfLate: 3_000,
    });
    expect(res.json().reasons.length).toBeGreaterThan(0);
  });

  it("names the exclusion and the Claim of Exclusion penalty", async () => {
    const res = await assess({
      filingYear: 2024,
      aav: 300_000,
      residentialUnits: 60,
      commercialUnits: 1,
      commercialSqFt: 1_200,
      isCoop: true,
      consecutiveYearsNotFiled: 1,
    });
    expect(res.json()).toMatchObject({
      mustFile: false,
      claimOfExclusion: true,
      exclusion: "coop-small-commercial",
      form: "exclusion",
      deadline: "2024-06-03",
      penaltyIfLate: 500,
    });
  });

  it("uses the final AAV and the three-year rule for the penalty", async () => {
    const res = await assess({
      filingYear: 2026,
      aav: 200_000,
      finalAav: 260_000,
      residentialUnits: 0,
      commercialUnits: 2,
      consecutiveYearsNotFiled: 0,
    });
    expect(res.json()).toMatchObject({ form: "short", penaltyIfLate: 1_500, deadline: "2026-06-01" });
    const third = await assess({
      filingYear: 2026,
      aav: 200_000,
      residentialUnits: 0,
      commercialUnits: 2,
      consecutiveYearsNotFiled: 2,
    });
    expect(third.json().penaltyIfLate).toBe(10_000);
  });

  it.each<[string, unknown]>([
    ["no body", undefined],
    ["missing aav", { filingYear: 2025, residentialUnits: 1, commercialUnits: 0 }],
    ["negative aav", { filingYear: 2025, aav: -1, residentialUnits: 1, commercialUnits: 0 }],
    ["aav as text", { filingYear: 2025, aav: "50000", residentialUnits: 1, commercialUnits: 0 }],
    ["negative units", { filingYear: 2025, aav: 50_000, residentialUnits: -2, commercialUnits: 0 }],
    ["fractional units", { filingYear: 2025, aav: 50_000, residentialUnits: 2.5, commercialUnits: 0 }],
    ["a year out of range", { filingYear: 1899, aav: 50_000, residentialUnits: 1, commercialUnits: 0 }],
    [
      "a flag as text",
      { filingYear: 2025, aav: 50_000, residentialUnits: 1, commercialUnits: 0, vacant: "yes" },
    ],
    ["an unknown field", { filingYear: 2025, aav: 50_000, residentialUnits: 1, commercialUnits: 0, rent: 5 }],
    [
      "a bad building class",
      { filingYear: 2025, aav: 50_000, residentialUnits: 1, commercialUnits: 0, buildingClass: "hotel" },
    ],
    ["an array", [1, 2]],
  ])("refuses %s with a 400", async (_label, body) => {
    const res = await assess(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Invalid request body|Request body/);
  });
});
