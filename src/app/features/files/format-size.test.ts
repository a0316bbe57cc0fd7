import { describe, expect, it } from "vitest";
import { formatSize } from "./format-size";

describe("formatSize", () => {
  it("picks a unit people read at a glance", () => {
    expect(formatSize(812, "en")).toBe("812 B");
    expect(formatSize(14_200, "en")).toBe("14 kB");
    expect(formatSize(3_450_000, "en")).toBe("3.5 MB");
    expect(formatSize(0, "en")).toBe("0 B");
  });

  it("uses the reader's decimal mark", () => {
    expect(formatSize(3_450_000, "de")).toBe("3,5 MB");
  });
});
