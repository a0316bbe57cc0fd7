import { describe, expect, it } from "vitest";
import { RPIE_EXAMPLE, TC201_EXAMPLE, TC203_EXAMPLE } from "../../../tests/fixtures/outputs";
import { computeTotals } from "../../domain/statement-mapping";
import { lineText } from "./format";
import {
  type OutputInput,
  OutputInputError,
  renderCsv,
  renderTc309Checklist,
  renderWorksheetPdf,
  renderXlsx,
} from "./index";
import { prepareWorksheet } from "./worksheet";

const refusal = (input: OutputInput) => {
  try {
    prepareWorksheet(input);
  } catch (err) {
    expect(err).toBeInstanceOf(OutputInputError);
    return err as OutputInputError;
  }
  throw new Error("the input was accepted");
};

describe("prepareWorksheet", () => {
  it("lays out every line of the form in the catalogue's order, totals recomputed", () => {
    const w = prepareWorksheet(RPIE_EXAMPLE);
    expect(w.sections.map((s) => s.section)).toEqual(["J", "K", "L(I)", "L(II)", "Excluded"]);
    expect(w.sections.at(-1)?.excluded).toBe(true);
    const rows = w.sections.flatMap((s) => s.rows);
    expect(rows[0]?.field.id).toBe("rpie.J.1a");
    // the statement's own J 12 (1.00) is ignored; the total is recomputed, by hand:
    // 612,480 + 598,200 + 186,000 + 24,000 + 75,470.50 ancillary + 10,920.75 other
    expect(w.totals["rpie.J.12"]).toBe(1_507_071.25);
    expect(rows.find((r) => r.field.id === "rpie.J.12")?.value).toBe(1_507_071.25);
    // excluded items are shown and never counted
    expect(w.totals["rpie.L.14"]).toBe(557_641.09);
    expect(rows.find((r) => r.field.id === "rpie.excluded.mortgage-interest")).toMatchObject({
      kind: "excluded",
      value: 204_300,
    });
    // the itemised lines take the sum of their items
    expect(rows.find((r) => r.field.id === "rpie.J.11")?.value).toBe(10_920.75);
    expect(w.trailingSchedules.map((s) => s.field.id)).toEqual(["rpie.J.11", "rpie.L.13"]);
    expect(w.totalIncome).toBe(1_507_071.25);
    expect(w.property).toMatchObject({ bbl: "1011190036", bblDashed: "1-01119-0036", borough: "Manhattan" });
  });

  it("places TC201 and TC203 itemisations in Part 9 and keeps text details", () => {
    const tc201 = prepareWorksheet(TC201_EXAMPLE);
    const part9 = tc201.sections.find((s) => s.section === "Part 9");
    expect(part9?.rows.map((r) => r.schedule?.field.id)).toEqual(["tc201.6.k", "tc201.7.l"]);
    expect(tc201.trailingSchedules).toEqual([]);
    expect(tc201.totals).toEqual(
      computeTotals("tc201", 2025, { ...TC201_EXAMPLE.amounts, "tc201.6.k": 25_900, "tc201.7.l": 73_130.75 }),
    );
    const tc203 = prepareWorksheet(TC203_EXAMPLE);
    const part8 = tc203.sections.find((s) => s.section === "Part 8")?.rows ?? [];
    expect(part8.map((r) => [r.field.id, r.kind, r.value ?? r.text])).toEqual([
      ["tc203.8.tenant", "text", "Clocktower Garage Corp. (master lease)"],
      ["tc203.8.area", "count", 12_500],
      ["tc203.8.rent", "info-amount", 240_000],
      ["tc203.8.lease-ends", "text", "2031-08-31"],
    ]);
  });

  it("flags an itemised line with an amount but no items", () => {
    const w = prepareWorksheet({ ...RPIE_EXAMPLE, itemisations: {}, amounts: { "rpie.L.13": 500 } });
    expect(w.missingItemisations.map((f) => f.id)).toEqual(["rpie.L.13"]);
  });

  it("refuses negative figures with the catalogue's message", () => {
    const err = refusal({ ...RPIE_EXAMPLE, amounts: { ...RPIE_EXAMPLE.amounts, "rpie.L.5": -1 } });
    expect(err.message).toContain(
      '"Repairs and maintenance" is negative (-1); negative figures are not allowed on the form',
    );
    expect(err.problems).toEqual([expect.objectContaining({ path: "rpie.L.5" })]);
  });

  it("refuses another form's fields, naming both forms", () => {
    const err = refusal({ ...RPIE_EXAMPLE, amounts: { ...RPIE_EXAMPLE.amounts, "tc201.7.a": 100 } });
    expect(err.message).toBe(
      'Cannot produce the RPIE outputs: "Fuel" (tc201.7.a) is a TC201 field, not RPIE',
    );
    const items = refusal({ ...TC203_EXAMPLE, itemisations: { "tc201.7.l": [{ label: "x", amount: 1 }] } });
    expect(items.message).toContain('"tc201.7.l" (a TC201 field) is not an itemised line of the TC203');
  });

  it("refuses every other input that cannot go on a form, all problems at once", () => {
    const err = refusal({
      ...RPIE_EXAMPLE,
      property: { bbl: "6-00001-0001", address: " ", ownerName: "" },
      period: { start: "2024-12-31", end: "2024-01-01" },
      amounts: { "rpie.J.1a.units": 2.5, "rpie.J.2": 10.005, "rpie.J.3": Number.NaN, "rpie.nope": 1 },
      itemisations: {
        "rpie.J.3": [{ label: "Retail", amount: 1 }],
        "rpie.L.13": [
          { label: "", amount: 5 },
          { label: "Refund", amount: -20 },
        ],
      },
      details: { "rpie.J.2": "text", "tc201.10.tenants-electricity": "maybe" },
      audit: { tentativeAav: -1 },
    });
    const messages = err.problems.map((p) => p.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "BBL: Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)",
        "The property's address is missing",
        "The owner's name is missing",
        "The period ends (2024-01-01) before it starts (2024-12-31)",
        '"Residential — rent regulated: number of units" must be a whole number (2.5)',
        '"Office" has a fraction of a cent (10.005)',
        '"Retail" must be a number',
        'Unknown field "rpie.nope" for filing year 2025',
        expect.stringContaining(
          '"rpie.J.3" is not an itemised line of the RPIE; itemisations go on rpie.J.11, rpie.L.13',
        ),
        'Item 1 of "Miscellaneous (itemised)" has no label',
        'Item "Refund" of "Miscellaneous (itemised)" is negative (-20); negative figures are not allowed on the form',
        '"Office" (rpie.J.2) is not a text, date or choice field of the RPIE',
        '"Tenants\' electricity" (tc201.10.tenants-electricity) is not a text, date or choice field of the RPIE',
        "The tentative AAV must be a non-negative amount",
      ]),
    );
  });

  it("refuses an itemisation that does not add up to its line, a bad choice, an unknown form or year", () => {
    expect(
      refusal({
        ...RPIE_EXAMPLE,
        amounts: { "rpie.J.11": 100 },
        itemisations: { "rpie.J.11": [{ label: "Laundry", amount: 90 }] },
      }).message,
    ).toContain('The itemisation of "Other income (itemised)" adds up to 90.00, not the line\'s 100.00');
    expect(
      refusal({ ...TC201_EXAMPLE, details: { "tc201.10.tenants-electricity": "sometimes" } }).message,
    ).toContain(
      '"Tenants\' electricity" must be one of: included in rent, submetered, paid by tenants directly',
    );
    expect(refusal({ ...RPIE_EXAMPLE, form: "audit" as never }).message).toContain(
      'Unknown form "audit"; expected rpie, tc201 or tc203',
    );
    expect(refusal({ ...RPIE_EXAMPLE, filingYear: 2019 }).message).toContain(
      "No field catalogue for filing year 2019",
    );
    expect(
      refusal({ ...RPIE_EXAMPLE, period: { start: "2024-02-30", end: "2024-12-31" } }).message,
    ).toContain("The period must be two dates written YYYY-MM-DD");
  });

  it("every renderer refuses bad input the same way", async () => {
    const bad = { ...TC201_EXAMPLE, amounts: { "tc201.7.d": -250 } };
    const message = /"Repairs and maintenance" is negative \(-250\)/;
    await expect(renderWorksheetPdf(bad)).rejects.toThrow(message);
    expect(() => renderCsv(bad)).toThrow(message);
    await expect(renderXlsx(bad)).rejects.toThrow(message);
    await expect(renderTc309Checklist(bad)).rejects.toThrow(message);
  });

  it("prints form line numbers and leaves out catalogue-only line names", () => {
    expect(["1a", "10c", "m", "15", "1a.units", "before-taxes", "—"].map(lineText)).toEqual([
      "1a",
      "10c",
      "m",
      "15",
      "",
      "",
      "",
    ]);
  });
});
