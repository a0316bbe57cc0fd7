import { describe, expect, it } from "vitest";
import { auditProblemsForTc309, requiresTc309 } from "./audit";
import {
  CATALOGUE_VERSIONS,
  CatalogueYearError,
  catalogueFor,
  FIRST_CATALOGUE_YEAR,
  fieldById,
  fieldsFor,
  mappableFields,
} from "./catalogue";
import { computeTotals, validateAmounts } from "./figures";
import type { FORMS } from "./types";

const YEAR = 2025;

describe("field catalogue", () => {
  const all = CATALOGUE_VERSIONS.flatMap((v) => v.fields.map((field) => ({ v: v.fromYear, field })));

  it("has unique ids within every version", () => {
    for (const v of CATALOGUE_VERSIONS) {
      const ids = v.fields.map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("prefixes every id with its form and marks negatives as not allowed except computed net profit", () => {
    for (const { field } of all) {
      expect(field.id.startsWith(`${field.form}.`)).toBe(true);
      if (field.allowsNegative) expect(field.id).toMatch(/^tc201\.8\./);
    }
  });

  it("builds every total from parts that exist on the same form, never from excluded or info fields", () => {
    for (const v of CATALOGUE_VERSIONS) {
      const byId = new Map(v.fields.map((x) => [x.id, x]));
      for (const field of v.fields) {
        if (field.totalOf) expect(field.kind).toBe("total");
        for (const part of [...(field.totalOf ?? []), ...(field.less ?? [])]) {
          const p = byId.get(part);
          expect(p, `${field.id} → ${part}`).toBeDefined();
          expect(p?.form).toBe(field.form);
          expect(p?.kind === "excluded" || p?.kind === "info", `${field.id} → ${part}`).toBe(false);
        }
      }
    }
  });

  it("lists the issue's lines for each form", () => {
    const ids = (form: (typeof FORMS)[number]) => fieldsFor(form, YEAR).map((x) => x.id);
    expect(ids("rpie")).toEqual(
      expect.arrayContaining([
        "rpie.J.1a",
        "rpie.J.1b",
        "rpie.J.1c",
        ..."23456789".split("").map((l) => `rpie.J.${l}`),
        ..."abcdefg".split("").map((l) => `rpie.J.10${l}`),
        "rpie.J.11",
        "rpie.J.12",
        "rpie.K.3",
        ...Array.from({ length: 14 }, (_, i) => `rpie.L.${i + 1}`),
        "rpie.LII.15",
        "rpie.excluded.real-estate-taxes",
        "rpie.excluded.bad-debt",
        "rpie.excluded.depreciation",
        "rpie.excluded.mortgage-interest",
      ]),
    );
    expect(ids("tc201").filter((id) => id.startsWith("tc201.6."))).toEqual(
      "abcdefghijkl".split("").map((l) => `tc201.6.${l}`),
    );
    expect(ids("tc201").filter((id) => id.startsWith("tc201.7."))).toEqual(
      "abcdefghijklmno".split("").map((l) => `tc201.7.${l}`),
    );
    expect(ids("tc201")).toEqual(
      expect.arrayContaining(["tc201.8.before-taxes", "tc201.8.after-taxes", "tc201.10.tenants-electricity"]),
    );
    expect(fieldsFor("tc203", YEAR).map((x) => x.label)).toEqual(
      expect.arrayContaining([
        "Fuel",
        "Electricity",
        "Wages and payroll",
        "Repairs and maintenance",
        "Management",
        "Insurance",
        "Water and sewer",
        "Leasing commissions",
        "Land or building rent",
        "Commercial income — sponsor",
        "Commercial income — master lease",
        "Commercial income — direct leases",
      ]),
    );
    expect(ids("audit")).toEqual([
      "audit.auditor",
      "audit.cpa-licence",
      "audit.opinion",
      "audit.period-start",
      "audit.period-end",
      "audit.total-income",
      "audit.total-expenses",
    ]);
    expect(fieldById("rpie.L.13", YEAR)?.itemised).toBe(true);
    expect(fieldById("rpie.J.11", YEAR)?.itemised).toBe(true);
    expect(mappableFields("rpie", YEAR).some((x) => x.kind === "info")).toBe(false);
  });

  it("picks the version in force for a filing year and refuses years before the first", () => {
    const versions = [
      { fromYear: 2020, fields: [] },
      { fromYear: 2024, fields: [] },
    ];
    expect(catalogueFor(2020, versions).fromYear).toBe(2020);
    expect(catalogueFor(2023, versions).fromYear).toBe(2020);
    expect(catalogueFor(2024, versions).fromYear).toBe(2024);
    expect(catalogueFor(2031, versions).fromYear).toBe(2024);
    expect(() => catalogueFor(2019, versions)).toThrow(CatalogueYearError);
    expect(() => fieldsFor("rpie", FIRST_CATALOGUE_YEAR - 1)).toThrow(/covers 2020 onward/);
    expect(fieldsFor("rpie", FIRST_CATALOGUE_YEAR).length).toBeGreaterThan(40);
  });
});

describe("totals", () => {
  it("adds up RPIE income through the sub-totals, counting each line once", () => {
    const t = computeTotals("rpie", YEAR, {
      "rpie.J.1a": 100_000,
      "rpie.J.1b": 50_000.5,
      "rpie.J.3": 20_000,
      "rpie.J.10a": 1_000,
      "rpie.J.10g": 2_000.25,
      "rpie.J.11": 300,
    });
    expect(t["rpie.J.1c"]).toBe(150_000.5);
    expect(t["rpie.J.10"]).toBe(3_000.25);
    expect(t["rpie.J.12"]).toBe(173_300.75);
  });

  it("keeps the excluded items and reserves out of total operating expenses", () => {
    const t = computeTotals("rpie", YEAR, {
      "rpie.L.1": 10_000,
      "rpie.L.4": 40_000,
      "rpie.L.13": 1_500,
      "rpie.LII.15": 9_999,
      "rpie.excluded.real-estate-taxes": 80_000,
      "rpie.excluded.bad-debt": 5_000,
      "rpie.excluded.depreciation": 30_000,
      "rpie.excluded.mortgage-interest": 60_000,
    });
    expect(t["rpie.L.14"]).toBe(51_500);
    expect(Object.keys(t)).not.toContain("rpie.excluded.real-estate-taxes");
  });

  it("recomputes totals from parts, ignoring a figure entered on the total itself", () => {
    const t = computeTotals("rpie", YEAR, { "rpie.L.14": 999, "rpie.L.2": 10 });
    expect(t["rpie.L.14"]).toBe(10);
  });

  it("sums cents without drift", () => {
    expect(computeTotals("rpie", YEAR, { "rpie.L.1": 0.1, "rpie.L.2": 0.2 })["rpie.L.14"]).toBe(0.3);
  });

  it("computes TC201 expenses before and after taxes and both net profits (a loss is negative)", () => {
    const t = computeTotals("tc201", YEAR, {
      "tc201.6.a": 200_000,
      "tc201.6.c": 50_000,
      "tc201.7.a": 30_000,
      "tc201.7.l": 10_000,
      "tc201.7.n": 40_000,
    });
    expect(t["tc201.6.l"]).toBe(250_000);
    expect(t["tc201.7.m"]).toBe(40_000);
    expect(t["tc201.7.o"]).toBe(80_000);
    expect(t["tc201.8.before-taxes"]).toBe(210_000);
    expect(t["tc201.8.after-taxes"]).toBe(170_000);
    const loss = computeTotals("tc201", YEAR, { "tc201.6.a": 10, "tc201.7.n": 50 });
    expect(loss["tc201.8.after-taxes"]).toBe(-40);
  });

  it("computes TC203 totals with and without land rent", () => {
    const t = computeTotals("tc203", YEAR, {
      "tc203.6.a": 900_000,
      "tc203.6.c": 100_000,
      "tc203.7.a": 50_000,
      "tc203.7.i": 5_000,
      "tc203.7.k": 20_000,
    });
    expect(t["tc203.6.f"]).toBe(1_000_000);
    expect(t["tc203.7.j"]).toBe(55_000);
    expect(t["tc203.7.l"]).toBe(75_000);
  });
});

describe("validation of figures", () => {
  it("accepts zero and positive figures on the form's own fields", () => {
    expect(
      validateAmounts("rpie", YEAR, { "rpie.J.1a": 0, "rpie.L.5": 12.34, "rpie.J.1a.units": 12 }),
    ).toEqual([]);
  });

  it("refuses negative figures, naming the line", () => {
    const problems = validateAmounts("rpie", YEAR, { "rpie.L.5": -1, "rpie.excluded.bad-debt": -0.01 });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toEqual({
      fieldId: "rpie.L.5",
      message: '"Repairs and maintenance" is negative (-1); negative figures are not allowed on the form',
    });
  });

  it("refuses unknown fields, another form's fields, non-numbers and text fields", () => {
    const problems = validateAmounts("rpie", YEAR, {
      "rpie.nope": 1,
      "tc201.7.a": 1,
      "rpie.L.1": Number.NaN,
      "rpie.L.2": Number.POSITIVE_INFINITY,
    });
    expect(problems.map((p) => p.fieldId)).toEqual(["rpie.nope", "tc201.7.a", "rpie.L.1", "rpie.L.2"]);
    expect(problems[1]?.message).toMatch(/TC201 field, not RPIE/);
    expect(validateAmounts("audit", YEAR, { "audit.auditor": 1 })[0]?.message).toMatch(
      /does not hold an amount/,
    );
  });
});

describe("TC309 rule", () => {
  it.each([
    [5_000_000, 100_001, true],
    [5_000_000, 100_000, false],
    [4_999_999, 10_000_000, false],
    [4_999_999.99, 100_001, false],
    [50_000_000, 100_000.01, true],
    [50_000_000, 0, false],
    [0, 0, false],
  ])("tentative AAV %d, income %d → %s", (tentativeAav, income, expected) => {
    expect(requiresTc309({ tentativeAav, income })).toBe(expected);
  });

  const clean = {
    auditor: "Smith & Co. CPAs LLP",
    cpaLicence: "NY 123456",
    opinion: "unmodified" as const,
    periodStart: "2024-01-01",
    periodEnd: "2024-12-31",
    totalIncome: 2_000_000,
    totalExpenses: 1_200_000,
  };

  it("accepts a complete audit with an unmodified opinion", () => {
    expect(auditProblemsForTc309(clean)).toEqual([]);
  });

  it.each(["qualified", "adverse", "disclaimer"] as const)("refuses a %s opinion", (opinion) => {
    expect(auditProblemsForTc309({ ...clean, opinion })).toEqual([
      `A ${opinion} opinion cannot support a TC309; the opinion must be unmodified`,
    ]);
  });

  it("names every missing or wrong part", () => {
    expect(auditProblemsForTc309({ ...clean, periodStart: "2025-01-01", totalExpenses: -1 })).toEqual([
      "The audited period ends before it starts",
      "The audited total expenses must be a non-negative amount",
    ]);
    expect(auditProblemsForTc309({})).toHaveLength(6);
  });
});
