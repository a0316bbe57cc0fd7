import { describe, expect, it } from "vitest";
import { PUSH_DEFAULT_URL, pushKeysProblem, pushTarget } from "./push";

const b64 = (bytes: number[]) => Buffer.from(bytes).toString("base64url");

describe("pushKeysProblem", () => {
  it("takes an uncompressed P-256 point and a 16-byte secret", () => {
    const p256dh = b64([4, ...Array(64).fill(7)]);
    expect(pushKeysProblem({ p256dh, auth: b64(Array(16).fill(1)) })).toBeNull();
  });

  it("names the key that is wrong", () => {
    const auth = b64(Array(16).fill(1));
    expect(pushKeysProblem({ p256dh: b64([3, ...Array(64).fill(7)]), auth })).toMatch(/p256dh/);
    expect(pushKeysProblem({ p256dh: "not+base64url", auth })).toMatch(/p256dh/);
    expect(pushKeysProblem({ p256dh: b64([4, ...Array(64).fill(7)]), auth: b64([1, 2]) })).toMatch(/auth/);
  });
});

describe("pushTarget", () => {
  it("opens app paths only", () => {
    expect(pushTarget("/dashboard/filings?x=1")).toBe("/dashboard/filings?x=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", null, 5]) {
      expect(pushTarget(bad)).toBe(PUSH_DEFAULT_URL);
    }
  });
});
