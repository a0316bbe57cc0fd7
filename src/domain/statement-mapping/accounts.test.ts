import { describe, expect, it } from "vitest";
import { assignLine, type ExtractedLine, emptyDocument } from "./mapping";
import { accountKey } from "./normalise";
import { suggestFields } from "./suggest";
import { applyTemplate, learnedEntries, templateEntries } from "./template";

// Issue 23: the same account number of the same owner maps the same way next year,
// even when the account's name changed.

const YEAR = 2025;
const l = (label: string, amount: number, account?: string): ExtractedLine => ({
  page: 1,
  section: "EXPENSES",
  label,
  amounts: [amount],
  isTotal: false,
  ...(account ? { account } : {}),
});

const LAST = [
  l("Contract services", 8_000, "6420"),
  l("Contract services", 3_000, "6430"),
  l("Insurance", 12_000),
];

function lastYear() {
  let doc = emptyDocument(LAST);
  doc = assignLine(doc, "0", "rpie.L.3"); // cleaning contracts
  doc = assignLine(doc, "1", "rpie.L.13"); // other
  doc = assignLine(doc, "2", "rpie.L.7");
  return doc;
}

describe("account numbers in the mapping memory", () => {
  it("keeps one template entry per account, even when two accounts share a name", () => {
    expect(templateEntries(lastYear(), LAST)).toEqual([
      { label: "Contract services", key: "contract services", target: "rpie.L.3", account: "6420" },
      { label: "Contract services", key: "contract services", target: "rpie.L.13", account: "6430" },
      { label: "Insurance", key: "insurance", target: "rpie.L.7" },
    ]);
    // The learned table counts a label once per mapping.
    expect(learnedEntries(lastYear(), LAST, "rpie", YEAR).map((e) => e.label)).toEqual([
      "Contract services",
      "Insurance",
    ]);
  });

  it("applies last year's template by account number when the name changed", () => {
    const next = [l("Janitorial contract", 8_400, "6420"), l("Misc contracts", 3_100, "64.30")];
    const { document, applied } = applyTemplate(
      emptyDocument(next),
      next,
      templateEntries(lastYear(), LAST),
      {
        form: "rpie",
        year: YEAR,
      },
    );
    expect(document.assignments).toEqual({ "0": "rpie.L.3", "1": "rpie.L.13" });
    expect(applied).toHaveLength(2);
  });

  it("suggests the company's earlier field for the same account first, and only the company's", () => {
    const prior = templateEntries(lastYear(), LAST).map((e) => ({
      label: e.label,
      fieldId: e.target,
      scope: "company" as const,
      ...(e.account ? { account: e.account } : {}),
    }));
    const [a, b] = suggestFields("rpie", ["Bldg svc agreement", "Bldg svc agreement"], {
      year: YEAR,
      prior,
      accounts: ["6430", "9999"],
    });
    expect(a?.candidates[0]).toMatchObject({ field: { id: "rpie.L.13" }, source: "prior", confidence: 0.99 });
    expect(a?.candidates[0]?.reason).toContain("6430");
    // Another account (or none) gets no account-based suggestion.
    expect(b?.candidates.some((c) => c.reason.includes("account"))).toBe(false);
    // The preparer's mappings of other owners' charts do not count by account number.
    const [c] = suggestFields("rpie", ["Bldg svc agreement"], {
      year: YEAR,
      prior: prior.map((p) => ({ ...p, scope: "preparer" as const })),
      accounts: ["6430"],
    });
    expect(c?.candidates.some((x) => x.reason.includes("account"))).toBe(false);
  });

  it("compares account numbers without separators or case", () => {
    expect(accountKey("6100-00")).toBe(accountKey("6100 00"));
    expect(accountKey(" ab.12 ")).toBe("AB12");
    expect(accountKey(null)).toBe("");
  });
});
