import { describe, expect, it } from "vitest";
import { CompanyListCache } from "./list-cache";
import type { CompanyEntry } from "./queries";

const list = (name: string): CompanyEntry[] => [
  { id: name, companyName: name, isPrimary: true, createdAt: "2026-01-01T00:00:00.000Z", users: [] },
];

describe("CompanyListCache", () => {
  it("serves nothing until the change feed is live, and forgets everything when it drops", () => {
    const cache = new CompanyListCache();
    cache.set("u1", list("a"), cache.begin());
    expect(cache.get("u1")).toBeUndefined();
    cache.setLive(true);
    cache.set("u1", list("a"), cache.begin());
    expect(cache.get("u1")).toEqual(list("a"));
    cache.setLive(false);
    expect(cache.get("u1")).toBeUndefined();
    cache.setLive(true);
    expect(cache.get("u1")).toBeUndefined();
  });

  it("drops every entry on a change", () => {
    const cache = new CompanyListCache();
    cache.setLive(true);
    cache.set("u1", list("a"), cache.begin());
    cache.set("u2", list("b"), cache.begin());
    cache.clear();
    expect([cache.get("u1"), cache.get("u2")]).toEqual([undefined, undefined]);
  });

  it("does not store a read that started before a change", () => {
    const cache = new CompanyListCache();
    cache.setLive(true);
    const token = cache.begin();
    cache.clear(); // a change committed while the read was running
    cache.set("u1", list("stale"), token);
    expect(cache.get("u1")).toBeUndefined();
  });

  it("stays within its size bound, dropping the oldest entry", () => {
    const cache = new CompanyListCache(2);
    cache.setLive(true);
    for (const u of ["u1", "u2", "u3"]) cache.set(u, list(u), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get("u1")).toBeUndefined();
    expect(cache.get("u3")).toEqual(list("u3"));
  });
});
