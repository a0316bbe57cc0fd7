import {
  BarcodeFormat,
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from "@zxing/library";
import { describe, expect, it } from "vitest";
import { barRuns, encodeCode128, QUIET_MODULES, totalModules } from "./barcode";

/** Draws the runs as a grey-scale image (3 px per module) and reads it back with ZXing. */
function decode(bits: string): string {
  const scale = 3;
  const width = totalModules(bits) * scale;
  const height = 30;
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  for (const [start, len] of barRuns(bits)) {
    for (let y = 0; y < height; y++)
      pixels.fill(0, y * width + start * scale, y * width + (start + len) * scale);
  }
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  ]);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
  return new Code128Reader().decode(bitmap, hints).getText();
}

describe("CODE128 encoding", () => {
  it.each(["SKU-0001", "abc 123/x", "0123456789012", "A", "Lot#42_bin.7"])(
    "%s reads back as itself",
    (text) => {
      const code = encodeCode128(text);
      expect(code.ok).toBe(true);
      if (code.ok) expect(decode(code.bits)).toBe(text);
    },
  );

  it("starts with a start code and ends with the stop pattern", () => {
    const code = encodeCode128("ABC");
    expect(code.ok && code.bits.startsWith("11010010000")).toBe(true); // start B
    expect(code.ok && code.bits.endsWith("1100011101011")).toBe(true); // stop
  });

  it("packs digit runs (code set C): 16 digits take fewer modules than 16 letters", () => {
    const digits = encodeCode128("0123456789012345");
    const letters = encodeCode128("ABCDEFGHIJKLMNOP");
    expect(digits.ok && letters.ok).toBe(true);
    if (digits.ok && letters.ok) expect(digits.bits.length).toBeLessThan(letters.bits.length);
  });

  it("refuses what CODE128 cannot carry, and empty text", () => {
    expect(encodeCode128("Größe €")).toEqual({ ok: false, text: "Größe €" });
    expect(encodeCode128("")).toEqual({ ok: false, text: "" });
  });

  it("bar runs start after the quiet zone and cover every bar module", () => {
    const runs = barRuns("1101");
    expect(runs).toEqual([
      [QUIET_MODULES, 2],
      [QUIET_MODULES + 3, 1],
    ]);
  });
});
