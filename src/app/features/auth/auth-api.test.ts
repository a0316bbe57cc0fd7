import { describe, expect, it } from "vitest";
import { clarityIdFromCookie, safeReturnTo } from "./auth-api";

describe("clarityIdFromCookie", () => {
  it("reads the id from the _clck cookie", () => {
    expect(clarityIdFromCookie("a=1; _clck=abc123%7C2%7Cf1%7C0%7C1; b=2")).toBe("abc123");
    expect(clarityIdFromCookie("_clck=xyz|1")).toBe("xyz");
  });
  it("gives null without the cookie", () => {
    expect(clarityIdFromCookie("x_clck=nope; a=1")).toBeNull();
    expect(clarityIdFromCookie("")).toBeNull();
  });
});

describe("safeReturnTo", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeReturnTo("/dashboard/chat?x=1")).toBe("/dashboard/chat?x=1");
  });
  it("refuses other origins and non-paths", () => {
    for (const bad of [
      "//evil.com/x",
      "https://evil.com",
      "/\\evil.com",
      "javascript:alert(1)",
      "dashboard",
      5,
      null,
    ]) {
      expect(safeReturnTo(bad)).toBeNull();
    }
  });
});
