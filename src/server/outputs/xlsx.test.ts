import { describe, expect, it } from "vitest";
import { fullRpie, RPIE_EXAMPLE, TC201_EXAMPLE, TC203_EXAMPLE } from "../../../tests/fixtures/outputs";
import { evaluateFormula, numberOf, readXlsx } from "../../../tests/fixtures/read-outputs";
import { computeTotals } from "../../domain/statement-mapping";
import { type OutputInput, renderXlsx } from "./index";
import { prepareWorksheet } from "./worksheet";
import { MONEY_FORMAT } from "./xlsx";

interface Line {
  sheet: string;
  row: number;
  line: string;
  label: string;
  value: unknown;
  fieldId: string;
  note: string;
  numFmt: string;
}

async function lines(input: OutputInput) {
  const book = await readXlsx(await renderXlsx(input));
  const out: Line[] = [];
  book.eachSheet((ws) => {
    let table = false;
    ws.eachRow((row, r) => {
      const text = (c: number) => String(row.getCell(c).value ?? "");
      if (text(1) === "Line" && text(2) === "Label") {
        table = true;
        return;
      }
      if (!table || !text(4)) return;
      out.push({
        sheet: ws.name,
        row: r,
        line: text(1),
        label: text(2),
        value: row.getCell(3).value,
        fieldId: text(4),
        note: text(5),
        numFmt: row.getCell(3).numFmt,
      });
    });
  });
  return { book, lines: out };
}

/** Every total: a formula that Excel would compute to the stored result, which is the recomputed total. */
function expectTotals(
  book: Awaited<ReturnType<typeof readXlsx>>,
  got: Line[],
  input: OutputInput,
  totals: Record<string, number>,
) {
  const w = prepareWorksheet(input);
  const expected = computeTotals(
    input.form,
    input.filingYear,
    Object.fromEntries(
      w.sections
        .flatMap((s) => s.rows)
        .filter((r) => r.kind === "line" && r.value !== null)
        .map((r) => [r.field.id, r.value as number]),
    ),
  );
  const totalLines = got.filter((l) => l.note === "total (formula)");
  expect(totalLines.map((l) => l.fieldId).sort()).toEqual(Object.keys(expected).sort());
  for (const l of totalLines) {
    expect(l.value, l.fieldId).toMatchObject({ formula: expect.any(String) });
    const formula = (l.value as { formula: string }).formula;
    expect(numberOf(l.value as never), l.fieldId).toBe(expected[l.fieldId]);
    expect(evaluateFormula(book, l.sheet, formula), `${l.fieldId} = ${formula}`).toBe(expected[l.fieldId]);
    expect(l.numFmt).toBe(MONEY_FORMAT);
  }
  for (const [id, value] of Object.entries(totals)) expect(expected[id], id).toBe(value);
}

