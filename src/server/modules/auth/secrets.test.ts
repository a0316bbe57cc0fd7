import { describe, expect, it } from "vitest";
import { randomToken, safeEqual, sha256 } from "./secrets";

describe("secrets", () => {
  it("makes distinct url-safe tokens of 32 bytes", () => {
    const a = randomToken();
    const b = randomToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("hashes with SHA-256", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("compares strings exactly", () => {
    expect(safeEqual("same", "same")).toBe(true);
    expect(safeEqual("same", "Same")).toBe(false);
    expect(safeEqual("short", "longer")).toBe(false);
  });
});
