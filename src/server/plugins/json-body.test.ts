import { describe, expect, it } from "vitest";
import { jsonHasNul } from "./json-body";

describe("jsonHasNul", () => {
  it("finds the escape \\u0000 in any string of the body", () => {
    expect(jsonHasNul(JSON.stringify({ title: "a\u0000b" }))).toBe(true);
    expect(jsonHasNul(JSON.stringify({ items: [{ notes: "x" }, { notes: "\u0000" }] }))).toBe(true);
    expect(jsonHasNul(JSON.stringify({ t: "\\\u0000" }))).toBe(true);
  });

  it("leaves the text \\u0000 written with an escaped backslash, and other escapes, alone", () => {
    expect(jsonHasNul(JSON.stringify({ title: "\\u0000 is how NUL is written" }))).toBe(false);
    expect(jsonHasNul(JSON.stringify({ title: "tab\tnew line\n\u0001" }))).toBe(false);
    expect(jsonHasNul("{}")).toBe(false);
  });
});
