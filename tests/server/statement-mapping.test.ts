import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let staff: TestUser;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  staff = await createTestUser(server, { displayName: "Staff", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
  owner = await createTestUser(server, { displayName: "Owner" }); // Company Admin of their own company
});
afterAll(async () => server.close());

const get = (url: string, headers: Record<string, string> = staff.auth) =>
  server.app.inject({ method: "GET", url, headers });
const suggest = (payload: unknown, headers: Record<string, string> = staff.auth) =>
  server.app.inject({
    method: "POST",
    url: "/api/statement-mapping/suggest",
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

const LISTS = [
  ["/api/statement-mapping/get-tc203-fields", "tc203"],
  ["/api/statement-mapping/get-tc201-fields", "tc201"],
  ["/api/statement-mapping/get-audit-report-fields", "audit"],
  ["/api/statement-mapping/get-rpie-fields", "rpie"],
] as const;

describe("field lists", () => {
  it.each(LISTS)("%s answers the %s catalogue for this year", async (url, form) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.form).toBe(form);
    expect(body.year).toBe(new Date().getUTCFullYear());
    expect(body.catalogueYear).toBe(2020);
    expect(body.fields.length).toBeGreaterThan(5);
    for (const f of body.fields) {
      expect(f.form).toBe(form);
      expect(f.id.startsWith(`${form}.`)).toBe(true);
      expect(typeof f.allowsNegative).toBe("boolean");
    }
  });

  it("lists the TC201 lines in form order with their totals", async () => {
    const body = (await get("/api/statement-mapping/get-tc201-fields?year=2024")).json();
    expect(body.year).toBe(2024);
    const expenses = body.fields.filter((f: { id: string }) => f.id.startsWith("tc201.7."));
    expect(expenses.map((f: { line: string }) => f.line).join("")).toBe("abcdefghijklmno");
    const m = expenses.find((f: { line: string }) => f.line === "m");
    expect(m).toMatchObject({ kind: "total", label: "Expenses before real estate taxes" });
    expect(m.totalOf).toHaveLength(12);
  });

  it("gives the audit fields with the TC309 rule", async () => {
    const body = (await get("/api/statement-mapping/get-audit-report-fields")).json();
    expect(body.tc309).toEqual({
      minTentativeAav: 5_000_000,
      incomeOver: 100_000,
      requiredOpinion: "unmodified",
    });
    const opinion = body.fields.find((f: { id: string }) => f.id === "audit.opinion");
    expect(opinion.choices).toEqual(["unmodified", "qualified", "adverse", "disclaimer"]);
  });

  it.each(["year=2019", "year=abc", "year=2101", "year=2024.5", "other=1"])(
    "refuses ?%s with a 400",
    async (query) => {
      const res = await get(`/api/statement-mapping/get-tc203-fields?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/query string/);
    },
  );
});

describe("POST /api/statement-mapping/suggest", () => {
  it("answers per label, in order, up to 5 candidates best first with reasons", async () => {
    const labels = ["6100 · Payroll Taxes", "Con Ed", "Mortgage interest", "Plumbng", "zzqx"];
    const res = await suggest({ form: "rpie", labels });
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json();
    expect(suggestions.map((s: { label: string }) => s.label)).toEqual(labels);
    expect(suggestions[0].candidates[0]).toEqual({
      field: { id: "rpie.L.4", form: "rpie", line: "4", label: "Wages and payroll" },
      confidence: expect.any(Number),
      reason: "keyword 'payroll tax'",
      source: "keyword",
    });
    expect(suggestions[1].candidates[0].field.id).toBe("rpie.L.2");
    expect(suggestions[2].candidates[0].field.id).toBe("rpie.excluded.mortgage-interest");
    expect(suggestions[3].candidates[0]).toMatchObject({ field: { id: "rpie.L.5" }, source: "fuzzy" });
    expect(suggestions[4].candidates).toEqual([]);
    for (const s of suggestions) {
      expect(s.candidates.length).toBeLessThanOrEqual(5);
      for (let i = 1; i < s.candidates.length; i++)
        expect(s.candidates[i].confidence).toBeLessThanOrEqual(s.candidates[i - 1].confidence);
    }
  });

  it("suggests the TC201 and TC203 lines for those forms", async () => {
    const tc201 = (await suggest({ form: "tc201", labels: ["Real estate taxes", "Fuel oil"] })).json();
    expect(
      tc201.suggestions.map((s: { candidates: { field: { id: string } }[] }) => s.candidates[0]?.field.id),
    ).toEqual(["tc201.7.n", "tc201.7.a"]);
    const tc203 = (await suggest({ form: "tc203", labels: ["Maintenance charges"], year: 2024 })).json();
    expect(tc203.suggestions[0].candidates[0].field.id).toBe("tc203.6.a");
  });

  it("takes 2,000 labels of 300 characters", async () => {
    const labels = Array.from({ length: 2000 }, (_, i) =>
      `${i} Repairs — plumbing ${"x".repeat(300)}`.slice(0, 300),
    );
    const res = await suggest({ form: "rpie", labels });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions).toHaveLength(2000);
    expect(res.json().suggestions[1999].candidates[0].field.id).toBe("rpie.L.5");
  });

  it.each([
    ["an unknown form", { form: "tc999", labels: ["Fuel"] }, /"form"/],
    ["the audit form", { form: "audit", labels: ["Fuel"] }, /"form"/],
    ["no form", { labels: ["Fuel"] }, /"form" is required/],
    ["no labels", { form: "rpie" }, /"labels" is required/],
    ["empty labels", { form: "rpie", labels: [] }, /"labels" must NOT have fewer than 1 items/],
    [
      "too many labels",
      { form: "rpie", labels: Array.from({ length: 2001 }, () => "Fuel") },
      /"labels" must NOT have more than 2000 items/,
    ],
    [
      "a label too long",
      { form: "rpie", labels: ["x".repeat(301)] },
      /"labels.0" must NOT have more than 300 characters/,
    ],
    ["labels not an array", { form: "rpie", labels: "Fuel" }, /"labels" must be array/],
    ["a label not a string", { form: "rpie", labels: ["Fuel", 12] }, /"labels.1" must be string/],
    ["a form not a string", { form: 1, labels: ["Fuel"] }, /"form"/],
    ["a year before the catalogue", { form: "rpie", labels: ["Fuel"], year: 2019 }, /"year"/],
    ["a year as text", { form: "rpie", labels: ["Fuel"], year: "2024" }, /"year" must be integer/],
    ["an unknown field", { form: "rpie", labels: ["Fuel"], prior: [] }, /unknown field "prior"/],
    ["a body that is not an object", ["Fuel"], /request body/],
  ])("refuses %s with a 400 naming the problem", async (_what, body, message) => {
    const res = await suggest(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/statement-mapping/suggest",
      headers: { ...staff.auth, "content-type": "application/json" },
      payload: "{form: rpie",
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("who may call", () => {
  const calls = [
    ...LISTS.map(([url]) => () => ({ method: "GET" as const, url })),
    () => ({
      method: "POST" as const,
      url: "/api/statement-mapping/suggest",
      payload: { form: "rpie", labels: ["Fuel"] },
    }),
  ];

  it("refuses callers who are not signed in (401)", async () => {
    for (const call of calls) {
      const res = await server.app.inject(call());
      expect(res.statusCode, call().url).toBe(401);
    }
  });

  it("refuses signed-in users who are not staff (403), company admins included", async () => {
    const employee = await createTestUser(server, { roles: ["ROLE_COMPANY_EMPLOYEE"] });
    const marketplace = await createTestUser(server, { roles: ["ROLE_USER", "ROLE_MARKETPLACE"] });
    for (const user of [owner, employee, marketplace]) {
      for (const call of calls) {
        const res = await server.app.inject({ ...call(), headers: user.auth });
        expect(res.statusCode, call().url).toBe(403);
      }
    }
  });

  it("refuses a bad token (401)", async () => {
    const res = await get("/api/statement-mapping/get-tc201-fields", { authorization: "Bearer nope" });
    expect(res.statusCode).toBe(401);
  });
});
