import { describe, expect, it } from "vitest";
import { isAppPath } from "./types";

describe("isAppPath", () => {
  it("accepts app paths only", () => {
    expect(isAppPath("/dashboard/filings")).toBe(true);
    expect(isAppPath("//evil.example")).toBe(false);
    expect(isAppPath("https://evil.example")).toBe(false);
    expect(isAppPath(null)).toBe(false);
  });
});
