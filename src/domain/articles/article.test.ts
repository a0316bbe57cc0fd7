import { describe, expect, it } from "vitest";
import { readingMinutes, SLUG_PATTERN, slugify } from "./article";

describe("articles", () => {
  it("makes slugs that match the slug rule", () => {
    expect(slugify("What is RPIE — and who must file?")).toBe("what-is-rpie-and-who-must-file");
    expect(slugify("Été 2026")).toBe("ete-2026");
    expect(new RegExp(SLUG_PATTERN).test(slugify("  TC201 vs. TC203  "))).toBe(true);
  });
  it("counts reading time at 200 words a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
});
