import { describe, expect, it } from "vitest";
import { parseOutboxSearch } from "./outbox-search";

describe("parseOutboxSearch", () => {
  it("keeps a valid status, query and page", () => {
    expect(parseOutboxSearch({ status: "failed", query: " ann ", page: "3" })).toEqual({
      status: "failed",
      query: "ann",
      page: 3,
    });
  });

  it("falls back to the whole outbox on bad or unknown input", () => {
    expect(parseOutboxSearch({})).toEqual({});
    expect(
      parseOutboxSearch({ status: "pending", query: ["a"], page: "-2", sortBy: "to", extra: "1" }),
    ).toEqual({});
    expect(parseOutboxSearch({ status: 1, page: "abc" })).toEqual({});
    expect(parseOutboxSearch({ page: "1" })).toEqual({});
  });
});
