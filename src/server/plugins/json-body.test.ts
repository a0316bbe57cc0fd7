import { describe, expect, it } from "vitest";
import { jsonTextProblem, mayHoldBadEscape } from "./json-body";

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

describe("mayHoldBadEscape", () => {
  it("is true for every JSON text jsonTextProblem would refuse", () => {
    for (const text of [
      '{"a":"x\\u0000"}',
      '{"k\\u0000":1}',
      '["\\ud800"]',
      '["\\uDC00"]',
      '{"e":"\\uDbFf"}',
    ]) {
      expect(jsonTextProblem(JSON.parse(text))).not.toBeNull();
      expect(mayHoldBadEscape(text)).toBe(true);
    }
  });

  it("is false for text without those escapes, so the walk is skipped", () => {
    for (const text of [
      '{"title":"Lamp","sku":"A-1"}',
      '{"e":"\\u00e9\\u2603"}',
      '{"r":"\\ufffd","n":"\\u0001"}',
    ]) {
      expect(jsonTextProblem(JSON.parse(text))).toBeNull();
      expect(mayHoldBadEscape(text)).toBe(false);
    }
  });
});
