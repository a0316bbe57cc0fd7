import { describe, expect, it } from "vitest";
import { fieldById } from "./catalogue";
import { CONCEPTS } from "./keywords";
import { normaliseLabel } from "./normalise";
import { suggestFields } from "./suggest";

const YEAR = 2025;
const top = (label: string, form: "rpie" | "tc201" | "tc203" = "rpie") =>
  suggestFields(form, [label], { year: YEAR })[0]?.candidates[0];
const ids = (label: string, form: "rpie" | "tc201" | "tc203" = "rpie") =>
  suggestFields(form, [label], { year: YEAR })[0]?.candidates.map((c) => c.field.id) ?? [];

describe("normaliseLabel", () => {
  it.each([
    ["6100 · Repairs & Maint:Plumbing", "repairs and maintenance plumbing"],
    ["R/E TAXES", "real estate taxes"],
    ["RE Taxes", "real estate taxes"],
    ["Payroll - Supt.", "payroll superintendent"],
    ["6310-0000 Mgmt Fees", "management fees"],
    ["R&M", "repairs maintenance"],
    ["W&S", "water sewer"],
    ["Sec. 8 HAP", "section8 housing assistance payment"],
    ["Leasing Comm.", "leasing commission"],
    ["Local Law 97 Compliance", "ll97 compliance"],
    ["LL-11 Facade", "ll11 facade"],
    ["FISP inspection", "ll11 inspection"],
    ["J-51 Abatement", "j51 abatement"],
    ["421-a Tax Abatement", "421a tax abatement"],
    ["  Électricité  ", "electricite"],
  ])("%s → %s", (raw, want) => {
    expect(normaliseLabel(raw)).toBe(want);
  });
});

