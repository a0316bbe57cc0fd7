import { describe, expect, it } from "vitest";
import { jsonTextProblem } from "./json-body";

describe("jsonTextProblem", () => {
  it("finds U+0000 in any string or key of the body", () => {
    expect(jsonTextProblem({ title: "a\u0000b" })).toBe("nul");
    expect(jsonTextProblem({ items: [{ notes: "x" }, { notes: "\u0000" }] })).toBe("nul");
    expect(jsonTextProblem({ "k\u0000": 1 })).toBe("nul");
  });

  it("finds a lone surrogate (the parsed form of an escape such as \\ud800)", () => {
    expect(jsonTextProblem(JSON.parse('{"a":"x\\ud800y"}'))).toBe("surrogate");
    expect(jsonTextProblem(JSON.parse('["\\udc00"]'))).toBe("surrogate");
  });

  it("leaves the text \\u0000, a surrogate pair, U+FFFD sent as itself and other escapes alone", () => {
    expect(jsonTextProblem({ title: "\\u0000 is how NUL is written" })).toBeNull();
    expect(jsonTextProblem(JSON.parse('{"e":"\\ud83d\\ude00","r":"\\ufffd"}'))).toBeNull();
    expect(jsonTextProblem({ title: "tab\tnew line\n\u0001", n: 1, b: true, z: null })).toBeNull();
    expect(jsonTextProblem({})).toBeNull();
  });
});
