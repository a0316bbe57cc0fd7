import { describe, expect, it } from "vitest";
import { RPIE_EXAMPLE, TC201_EXAMPLE, TC203_EXAMPLE } from "../../../tests/fixtures/outputs";
import { parseCsv } from "../../../tests/fixtures/read-outputs";
import { fieldsFor } from "../../domain/statement-mapping";
import { CSV_COLUMNS, renderCsv } from "./index";

const byField = (rows: Record<string, string>[]) =>
  new Map(rows.filter((r) => r.row_type !== "item").map((r) => [r.field_id, r]));

describe("renderCsv", () => {
  it("RPIE: UTF-8 with BOM, CRLF, one row per form line in order, then schedule items", () => {
    const bytes = renderCsv(RPIE_EXAMPLE);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { text, rows, errors, fields } = parseCsv(bytes);
    expect(errors).toEqual([]);
    expect(fields).toEqual([...CSV_COLUMNS]);
    expect(fields.slice(0, 6)).toEqual(["form", "section", "line", "field_id", "label", "amount"]);
    expect(text.split("\r\n").length).toBe(rows.length + 2); // header + rows + the final empty line
    const catalogue = fieldsFor("rpie", 2025).map((f) => f.id);
    const lines = rows.filter((r) => r.row_type !== "item" && r.row_type !== "schedule");
    expect(lines.map((r) => r.field_id)).toEqual(catalogue);
    expect(rows.every((r) => r.form === "rpie" && r.bbl === "1011190036")).toBe(true);
    expect(rows.every((r) => r.period_start === "2024-01-01" && r.period_end === "2024-12-31")).toBe(true);

    const f = byField(rows);
    expect(f.get("rpie.J.1a")).toMatchObject({
      section: "J",
      line: "1a",
      label: "Residential — rent regulated (stabilised, controlled)",
      amount: "612480.00",
      row_type: "line",
    });
    expect(f.get("rpie.J.1a.units")).toMatchObject({ amount: "24", row_type: "count", line: "" });
    expect(f.get("rpie.J.2")).toMatchObject({ amount: "", row_type: "line" });
    // totals are recomputed (the statement's own J 12 of 1.00 is ignored)
    expect(f.get("rpie.J.12")).toMatchObject({ amount: "1507071.25", row_type: "total" });
    expect(f.get("rpie.L.14")).toMatchObject({ amount: "557641.09", row_type: "total" });
    expect(f.get("rpie.excluded.real-estate-taxes")).toMatchObject({
      amount: "312480.00",
      row_type: "excluded",
      line: "",
    });

    const items = rows.filter((r) => r.row_type === "item");
    expect(items.map((r) => [r.field_id, r.label, r.amount])).toEqual([
      ["rpie.J.11", "Laundry room machines (CSC ServiceWorks)", "4820.00"],
      ["rpie.J.11", "Late fees", "2115.75"],
      ["rpie.J.11", "Storage lockers", "3600.00"],
      ["rpie.J.11", "Key and fob replacement charges", "385.00"],
      ["rpie.L.13", "Exterminating", "4200.00"],
      ["rpie.L.13", "Elevator inspection and permits", "2850.50"],
      ["rpie.L.13", "Telephone and internet — super's office", "1964.20"],
      ["rpie.L.13", "Bank charges", "412.30"],
    ]);
    // the items add up to their line
    const sum = (id: string) =>
      items.filter((r) => r.field_id === id).reduce((s, r) => s + Number(r.amount), 0);
    expect(sum("rpie.J.11").toFixed(2)).toBe(f.get("rpie.J.11")?.amount);
  });

  it("TC201 and TC203: the same figures as the worksheet, Part 9 items under their heading", () => {
    const tc201 = byField(parseCsv(renderCsv(TC201_EXAMPLE)).rows);
    expect(tc201.get("tc201.6.l")?.amount).toBe("3782120.35");
    expect(tc201.get("tc201.7.o")?.amount).toBe("2763779.87");
    expect(tc201.get("tc201.8.after-taxes")?.amount).toBe("1018340.48");
    expect(tc201.get("tc201.9.misc-expenses")).toMatchObject({ amount: "73130.75", row_type: "schedule" });
    expect(tc201.get("tc201.10.tenants-electricity")).toMatchObject({
      amount: "submetered",
      row_type: "text",
    });

    const { rows } = parseCsv(renderCsv(TC203_EXAMPLE));
    const tc203 = byField(rows);
    expect(tc203.get("tc203.6.f")?.amount).toBe("2122750.00");
    expect(tc203.get("tc203.7.l")?.amount).toBe("1198750.90");
    expect(tc203.get("tc203.8.rent")).toMatchObject({ amount: "240000.00", row_type: "info" });
    const part9 = rows.filter((r) => r.section === "Part 9").map((r) => [r.row_type, r.label]);
    expect(part9).toEqual([
      ["schedule", "Itemisation of other income (line 6e)"],
      ["item", "Move-in / move-out fees"],
      ["item", 'Roof deck rentals, "summer" season'],
      ["schedule", "Itemisation of miscellaneous expenses (line 7i)"],
      ["item", "Gym equipment lease"],
    ]);
  });

  it("quotes by RFC 4180 and keeps statement labels from running as spreadsheet formulas", () => {
    const input = {
      ...TC203_EXAMPLE,
      itemisations: {
        "tc203.6.e": [
          { label: 'Roof deck rentals, "summer" season', amount: 6_100 },
          { label: '=HYPERLINK("http://x")', amount: 1 },
          { label: "Line one\nline two", amount: 2 },
        ],
      },
    };
    const { text, rows } = parseCsv(renderCsv(input));
    expect(text).toContain('"Roof deck rentals, ""summer"" season"');
    const labels = rows.filter((r) => r.row_type === "item").map((r) => r.label);
    // labels are trimmed and whitespace inside kept; a formula gets a leading apostrophe
    expect(labels).toEqual([
      'Roof deck rentals, "summer" season',
      `'=HYPERLINK("http://x")`,
      "Line one\nline two",
    ]);
  });
});
