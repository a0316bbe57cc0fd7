/**
 * The operating statement the statement e2e tests upload (file preview, staff mapping, the filing
 * journey), so they all read, map and file the same known lines. Rendered at 10 rows a page, its
 * income is on page 1 and its expenses on page 2. Its expense total includes real estate taxes,
 * which the RPIE leaves out: mapping it shows one difference to explain.
 */
import type { Statement } from "../fixtures/statements/model";

/** The statement of `company` for the calendar year `year`. */
export function operatingStatement(company: string, year: number): Statement {
  return {
    company,
    title: "Operating Statement",
    period: `For the year ended December 31, ${year}`,
    columns: [String(year)],
    sections: [
      {
        heading: "INCOME",
        lines: [
          { label: "Residential rent", amounts: [412_500], isTotal: false },
          { label: "Commercial rent", amounts: [86_000], isTotal: false },
          { label: "Laundry income", amounts: [3_250], isTotal: false },
          { label: "Total income", amounts: [501_750], isTotal: true },
        ],
      },
      {
        heading: "EXPENSES",
        lines: [
          { label: "Real estate taxes", amounts: [98_400], isTotal: false },
          { label: "Insurance", amounts: [21_750], isTotal: false },
          { label: "Fuel oil", amounts: [30_500], isTotal: false },
          { label: "Repairs and maintenance", amounts: [44_100], isTotal: false },
          { label: "Payroll", amounts: [61_200], isTotal: false },
          { label: "Total expenses", amounts: [255_950], isTotal: true },
        ],
      },
    ],
    closing: [{ label: "Net operating income", amounts: [245_800], isTotal: true }],
    style: { dollar: true, negatives: "parens", decimals: false, zeroAsDash: false },
  };
}
