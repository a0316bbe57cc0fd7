import { describe, expect, it } from "vitest";
import { BBL_MESSAGES, dashedBbl, formatBbl, formatBblDashed, normalizeBbl, parseBbl } from "./bbl";

describe("parseBbl accepts the usual spellings", () => {
  it.each([
    ["1011190036", "1011190036"],
    ["1-01119-0036", "1011190036"],
    ["1 1119 36", "1011190036"],
    ["  1/1119/36 ", "1011190036"],
    ["1.1119.36", "1011190036"],
    ["Manhattan 1119 36", "1011190036"],
    ["manhattan-01119-0036", "1011190036"],
    ["MN 1119 36", "1011190036"],
    ["Bronx 2345 10", "2023450010"],
    ["BX-1-1", "2000010001"],
    ["Brooklyn-123-45", "3001230045"],
    ["BK 123 45", "3001230045"],
    ["Queens 99999 9999", "4999999999"],
    ["QN 1 1", "4000010001"],
    ["Staten Island 1 1", "5000010001"],
    ["staten  island-00001-0001", "5000010001"],
    ["SI 500 20", "5005000020"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeBbl(input)).toBe(expected);
  });

  it("gives the parts as numbers", () => {
    expect(parseBbl("1-01119-0036")).toEqual({ ok: true, value: { borough: 1, block: 1119, lot: 36 } });
  });
});

describe("parseBbl says which part is wrong", () => {
  it.each([
    ["", "format"],
    ["   ", "format"],
    ["12345", "format"],
    ["101119003", "format"],
    ["10111900361", "format"],
    ["1-01119", "format"],
    ["1 2 3 4", "format"],
    ["abc", "format"],
    ["1-1119-36a", "format"],
    ["0011190036", "borough"],
    ["6011190036", "borough"],
    ["9-01119-0036", "borough"],
    ["0 1119 36", "borough"],
    ["Hoboken 1119 36", "borough"],
    ["1000000036", "block"],
    ["1-00000-0036", "block"],
    ["1-123456-36", "block"],
    ["1011190000", "lot"],
    ["1-1119-0", "lot"],
    ["1-1119-10000", "lot"],
  ])("%j → %s", (input, part) => {
    const result = parseBbl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.part).toBe(part);
      expect(result.message).toBe(BBL_MESSAGES[part as keyof typeof BBL_MESSAGES]);
    }
  });

  it("words the messages as the issue asks", () => {
    expect(BBL_MESSAGES.borough).toBe(
      "Borough must be 1–5 (Manhattan, Bronx, Brooklyn, Queens, Staten Island)",
    );
    expect(BBL_MESSAGES.block).toBe("Block must be 1–99999");
    expect(BBL_MESSAGES.lot).toBe("Lot must be 1–9999");
  });
});

describe("formatting", () => {
  it("writes 10 digits and the dashed form with zero padding", () => {
    const bbl = { borough: 3, block: 123, lot: 45 } as const;
    expect(formatBbl(bbl)).toBe("3001230045");
    expect(formatBblDashed(bbl)).toBe("3-00123-0045");
  });

  it("round-trips", () => {
    for (const input of ["1011190036", "5999999999", "2000010001"]) {
      const parsed = parseBbl(input);
      expect(parsed.ok && formatBbl(parsed.value)).toBe(input);
      expect(parsed.ok && normalizeBbl(formatBblDashed(parsed.value))).toBe(input);
    }
  });
});

describe("dashedBbl", () => {
  it("writes a BBL as the screens show it, and leaves other text as it is", () => {
    expect(dashedBbl("1008450021")).toBe("1-00845-0021");
    expect(dashedBbl("Manhattan 845 21")).toBe("1-00845-0021");
    expect(dashedBbl("not a lot")).toBe("not a lot");
  });
});
