import { describe, expect, it } from "vitest";
import { assessRpie, currentFilingYear, type Exclusion, findExclusion, type PropertyFacts } from "./rules";

/** An office building that must file unless a test changes a fact. */
const base: PropertyFacts = { filingYear: 2025, aav: 500_000, residentialUnits: 0, commercialUnits: 12 };
const facts = (over: Partial<PropertyFacts>): PropertyFacts => ({ ...base, ...over });

describe("filing threshold", () => {
  it.each([
    [40_000, false],
    [40_001, true],
    [0, false],
  ])("AAV $%i → mustFile %s", (aav, mustFile) => {
    const r = assessRpie(facts({ aav }));
    expect(r.mustFile).toBe(mustFile);
    expect(r.claimOfExclusion).toBe(false);
    expect(r.form).toBe(mustFile ? "short" : null);
    expect(r.penaltyIfLate).toBe(mustFile ? 300 : 0);
    expect(r.deadline).toBe("2025-06-02");
  });

  it("needs no claim of exclusion below the threshold, even when an exclusion would apply", () => {
    const r = assessRpie(facts({ aav: 30_000, residentialUnits: 4, commercialUnits: 0 }));
    expect(r).toMatchObject({ mustFile: false, claimOfExclusion: false, exclusion: null, form: null });
    expect(r.reasons[0]).toContain("not over $40,000");
  });
});

describe("each exclusion means a Claim of Exclusion instead of a statement", () => {
  const cases: Array<[Exclusion, Partial<PropertyFacts>]> = [
    ["residential-10-units-or-fewer", { residentialUnits: 10, commercialUnits: 0 }],
    ["residential-10-units-or-fewer", { residentialUnits: 1, commercialUnits: 0 }],
    ["mixed-use-6-residential-1-commercial", { residentialUnits: 6, commercialUnits: 1 }],
    [
      "coop-small-commercial",
      { isCoop: true, residentialUnits: 80, commercialUnits: 2, commercialSqFt: 2_500 },
    ],
    ["coop-small-commercial", { isCoop: true, residentialUnits: 80, commercialUnits: 0 }],
    ["residential-condo-unit", { isCondoUnit: true, residentialUnits: 0, commercialUnits: 0 }],
    ["related-party-rentals", { relatedPartyOnly: true }],
    ["owner-occupied", { ownerOccupied: true, buildingClass: "O4" }],
    ["fully-exempt", { fullyExempt: true }],
    ["vacant-no-leases", { vacant: true }],
    ["vacant-land", { vacantLand: true, commercialUnits: 0 }],
    ["vacant-land", { buildingClass: "V1", commercialUnits: 0 }],
    ["not-owned-full-year", { fullYearOwned: false }],
  ];
  it.each(cases)("%s (%j)", (exclusion, over) => {
    const r = assessRpie(facts(over));
    expect(r).toMatchObject({
      mustFile: false,
      claimOfExclusion: true,
      exclusion,
      form: "exclusion",
      rentRollAddendum: false,
      penaltyIfLate: 100,
    });
  });

  it.each<[string, Partial<PropertyFacts>]>([
    ["11 residential units", { residentialUnits: 11, commercialUnits: 0 }],
    ["7 residential + 1 commercial", { residentialUnits: 7, commercialUnits: 1 }],
    ["6 residential + 2 commercial", { residentialUnits: 6, commercialUnits: 2 }],
    ["a single store (no apartments)", { residentialUnits: 0, commercialUnits: 1 }],
    [
      "co-op with 2,501 sq ft commercial",
      { isCoop: true, residentialUnits: 80, commercialUnits: 2, commercialSqFt: 2_501 },
    ],
    [
      "co-op with commercial units but no square footage",
      { isCoop: true, residentialUnits: 80, commercialUnits: 2 },
    ],
    ["condo unit that is commercial", { isCondoUnit: true, commercialUnits: 1 }],
    ["owner-occupied hotel", { ownerOccupied: true, buildingClass: "H3" }],
    ["owner-occupied department store", { ownerOccupied: true, buildingClass: "K3" }],
    ["owner-occupied garage", { ownerOccupied: true, buildingClass: "G1" }],
    ["owned the full year", { fullYearOwned: true }],
  ])("no exclusion: %s", (_label, over) => {
    const r = assessRpie(facts(over));
    expect(r.mustFile).toBe(true);
    expect(r.exclusion).toBeNull();
    expect(findExclusion(facts(over))).toBeNull();
  });

  it("explains owner-occupied exceptions and a co-op without square footage", () => {
    expect(assessRpie(facts({ ownerOccupied: true, buildingClass: "h1" })).reasons.join(" ")).toContain(
      "hotels, department stores and garages",
    );
    expect(
      assessRpie(facts({ isCoop: true, residentialUnits: 80, commercialUnits: 2 })).reasons.join(" "),
    ).toContain("commercial square footage");
  });

  it.each([
    [0, 100],
    [1, 500],
    [2, 1_000],
    [4, 1_000],
  ])("claim of exclusion missed %i years before → $%i at risk", (missed, penalty) => {
    const r = assessRpie(facts({ vacant: true, consecutiveYearsNotFiled: missed }));
    expect(r.penaltyIfLate).toBe(penalty);
  });
});

describe("form type and rent roll", () => {
  it.each([
    [40_001, "short", false],
    [250_000, "short", false],
    [250_001, "long", false],
    [749_999, "long", false],
    [750_000, "long", true],
    [5_000_000, "long", true],
  ])("AAV $%i → %s form, rent roll %s", (aav, form, rentRoll) => {
    const r = assessRpie(facts({ aav }));
    expect(r.form).toBe(form);
    expect(r.rentRollAddendum).toBe(rentRoll);
  });
});

describe("penalty at risk", () => {
  it("uses the final AAV when given, the AAV otherwise", () => {
    expect(assessRpie(facts({ aav: 90_000 })).penaltyIfLate).toBe(300);
    expect(assessRpie(facts({ aav: 90_000, finalAav: 120_000 })).penaltyIfLate).toBe(750);
    expect(assessRpie(facts({ aav: 30_000_000 })).penaltyIfLate).toBe(100_000);
  });

  it("is 5% of final AAV after two years already missed", () => {
    const r = assessRpie(facts({ aav: 2_000_000, consecutiveYearsNotFiled: 2 }));
    expect(r.penaltyIfLate).toBe(100_000);
    expect(r.reasons.join(" ")).toContain("third consecutive year");
    expect(assessRpie(facts({ aav: 2_000_000, consecutiveYearsNotFiled: 1 })).penaltyIfLate).toBe(5_000);
  });
});

describe("current filing year", () => {
  it.each([
    ["2025-01-15", 2025],
    ["2025-06-02", 2025],
    ["2025-06-03", 2026],
    ["2024-06-03", 2024],
    ["2024-12-31", 2025],
  ])("on %s it is %i", (today, year) => {
    expect(currentFilingYear(today)).toBe(year);
  });
});
