import { describe, expect, it } from "vitest";
import { canonicalJson, requestHash } from "./idempotency";

describe("canonicalJson (the body an Idempotency-Key is bound to)", () => {
  it("is the same text whatever the order of the keys, at every depth", () => {
    const a = { b: 1, a: { y: [1, { q: true, p: null }], x: "é" } };
    const b = { a: { x: "é", y: [1, { p: null, q: true }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"x":"é","y":[1,{"p":null,"q":true}]},"b":1}');
  });

  it("reads as JSON.parse would: undefined members left out, undefined in arrays as null", () => {
    const value = { keep: 0, gone: undefined, list: [undefined, "x"], text: 'say "hi"\n' };
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson(undefined)).toBe("null");
    expect(canonicalJson([])).toBe("[]");
    expect(canonicalJson({})).toBe("{}");
  });

  it("sorts keys by UTF-16 code units (upper case before lower, digits first)", () => {
    expect(canonicalJson({ b: 1, B: 2, "1": 3, ä: 4 })).toBe('{"1":3,"B":2,"b":1,"ä":4}');
  });

  it("binds the hash to method, URL and body", () => {
    const body = { items: [{ id: "1", sku: "A" }] };
    expect(requestHash("POST", "/x", body)).toBe(
      requestHash("POST", "/x", { items: [{ sku: "A", id: "1" }] }),
    );
    expect(requestHash("POST", "/x", body)).not.toBe(requestHash("POST", "/y", body));
    expect(requestHash("POST", "/x", body)).not.toBe(
      requestHash("POST", "/x", { items: [{ id: "1", sku: "B" }] }),
    );
  });
});
