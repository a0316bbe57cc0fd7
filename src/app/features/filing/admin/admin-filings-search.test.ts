import { describe, expect, it } from "vitest";
import { parseAdminFilingsSearch } from "./admin-filings-search";

const COMPANY = "0190A5C2-7B1E-7C3D-8E4F-123456789ABC";

describe("parseAdminFilingsSearch", () => {
  it("keeps valid filters and the page", () => {
    expect(
      parseAdminFilingsSearch({
        state: "in_review",
        kind: "rpie",
        companyId: COMPANY,
        year: "2026",
        page: 2,
      }),
    ).toEqual({ state: "in_review", kind: "rpie", companyId: COMPANY.toLowerCase(), year: 2026, page: 2 });
  });

  it("drops what the server would refuse, so the queue shows everything", () => {
    expect(parseAdminFilingsSearch({})).toEqual({});
    expect(
      parseAdminFilingsSearch({
        state: "deleted",
        kind: "RPIE",
        companyId: "'; drop table filings",
        year: "1999",
        page: "0",
      }),
    ).toEqual({});
    expect(parseAdminFilingsSearch({ year: "2026.5", companyId: 42, state: ["filed"] })).toEqual({});
    expect(parseAdminFilingsSearch({ year: 2101 })).toEqual({});
  });
});
