import bwipjs from "bwip-js/node";
import { describe, expect, it } from "vitest";
import { encodeDataMatrix } from "./datamatrix";

/** bwip-js's own module grid (its raw output) for the same text. */
function rawModules(text: string): boolean[][] {
  const [sym] = bwipjs.raw("datamatrix", text, {}) as { pixs: number[]; pixx: number; pixy: number }[];
  if (!sym) throw new Error("no symbol");
  return Array.from({ length: sym.pixy }, (_, r) =>
    Array.from({ length: sym.pixx }, (_, c) => sym.pixs[r * sym.pixx + c] === 1),
  );
}

describe("encodeDataMatrix", () => {
  it("gives the modules bwip-js encodes, with the L finder on the left and bottom", () => {
    for (const text of ["A", "SKU-000123", "LMC3K9Z0A-bin/7.xAB1", "9".repeat(64), "X".repeat(40)]) {
      const m = encodeDataMatrix(text);
      if (!m) throw new Error(text);
      expect(m, text).toEqual(rawModules(text));
      const n = m.length;
      expect(m.every((row) => row[0])).toBe(true);
      expect(m[n - 1]?.every(Boolean)).toBe(true);
      // the top row and right column alternate (the timing pattern)
      expect(m[0]?.map((d, c) => d === (c % 2 === 0))).not.toContain(false);
    }
  });

  it("is square and small: 20 × 20 modules for a 20-character SKU (a QR code is 25 × 25)", () => {
    expect(encodeDataMatrix("LMC3K9Z0A-bin/7.xAB1")).toHaveLength(20);
  });

  it("refuses what would not read back as stored: empty or not plain ASCII", () => {
    expect(encodeDataMatrix("")).toBeNull();
    expect(encodeDataMatrix("Café-1")).toBeNull();
  });
});
