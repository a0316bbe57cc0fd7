import { describe, expect, it } from "vitest";
import { decodeUtf8Strict, formTextProblem, queryStringProblem } from "./request-text";

describe("queryStringProblem", () => {
  it("refuses a NUL byte, however it is encoded", () => {
    expect(queryStringProblem("query=%00")).toMatch(/U\+0000/);
    expect(queryStringProblem("a=1&q=x%00y")).toMatch(/query string/);
  });

  it("refuses bytes that are not UTF-8: stray, overlong, encoded surrogates, cut off", () => {
    for (const raw of ["q=%FF", "q=a%FF%FEb", "q=%C0%AF", "q=%ED%A0%80", "q=%E2%82"]) {
      expect(queryStringProblem(raw), raw).toMatch(/not valid UTF-8/);
    }
  });

  it("accepts ordinary and encoded UTF-8 text, + as space and a stray % kept as typed", () => {
    for (const raw of ["q=caf%C3%A9", "q=%F0%9F%98%80", "q=a+b&page=2", "q=100%", "q=%zz", "q=%EF%BF%BD"]) {
      expect(queryStringProblem(raw), raw).toBeNull();
    }
  });
});

describe("decodeUtf8Strict", () => {
  it("decodes UTF-8 and refuses everything else", () => {
    expect(decodeUtf8Strict(Buffer.from("Grüße €"))).toBe("Grüße €");
    expect(decodeUtf8Strict(Uint8Array.from([0x61, 0xff, 0xfe, 0x62]))).toBeNull();
    expect(decodeUtf8Strict(Uint8Array.from([0xc0, 0xaf]))).toBeNull();
    expect(decodeUtf8Strict(Uint8Array.from([0xed, 0xa0, 0x80]))).toBeNull();
  });
});

describe("formTextProblem", () => {
  it("refuses NUL and the replacement character a lossy decoder leaves for bad bytes", () => {
    expect(formTextProblem("a\u0000", "file name")).toMatch(/file name cannot contain/);
    expect(formTextProblem("Bu\uFFFDro.pdf", "file name")).toMatch(/file name is not valid UTF-8/);
    expect(formTextProblem("Büro 2024.pdf", "file name")).toBeNull();
  });
});
