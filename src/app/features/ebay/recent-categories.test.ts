import { describe, expect, it } from "vitest";
import { recentCategories } from "./recent-categories";

const item = (id: string, updatedAt: string, categoryId: string | null, aspects = {}) => ({
  id,
  updatedAt,
  ebay: categoryId ? { categoryId, categoryName: `Cat ${categoryId}`, aspects, request: null } : null,
});

describe("recentCategories", () => {
  it("answers the newest items' categories first, once each, with their last item specifics", () => {
    const out = recentCategories(
      [
        item("a", "2026-01-01T00:00:00Z", "1", { Brand: ["Old"] }),
        item("b", "2026-03-01T00:00:00Z", "1", { Brand: ["Acme"] }),
        item("c", "2026-02-01T00:00:00Z", "2"),
        item("d", "2026-04-01T00:00:00Z", null),
      ],
      "x",
    );
    expect(out).toEqual([
      { categoryId: "1", categoryName: "Cat 1", aspects: { Brand: ["Acme"] } },
      { categoryId: "2", categoryName: "Cat 2", aspects: {} },
    ]);
  });

  it("leaves out the item being edited and stops at max", () => {
    const items = ["1", "2", "3"].map((c, n) => item(`i${c}`, `2026-0${n + 1}-01T00:00:00Z`, c));
    expect(recentCategories(items, "i3", 1).map((c) => c.categoryId)).toEqual(["2"]);
  });
});
