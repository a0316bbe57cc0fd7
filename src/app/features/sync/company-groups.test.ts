import { describe, expect, it } from "vitest";
import { groupByCompany } from "./company-groups";

const OWN = "own-company";
const SELLER = "seller-company";
const OTHER_SELLER = "other-seller";
const LEFT_OVER = "company-before-a-switch";
const row = (seq: number, companyId: string) => ({ entry: { seq, companyId } });
const seqs = (rows: { entry: { seq: number } }[]) => rows.map((r) => r.entry.seq);

describe("groupByCompany", () => {
  const sellers = new Map<string, string | null>([
    [SELLER, "Consigner's company"],
    [OTHER_SELLER, null],
  ]);

  it("lists one's own changes first, then each seller's under its name, in queue order", () => {
    const rows = [row(1, SELLER), row(2, OWN), row(3, OTHER_SELLER), row(4, SELLER), row(5, OWN)];
    const groups = groupByCompany(rows, OWN, sellers);
    expect(groups.map((g) => [g.sellerId, g.sellerName, seqs(g.rows)])).toEqual([
      [null, null, [2, 5]],
      [SELLER, "Consigner's company", [1, 4]],
      [OTHER_SELLER, null, [3]],
    ]);
  });

  it("leaves out another company's left-over changes and companies with nothing queued", () => {
    const groups = groupByCompany([row(1, LEFT_OVER), row(2, SELLER)], OWN, sellers);
    expect(groups.map((g) => [g.sellerId, seqs(g.rows)])).toEqual([[SELLER, [2]]]);
    expect(groupByCompany([], OWN, sellers)).toEqual([]);
  });

  it("without a company of one's own, every change that is not a seller's is one's own", () => {
    const groups = groupByCompany([row(1, LEFT_OVER), row(2, SELLER), row(3, OWN)], null, sellers);
    expect(groups.map((g) => [g.sellerId, seqs(g.rows)])).toEqual([
      [null, [1, 3]],
      [SELLER, [2]],
    ]);
  });

  it("a seller that is also the signed-in company is one's own", () => {
    const groups = groupByCompany([row(1, SELLER)], SELLER, sellers);
    expect(groups.map((g) => [g.sellerId, seqs(g.rows)])).toEqual([[null, [1]]]);
  });
});