describe("keyword dictionary", () => {
  it("points every concept at fields that exist on the right form", () => {
    for (const c of CONCEPTS) {
      for (const [form, id] of Object.entries(c.fields)) {
        if (!id) continue;
        const field = fieldById(id, YEAR);
        expect(field, `${c.key} → ${id}`).toBeDefined();
        expect(field?.form).toBe(form);
        expect(field?.kind).not.toBe("info");
      }
      if (c.recovered) expect(fieldById(c.recovered, YEAR)?.kind).toBe("income");
    }
  });

  it.each([
    ["Gas and oil", "rpie.L.1"],
    ["Heating fuel", "rpie.L.1"],
    ["Con Ed", "rpie.L.2"],
    ["Electric", "rpie.L.2"],
    ["Payroll taxes", "rpie.L.4"],
    ["Superintendent salary", "rpie.L.4"],
    ["Management fee", "rpie.L.6"],
    ["R&M", "rpie.L.5"],
    ["Elevator maintenance", "rpie.L.5"],
    ["Water & sewer", "rpie.L.8"],
    ["Commercial rent", "rpie.J.3"],
    ["Store rent", "rpie.J.3"],
    ["Parking income", "rpie.J.8"],
    ["Laundry income", "rpie.J.10d"],
    ["Mortgage interest", "rpie.excluded.mortgage-interest"],
    ["Depreciation", "rpie.excluded.depreciation"],
    ["Real estate taxes", "rpie.excluded.real-estate-taxes"],
    ["Bad debt", "rpie.excluded.bad-debt"],
    ["Total operating expenses", "rpie.L.14"],
  ])("%s → %s", (label, field) => {
    expect(top(label)?.field.id).toBe(field);
    expect(top(label)?.source).toBe("keyword");
  });

  // Lines of rent rolls and property-management exports (issue 23), with how RPIE treats them.
  it.each([
    // Potential rent and its adjustments are actual residential rent (J.1b first, J.1a second).
    ["Gross Potential Rent", "rpie.J.1b"],
    ["GROSS POTENTIAL RENT", "rpie.J.1b"],
    ["Loss to Lease", "rpie.J.1b"],
    ["Loss/Gain to Lease", "rpie.J.1b"],
    ["Vacancy Loss", "rpie.J.1b"],
    ["Rent Concessions", "rpie.J.1b"],
    ["Concessions - Free Rent", "rpie.J.1b"],
    ["Back Rent Collected", "rpie.J.1b"],
    // Abatements reduce the real estate tax, which RPIE leaves out.
    ["J-51 Abatement", "rpie.excluded.real-estate-taxes"],
    ["421a Abatement Credit", "rpie.excluded.real-estate-taxes"],
    // Turnover painting is painting (L.10), not repairs.
    ["Turnover Painting", "rpie.L.10"],
    ["Make Ready - Painting", "rpie.L.10"],
    // Local Law 11 / FISP facade work is a repair; Local Law 97 compliance is another expense.
    ["Local Law 11 / FISP", "rpie.L.5"],
    ["Local Law 97 Compliance", "rpie.L.13"],
    ["LL97 Compliance Consulting", "rpie.L.13"],
    // A refund of premium reduces the insurance line.
    ["Insurance Refund", "rpie.L.7"],
  ])("%s → %s", (label, field) => {
    expect(top(label)?.field.id).toBe(field);
  });

  it("offers regulated rent second for rent adjustments: only the rent roll tells", () => {
    expect(ids("Vacancy Loss").slice(0, 2)).toEqual(["rpie.J.1b", "rpie.J.1a"]);
    expect(top("Vacancy and collection loss")?.field.id).toBe("rpie.excluded.bad-debt");
  });

  it("reads an expense word with a recovery word as income recovered from tenants", () => {
    expect(top("Electric reimbursement")?.field.id).toBe("rpie.J.10c");
    expect(top("Real estate tax escalation")?.field.id).toBe("rpie.J.10b");
    expect(top("Insurance recovery")).toMatchObject({
      field: { id: "rpie.J.10a" },
      reason: "keyword 'insurance' with 'recovery' (recovered from tenants)",
    });
  });

  it("lets a specific word beat a generic one and honours negation", () => {
    expect(top("Utilities - Gas")?.field.id).toBe("rpie.L.1");
    expect(top("Laundry income")?.field.id).toBe("rpie.J.10d");
    expect(top("Rent stabilized apartments")?.field.id).toBe("rpie.J.1a");
    expect(top("Non-regulated apartments")?.field.id).toBe("rpie.J.1b");
    expect(ids("Apartment rents").slice(0, 2)).toEqual(["rpie.J.1b", "rpie.J.1a"]);
  });

  it("maps onto the TC201 and TC203 lines, and offers nothing a form does not have", () => {
    expect(top("Real estate taxes", "tc201")?.field.id).toBe("tc201.7.n");
    expect(top("Legal fees", "tc201")?.field.id).toBe("tc201.7.g");
    expect(top("Maintenance charges", "tc203")?.field.id).toBe("tc203.6.a");
    expect(top("Sponsor rent", "tc203")?.field.id).toBe("tc203.6.b");
    expect(top("Ground rent", "tc203")?.field.id).toBe("tc203.7.k");
    for (const form of ["tc201", "tc203"] as const) {
      expect(ids("Mortgage interest", form).every((id) => id.startsWith(`${form}.`))).toBe(true);
      expect(ids("Fuel oil", form)[0]).toBe(`${form}.7.a`);
    }
  });
});

describe("fuzzy match", () => {
  it("reads misspelt and misread words as the nearest known word, with a low confidence", () => {
    const s = top("Plumbng");
    expect(s).toMatchObject({
      field: { id: "rpie.L.5" },
      source: "fuzzy",
      reason: "similar to 'plumbing' (Repairs and maintenance)",
    });
    expect(s?.confidence).toBeLessThan(0.4);
    expect(top("Insurence")).toMatchObject({ field: { id: "rpie.L.7" }, reason: "similar to 'Insurance'" });
  });

  it("suggests nothing for labels with nothing to go on", () => {
    expect(ids("")).toEqual([]);
    expect(ids("12345")).toEqual([]);
    expect(ids("xq zzv")).toEqual([]);
  });
});