describe("renderXlsx", () => {
  it("RPIE: one sheet per part, a header block with property and period, money as numbers, totals as formulas", async () => {
    const { book, lines: got } = await lines(RPIE_EXAMPLE);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "J Income",
      "K Business income",
      "L(I) Operating expenses",
      "L(II) Reserves",
      "Excluded items",
      "Schedules",
    ]);
    for (const ws of book.worksheets) {
      expect(ws.getCell("A1").value).toMatch(/^RPIE income and expense statement — worksheet: /);
      const facts = Object.fromEntries(
        [2, 3, 4, 5, 6].map((r) => [ws.getCell(`A${r}`).value, ws.getCell(`B${r}`).value]),
      );
      expect(facts).toEqual({
        BBL: "1-01119-0036 (Manhattan)",
        Address: "245 West 72nd Street, New York, NY 10023",
        Owner: "Riverside 72 Associates LLC",
        Period: "2024-01-01 to 2024-12-31",
        "Filing year": "2025",
      });
    }
    const at = (id: string) => got.find((l) => l.fieldId === id && l.note !== "item");
    expect(at("rpie.J.1a")).toMatchObject({
      sheet: "J Income",
      line: "1a",
      value: 612_480,
      numFmt: MONEY_FORMAT,
    });
    expect(at("rpie.J.1b.units")).toMatchObject({ value: 16, note: "count", numFmt: "#,##0" });
    expect(at("rpie.J.2")?.value).toBeNull();
    expect(at("rpie.excluded.bad-debt")).toMatchObject({
      sheet: "Excluded items",
      value: 9_870,
      note: "not included in totals",
    });
    expectTotals(book, got, RPIE_EXAMPLE, {
      "rpie.J.12": 1_507_071.25,
      "rpie.L.14": 557_641.09,
      "rpie.K.3": 0,
    });

    const items = got.filter((l) => l.sheet === "Schedules" && l.note === "item");
    expect(items.map((l) => [l.fieldId, l.label, l.value])).toEqual([
      ["rpie.J.11", "1. Laundry room machines (CSC ServiceWorks)", 4_820],
      ["rpie.J.11", "2. Late fees", 2_115.75],
      ["rpie.J.11", "3. Storage lockers", 3_600],
      ["rpie.J.11", "4. Key and fob replacement charges", 385],
      ["rpie.L.13", "1. Exterminating", 4_200],
      ["rpie.L.13", "2. Elevator inspection and permits", 2_850.5],
      ["rpie.L.13", "3. Telephone and internet — super's office", 1_964.2],
      ["rpie.L.13", "4. Bank charges", 412.3],
    ]);
    const itemTotals = got.filter((l) => l.sheet === "Schedules" && l.note === "itemisation (formula)");
    expect(itemTotals.map((l) => [l.fieldId, numberOf(l.value as never)])).toEqual([
      ["rpie.J.11", 10_920.75],
      ["rpie.L.13", 9_427],
    ]);
    for (const l of itemTotals)
      expect(evaluateFormula(book, l.sheet, (l.value as { formula: string }).formula)).toBe(
        numberOf(l.value as never),
      );
  });

  it("TC201: Part 8 net profit is a formula across the Part 6 and Part 7 sheets", async () => {
    const { book, lines: got } = await lines(TC201_EXAMPLE);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "Part 6 Income",
      "Part 7 Expenses",
      "Part 8 Net profit",
      "Part 9 Itemisation",
      "Part 10 Electricity",
    ]);
    const after = got.find((l) => l.fieldId === "tc201.8.after-taxes");
    expect((after?.value as { formula?: string } | undefined)?.formula).toMatch(
      /^'Part 6 Income'!C\d+-'Part 7 Expenses'!C\d+$/,
    );
    expectTotals(book, got, TC201_EXAMPLE, {
      "tc201.6.l": 3_782_120.35,
      "tc201.7.m": 1_559_779.87,
      "tc201.7.o": 2_763_779.87,
      "tc201.8.before-taxes": 2_222_340.48,
      "tc201.8.after-taxes": 1_018_340.48,
    });
    const part9 = got.filter((l) => l.sheet === "Part 9 Itemisation");
    expect(part9.map((l) => [l.fieldId, l.label, numberOf(l.value as never)])).toEqual([
      ["tc201.9.other-income", "Itemisation of other income (line 6k)", 25_900],
      ["tc201.6.k", "1. Conference centre rentals", 18_400],
      ["tc201.6.k", "2. Film shoot location fees", 7_500],
      ["tc201.9.misc-expenses", "Itemisation of miscellaneous expenses (line 7l)", 73_130.75],
      ["tc201.7.l", "1. Security guard service", 64_000],
      ["tc201.7.l", "2. Lobby decorations, holidays", 3_250.75],
      ["tc201.7.l", "3. Permits and filing fees (DOB, FDNY)", 5_880],
    ]);
    expect(got.find((l) => l.fieldId === "tc201.10.tenants-electricity")?.value).toBe("submetered");
  });

  it("TC203 and a full RPIE: every formula computes to its stored result", async () => {
    const tc203 = await lines(TC203_EXAMPLE);
    expectTotals(tc203.book, tc203.lines, TC203_EXAMPLE, {
      "tc203.6.f": 2_122_750,
      "tc203.7.l": 1_198_750.9,
    });
    expect(tc203.lines.find((l) => l.fieldId === "tc203.8.lease-ends")?.value).toBe("2031-08-31");
    const full = fullRpie(60);
    const rpie = await lines(full);
    expectTotals(rpie.book, rpie.lines, full, {});
    expect(rpie.lines.filter((l) => l.note === "item").length).toBe(120);
  });
});
