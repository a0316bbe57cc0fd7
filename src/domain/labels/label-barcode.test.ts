import { describe, expect, it } from "vitest";
import { encodeDataMatrix } from "./datamatrix";
import { DATAMATRIX_QUIET_MODULES } from "./datamatrix-limits";
import {
  barcodeAreaInches,
  dotsPerModule,
  LONG_CODE_CHOICES,
  MIN_DOTS_PER_MODULE,
  matrixAreaInches,
  PRINTER_DPIS,
  planBarcode,
  snapToDots,
} from "./label-barcode";
import { LABEL_SIZE_IDS, LABEL_SIZES } from "./label-layout";

const small = LABEL_SIZES["thermal-2x1"];
const wide = LABEL_SIZES["thermal-2.25x1.25"];
const avery = LABEL_SIZES["avery-5160"];
/** CODE128's start symbols (code sets A, B, C) as bar patterns. */
const START_B = "11010010000";
const START_C = "11010011100";

describe("module width per printer resolution", () => {
  it("gives every module whole dots, at least 2, at most 0.02 in", () => {
    expect(dotsPerModule(1.88, 100, 203)).toBe(3);
    expect(dotsPerModule(1.88, 170, 203)).toBe(2);
    expect(dotsPerModule(1.88, 200, 203)).toBe(1);
    // short codes do not get huge bars: 0.02 in is 4 dots at 203, 6 at 300, 12 at 600
    expect(dotsPerModule(1.88, 30, 203)).toBe(4);
    expect(dotsPerModule(1.88, 30, 300)).toBe(6);
    expect(dotsPerModule(1.88, 30, 600)).toBe(12);
  });

  it("prints a short SKU as CODE128 with modules of whole dots at 203, 300 and 600 dpi", () => {
    for (const dpi of PRINTER_DPIS) {
      const plan = planBarcode("L-0001", small, dpi);
      if (plan.kind !== "code128") throw new Error(`at ${dpi}: ${plan.kind}`);
      expect(plan.dotsPerModule).toBeGreaterThanOrEqual(MIN_DOTS_PER_MODULE);
      expect(plan.moduleInches * dpi).toBeCloseTo(plan.dotsPerModule, 9);
      expect(plan.widthInches).toBeLessThanOrEqual(barcodeAreaInches(small) + 1e-9);
    }
  });

  it("needs a higher resolution or a wider stock as the code grows", () => {
    const sku = "LMC3K9Z0A-bin/7.xAB1"; // 20 characters, letters and signs: code set B
    // at 203 dpi a 20-character SKU would get 1.4–1.8 dots per bar on every stock: no barcode
    for (const id of LABEL_SIZE_IDS) {
      const plan = planBarcode(sku, LABEL_SIZES[id], 203);
      expect(plan.kind, id).toBe("none");
      if (plan.kind === "none") {
        expect(plan.dotsPerModule).toBeGreaterThan(1.3);
        expect(plan.dotsPerModule).toBeLessThan(MIN_DOTS_PER_MODULE);
      }
    }
    // at 300 dpi it prints with 2-dot modules even on 2 × 1 in
    const at300 = planBarcode(sku, small, 300);
    expect(at300.kind).toBe("code128");
    if (at300.kind === "code128") expect(at300.dotsPerModule).toBe(2);
  });

  it("says how to fix a code that does not fit: which stock, how short, or a QR code", () => {
    const sku = "WAREHOUSE-A-0000017"; // 19 characters
    const plan = planBarcode(sku, small, 203);
    if (plan.kind !== "none") throw new Error(plan.kind);
    expect(plan.reason).toBe("too-long");
    expect(plan.fixes.qr).toBe(true);
    expect(plan.fixes.maxChars).toBeGreaterThan(8);
    expect(plan.fixes.maxChars).toBeLessThan(sku.length);
    // the shorter code really fits
    expect(planBarcode(sku.slice(0, plan.fixes.maxChars as number), small, 203).kind).toBe("code128");
    for (const id of plan.fixes.stocks) expect(planBarcode(sku, LABEL_SIZES[id], 203).kind).toBe("code128");
  });
});

