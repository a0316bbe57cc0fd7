import { describe, expect, it } from "vitest";
import { fullRpie, RPIE_EXAMPLE, TC201_EXAMPLE, TC203_EXAMPLE } from "../../../tests/fixtures/outputs";
import { pdfPages } from "../../../tests/fixtures/read-outputs";
import { formatMoney, formatRowValue, lineText } from "./format";
import { type OutputInput, renderWorksheetPdf } from "./index";
import { prepareWorksheet } from "./worksheet";

const HEADER_LINES = 4;
const FOOTER_LINES = 1;

/** Page bodies without the header and footer. */
const bodies = (pages: string[][]) => pages.flatMap((p) => p.slice(HEADER_LINES, p.length - FOOTER_LINES));

/** Every text line the worksheet must show, in order: line, label and amount together. */
function expectedLines(input: OutputInput): string[] {
  const w = prepareWorksheet(input);
  const out: string[] = [];
  const items = (s: { items: readonly { label: string; amount: number }[]; total: number }) => {
    s.items.forEach((item, i) => {
      out.push(`${i + 1}. ${item.label} ${formatMoney(item.amount)}`);
    });
    out.push(`Total of items (${s.items.length}) ${formatMoney(s.total)}`);
  };
  for (const section of w.sections) {
    out.push(`${section.title} Amount (USD)`);
    for (const row of section.rows) {
      if (row.schedule) {
        out.push(`${row.field.label} ${formatMoney(row.schedule.total)}`);
        items(row.schedule);
        continue;
      }
      out.push([lineText(row.field.line), row.field.label, formatRowValue(row)].filter(Boolean).join(" "));
    }
  }
  for (const s of w.trailingSchedules) {
    out.push(`Schedule — ${s.title} Amount (USD)`);
    items(s);
  }
  return out;
}

