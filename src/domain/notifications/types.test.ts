import { describe, expect, it } from "vitest";
import { badgeLabel, isAppPath } from "./types";

describe("badgeLabel", () => {
  it("shows nothing for no unread, the count up to 99, then 99+", () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe("1");
    expect(badgeLabel(99)).toBe("99");
    expect(badgeLabel(100)).toBe("99+");
  });
});

describe("isAppPath", () => {
  it("accepts app paths only", () => {
    expect(isAppPath("/dashboard/filings")).toBe(true);
    expect(isAppPath("//evil.example")).toBe(false);
    expect(isAppPath("https://evil.example")).toBe(false);
    expect(isAppPath(null)).toBe(false);
  });
});