describe("precedence and shape", () => {
  it("puts prior mappings first, then the learned table, then keywords, each with its reason", () => {
    const [row] = suggestFields("rpie", ["6100 · Boiler Fuel"], {
      year: YEAR,
      prior: [
        { label: "Boiler fuel", fieldId: "rpie.L.5", scope: "company" },
        { label: "BOILER FUEL", fieldId: "rpie.L.13", scope: "preparer" },
      ],
      learned: [
        { label: "boiler fuel", fieldId: "rpie.L.2", count: 12 },
        { label: "Boiler Fuel", fieldId: "rpie.L.1", count: 3 },
        { label: "boiler fuel", fieldId: "rpie.L.9", count: 1 },
      ],
    });
    const c = row?.candidates ?? [];
    expect(c.map((x) => [x.field.id, x.source, x.reason])).toEqual([
      ["rpie.L.13", "prior", "your earlier mapping"],
      ["rpie.L.5", "prior", "this company's earlier mapping"],
      ["rpie.L.2", "learned", "learned from 12 confirmed mappings"],
      ["rpie.L.1", "learned", "learned from 3 confirmed mappings"],
    ]);
    // The learned row under 10 % of the label's confirmations (1 of 16) is noise.
    expect(c.some((x) => x.field.id === "rpie.L.9")).toBe(false);
    for (let i = 1; i < c.length; i++)
      expect(c[i]?.confidence ?? 0).toBeLessThanOrEqual(c[i - 1]?.confidence ?? 0);
  });

  it("ignores prior and learned mappings to fields of another form or unknown fields", () => {
    const [row] = suggestFields("rpie", ["Fuel"], {
      year: YEAR,
      prior: [
        { label: "Fuel", fieldId: "tc201.7.a", scope: "preparer" },
        { label: "Fuel", fieldId: "rpie.nope", scope: "company" },
      ],
      learned: [{ label: "Fuel", fieldId: "tc203.7.a", count: 50 }],
    });
    expect(row?.candidates[0]).toMatchObject({ field: { id: "rpie.L.1" }, source: "keyword" });
  });

  it("answers up to five candidates per label, in the labels' order, confidences in 0..1, best first", () => {
    const labels = ["Total operating expenses", "Laundry income", "Fuel", "Fuel", "Water heater repair"];
    const out = suggestFields("rpie", labels, { year: YEAR });
    expect(out.map((o) => o.label)).toEqual(labels);
    for (const o of out) {
      expect(o.candidates.length).toBeLessThanOrEqual(5);
      expect(new Set(o.candidates.map((c) => c.field.id)).size).toBe(o.candidates.length);
      for (const [i, c] of o.candidates.entries()) {
        expect(c.confidence).toBeGreaterThan(0);
        expect(c.confidence).toBeLessThanOrEqual(1);
        expect(Object.keys(c.field).sort()).toEqual(["form", "id", "label", "line"]);
        if (i > 0) expect(c.confidence).toBeLessThanOrEqual(o.candidates[i - 1]?.confidence ?? 1);
      }
    }
    expect(out[2]).toEqual(out[3]);
    expect(
      suggestFields("rpie", ["Fuel oil"], { year: YEAR, limit: 1, prior: [] })[0]?.candidates,
    ).toHaveLength(1);
  });

  it("gives a weaker keyword match a lower confidence than a full one", () => {
    const full = top("Fuel oil")?.confidence ?? 0;
    const partial = top("Fuel oil delivered by Petro to the annex")?.confidence ?? 0;
    expect(full).toBeGreaterThan(partial);
    expect(full).toBeLessThanOrEqual(0.8);
  });
});
