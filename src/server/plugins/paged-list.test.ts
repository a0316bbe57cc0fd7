import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./paged-list";

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@x")).toBe("'@x");
  });

  it("writes empty, dates, lists and booleans", () => {
    expect(csvLine([null, undefined, new Date("2026-01-02T03:04:05Z"), ["A", "B"], true, 3])).toBe(
      ",,2026-01-02T03:04:05.000Z,A B,true,3\r\n",
    );
  });
});