describe("symbology choice", () => {
  it("encodes digit runs in code set C: a 20-digit SKU fits 2 × 1 in at 203 dpi", () => {
    const digits = planBarcode("12345678901234567890", small, 203);
    if (digits.kind !== "code128") throw new Error(digits.kind);
    expect(digits.bits.startsWith(START_C)).toBe(true);
    // start + 10 digit pairs + check (11 modules each) + stop (13) + quiet zones (20)
    expect(digits.modules).toBe(12 * 11 + 13 + 20);
    expect(digits.dotsPerModule).toBeGreaterThanOrEqual(2);
    // letters first, then a long digit run switches to C part way
    const mixed = planBarcode("AB1234567890", small, 203);
    if (mixed.kind !== "code128") throw new Error(mixed.kind);
    expect(mixed.bits.startsWith(START_B)).toBe(true);
    expect(mixed.modules).toBeLessThan(totalIfAllB("AB1234567890"));
  });

  it("prints a QR code for a code too long for a barcode when the seller chose so", () => {
    const sku = "LMC3K9Z0A-bin/7.xAB1";
    for (const id of LABEL_SIZE_IDS) {
      const plan = planBarcode(sku, LABEL_SIZES[id], 203, "qr");
      if (plan.kind !== "qr") throw new Error(`${id}: ${plan.kind}`);
      expect(plan.because).toBe("too-long");
      expect(plan.dotsPerModule).toBeGreaterThanOrEqual(2);
      expect(plan.sideInches).toBeLessThanOrEqual(matrixAreaInches(LABEL_SIZES[id]) + 1e-9);
      expect(plan.matrix.length).toBeGreaterThanOrEqual(21);
    }
    // a code that fits stays a barcode
    expect(planBarcode("L-0001", small, 203, "qr").kind).toBe("code128");
  });

  it("prints a Data Matrix for a code too long for a barcode when the seller chose so, larger than a QR code would be", () => {
    // 40 characters of code set B: too long for bars on every stock at 203 and 300 dpi
    const sku = "LMC3K9Z0A-bin/7.xAB1-shelf/B-7x-00042-rt";
    for (const id of LABEL_SIZE_IDS)
      for (const dpi of [203, 300]) {
        const plan = planBarcode(sku, LABEL_SIZES[id], dpi, "datamatrix", encodeDataMatrix);
        if (plan.kind !== "datamatrix") throw new Error(`${id} at ${dpi}: ${plan.kind}`);
        expect(plan.because).toBe("too-long");
        expect(plan.dotsPerModule).toBeGreaterThanOrEqual(2);
        // whole dots per module, and the symbol with its quiet zone inside the 2D area
        expect(plan.moduleInches * dpi).toBeCloseTo(plan.dotsPerModule, 9);
        expect(plan.sideInches).toBeCloseTo(
          (plan.matrix.length + 2 * DATAMATRIX_QUIET_MODULES) * plan.moduleInches,
          9,
        );
        expect(plan.sideInches).toBeLessThanOrEqual(matrixAreaInches(LABEL_SIZES[id]) + 1e-9);
        const qr = planBarcode(sku, LABEL_SIZES[id], dpi, "qr");
        if (qr.kind !== "qr") throw new Error(qr.kind);
        expect(plan.dotsPerModule).toBeGreaterThanOrEqual(qr.dotsPerModule);
      }
    expect(planBarcode("L-0001", small, 203, "datamatrix", encodeDataMatrix).kind).toBe("code128");
  });

  it("prints no Data Matrix and offers none as a fix until its encoder is loaded", () => {
    const sku = "LMC3K9Z0A-bin/7.xAB1-shelf/B-7x-00042-rt";
    expect(planBarcode(sku, small, 203, "datamatrix")).toMatchObject({
      kind: "none",
      reason: "too-long",
      fixes: { qr: true, datamatrix: false },
    });
    expect(planBarcode(sku, small, 203, "warn", encodeDataMatrix)).toMatchObject({
      kind: "none",
      fixes: { qr: true, datamatrix: true },
    });
  });

  it("carries a code CODE128 cannot (not ASCII) only as a QR code", () => {
    expect(planBarcode("Café-1", small, 203)).toMatchObject({ kind: "none", reason: "not-ascii" });
    expect(planBarcode("Café-1", small, 203, "qr")).toMatchObject({ kind: "qr", because: "not-ascii" });
    // a Data Matrix would read back in Latin-1, not as stored: warned, with the QR code as the fix
    expect(planBarcode("Café-1", small, 203, "datamatrix", encodeDataMatrix)).toMatchObject({
      kind: "none",
      reason: "not-ascii",
      fixes: { qr: true, datamatrix: false },
    });
  });

  it("never prints a symbol with modules under 2 dots, on any stock at any resolution", () => {
    const skus = [
      "1",
      "A-1",
      "SKU-000123",
      "0123456789012",
      "LMC3K9Z0A-bin/7.xAB1",
      "X".repeat(40),
      "9".repeat(64),
    ];
    for (const id of LABEL_SIZE_IDS)
      for (const dpi of PRINTER_DPIS)
        for (const sku of skus)
          for (const long of LONG_CODE_CHOICES) {
            const plan = planBarcode(sku, LABEL_SIZES[id], dpi, long, encodeDataMatrix);
            if (plan.kind !== "none")
              expect(plan.dotsPerModule, `${sku} on ${id} at ${dpi}`).toBeGreaterThanOrEqual(2);
          }
  });
});

describe("snapToDots", () => {
  it("moves a position onto the printer's dot grid", () => {
    expect(snapToDots(0, 203)).toBe(0);
    const x = 0.06;
    const snapped = x + snapToDots(x, 203);
    expect(snapped * 203).toBeCloseTo(Math.ceil(x * 203), 9);
    expect(snapToDots(0.1875 + 0.12, 300)).toBeGreaterThanOrEqual(0);
    expect(snapToDots(0.1875 + 0.12, 300)).toBeLessThan(1 / 300);
  });
});

describe("areas", () => {
  it("keeps the barcode inside the label's padding and a 2D code inside its height", () => {
    expect(barcodeAreaInches(small)).toBeCloseTo(2 - 0.12, 9);
    expect(barcodeAreaInches(avery)).toBeCloseTo(2.625 - 2 * 0.12, 9);
    expect(matrixAreaInches(wide)).toBeCloseTo(Math.min(1.25 - 0.16, 0.45 * (2.25 - 0.16)), 9);
    expect(matrixAreaInches(small)).toBeCloseTo(Math.min(1 - 0.12, 0.45 * 1.88), 9);
  });
});

/** Modules of a code set B encoding: start, one symbol per character, check, stop, quiet zones. */
const totalIfAllB = (s: string) => (s.length + 2) * 11 + 13 + 20;
