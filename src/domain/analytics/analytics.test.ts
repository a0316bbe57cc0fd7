import { describe, expect, it } from "vitest";
import { lastMonths, monthRange } from "./analytics";

describe("monthRange", () => {
  it("lists every month across a year end", () => {
    expect(monthRange("2025-11", "2026-02")).toEqual({
      months: ["2025-11", "2025-12", "2026-01", "2026-02"],
    });
  });
  it("refuses bad months, reversed and too long ranges", () => {
    expect(monthRange("2025-13", "2026-01")).toHaveProperty("error");
    expect(monthRange("2026-02", "2026-01")).toHaveProperty("error");
    expect(monthRange("2020-01", "2026-01")).toHaveProperty("error");
  });
});

describe("lastMonths", () => {
  it("ends with the current UTC month", () => {
    expect(lastMonths(new Date("2026-01-15T00:00:00Z"), 3)).toEqual({ from: "2025-11", to: "2026-01" });
  });
});