/** Asserts that `want` appears in `lines` in order, each exactly as a whole line (continued headings aside). */
function expectInOrder(lines: string[], want: string[]) {
  let at = 0;
  for (const w of want) {
    const found = lines.findIndex((l, i) => i >= at && l === w);
    expect(found, `"${w}" after line ${at} (${lines[at]})`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

function expectHeaderOnEveryPage(pages: string[][], title: string, bbl: string, period: string) {
  pages.forEach((page, i) => {
    expect(page[0]).toBe(title);
    expect(page[1]).toBe(`BBL ${bbl} · Period ${period} · Filing year 2025`);
    expect(page.at(-1)).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}$`));
  });
}

describe("renderWorksheetPdf", () => {
  it("RPIE: header on every page, every line and amount in the form's order, recomputed totals", async () => {
    const pages = await pdfPages(await renderWorksheetPdf(RPIE_EXAMPLE));
    expect(pages.length).toBe(2);
    expectHeaderOnEveryPage(
      pages,
      "RPIE income and expense statement — worksheet",
      "1-01119-0036 (Manhattan)",
      "2024-01-01 to 2024-12-31",
    );
    for (const page of pages) {
      expect(page[2]).toBe("Address 245 West 72nd Street, New York, NY 10023");
      expect(page[3]).toBe("Owner Riverside 72 Associates LLC · Tax class 2 · Building class D7");
      expect(page.at(-1)).toMatch(/^Prepared by Dana Whitfield, Blocklot · Generated 2026-03-02 by Blocklot/);
    }
    const body = bodies(pages);
    expectInOrder(body, expectedLines(RPIE_EXAMPLE));
    // figures worked out by hand, not by the code under test
    expectInOrder(body, [
      "1a Residential — rent regulated (stabilised, controlled) 612,480.00",
      "Residential — rent regulated: number of units 24",
      "1c Total residential 1,210,680.00",
      "10 Total ancillary income 75,470.50",
      "11 Other income (itemised) 10,920.75",
      "12 Total income from real estate 1,507,071.25",
      "3 Total business income 0.00",
      "14 Total operating expenses 557,641.09",
      "15 Reserves for replacement 20,000.00",
      "Not included in totals — excluded items Amount (USD)",
      "Real estate taxes 312,480.00",
      "Mortgage interest and debt service 204,300.00",
      "Schedule — Other income (line J 11) Amount (USD)",
      "2. Late fees 2,115.75",
      "Total of items (4) 10,920.75",
      "Schedule — Miscellaneous (line L(I) 13) Amount (USD)",
      "3. Telephone and internet — super's office 1,964.20",
    ]);
    // the statement's own (wrong) total of 1.00 is not printed anywhere
    expect(body.some((l) => l.endsWith(" 1.00"))).toBe(false);
    // lines with no amount are printed without one
    expect(body).toContain("2 Office");
  });

  it("TC201: Parts 6-10 with the itemisations in Part 9 and net profit after taxes", async () => {
    const pages = await pdfPages(await renderWorksheetPdf(TC201_EXAMPLE));
    expectHeaderOnEveryPage(
      pages,
      "TC201 income and expense schedule — rent-producing property",
      "1-00872-7501 (Manhattan)",
      "2024-01-01 to 2024-12-31",
    );
    const body = bodies(pages);
    expectInOrder(body, expectedLines(TC201_EXAMPLE));
    expectInOrder(body, [
      "Part 6 — Income Amount (USD)",
      "k Other income (itemise in Part 9) 25,900.00",
      "l Total income 3,782,120.35",
      "m Expenses before real estate taxes 1,559,779.87",
      "o Total expenses 2,763,779.87",
      "Net profit before real estate taxes 2,222,340.48",
      "Net profit after real estate taxes 1,018,340.48",
      "Itemisation of miscellaneous expenses (line 7l) 73,130.75",
      "1. Security guard service 64,000.00",
      "Tenants' electricity submetered",
    ]);
  });

  it("TC201: a loss prints as a negative net profit (the only lines that may be negative)", async () => {
    const input = { ...TC201_EXAMPLE, amounts: { "tc201.6.a": 1000, "tc201.7.d": 1500.5 }, itemisations: {} };
    const body = bodies(await pdfPages(await renderWorksheetPdf(input)));
    expect(body).toContain("Net profit before real estate taxes -500.50");
  });

  it("TC203: commercial detail and itemisation, quotes in labels", async () => {
    const pages = await pdfPages(await renderWorksheetPdf(TC203_EXAMPLE));
    expect(pages.length).toBe(1);
    expectHeaderOnEveryPage(
      pages,
      "TC203 income and expense schedule — co-operatives and condominiums",
      "3-00237-0041 (Brooklyn)",
      "2024-07-01 to 2025-06-30",
    );
    const body = bodies(pages);
    expectInOrder(body, expectedLines(TC203_EXAMPLE));
    expectInOrder(body, [
      "f Total income 2,122,750.00",
      "j Total operating expenses 1,162,750.90",
      "l Total expenses including land or building rent 1,198,750.90",
      "Commercial tenant Clocktower Garage Corp. (master lease)",
      "Commercial area (square feet) 12,500",
      'Roof deck rentals, "summer" season 6,100.00'.replace(/^/, "2. "),
    ]);
  });

  it("a long itemisation runs over several pages, heading repeated, header and page numbers on each", async () => {
    const input = fullRpie(150);
    const pages = await pdfPages(await renderWorksheetPdf(input));
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expectHeaderOnEveryPage(
      pages,
      "RPIE income and expense statement — worksheet",
      "1-01119-0036 (Manhattan)",
      "2024-01-01 to 2024-12-31",
    );
    const body = bodies(pages);
    expectInOrder(body, expectedLines(input));
    expect(
      body.filter((l) => l === "Schedule — Other income (line J 11) (continued)").length,
    ).toBeGreaterThanOrEqual(1);
    expect(body).toContain("150. Miscellaneous expense 150: invoice 1149, vendor #59 4,019.49");
    // every page but the last is filled, none overflows the footer
    for (const page of pages) expect(page.length).toBeLessThan(60);
  });

  it("draws names the standard fonts lack instead of failing", async () => {
    const input = {
      ...TC203_EXAMPLE,
      property: { ...TC203_EXAMPLE.property, ownerName: "Zoë Łukasz 株式会社 🏢" },
    };
    const pages = await pdfPages(await renderWorksheetPdf(input));
    expect(pages[0]?.[3]).toBe("Owner Zoë Lukasz ???? ? · Tax class 2 · Building class R4");
  });

  it("lists itemised lines that still need their items", async () => {
    const input = { ...RPIE_EXAMPLE, amounts: { "rpie.L.13": 750 }, itemisations: {} };
    const body = bodies(await pdfPages(await renderWorksheetPdf(input)));
    expectInOrder(body, [
      "Itemisations still needed",
      "Miscellaneous (itemised) (line 13): the form asks for its items; none were given.",
    ]);
  });
});
