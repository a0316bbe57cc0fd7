import { describe, expect, it } from "vitest";
import { encodeDataMatrix } from "./datamatrix";
import { labelsFor } from "./label-data";
import { LABEL_SIZES } from "./label-layout";
import { planLabels } from "./label-problems";

const size = LABEL_SIZES["thermal-2x1"];
const item = (id: string, sku: string) => ({
  id,
  sku,
  barcode: null,
  title: `Item ${id}`,
  price: null,
  condition: 5 as const,
  location: null,
});

describe("planLabels", () => {
  const items = [
    item("a", "L-0001"),
    item("b", "LMC3K9Z0A-bin/7.xAB1"),
    item("c", ""),
    item("d", "Café-1"),
    item("e", "L-0001"),
  ];

  it("lists each code that cannot be scanned once, counts its labels, and items without a code", () => {
    const p = planLabels(labelsFor(items, size, 2), size, 203, "warn", encodeDataMatrix);
    expect(p.unscannable.map((u) => [u.code, u.plan.reason])).toEqual([
      ["LMC3K9Z0A-bin/7.xAB1", "too-long"],
      ["Café-1", "not-ascii"],
    ]);
    expect(p.unscannableLabels).toBe(4);
    expect(p.noCode).toBe(1);
    expect(p.asMatrix).toEqual([]);
    expect(p.plans.get("L-0001")?.kind).toBe("code128");
  });

  it("with QR codes for long codes, nothing is left unscannable and the QR labels are named", () => {
    const p = planLabels(labelsFor(items, size), size, 203, "qr", encodeDataMatrix);
    expect(p.unscannable).toEqual([]);
    expect(p.asMatrix).toEqual([
      { code: "LMC3K9Z0A-bin/7.xAB1", symbol: "qr", because: "too-long" },
      { code: "Café-1", symbol: "qr", because: "not-ascii" },
    ]);
  });

  it("with Data Matrix for long codes, the long SKU is one; a code that is not ASCII is still warned about", () => {
    const p = planLabels(labelsFor(items, size), size, 203, "datamatrix", encodeDataMatrix);
    expect(p.asMatrix).toEqual([{ code: "LMC3K9Z0A-bin/7.xAB1", symbol: "datamatrix", because: "too-long" }]);
    expect(p.unscannable.map((u) => [u.code, u.plan.fixes.qr, u.plan.fixes.datamatrix])).toEqual([
      ["Café-1", true, false],
    ]);
  });

  it("prints the long SKU as a barcode on a 300 dpi printer", () => {
    const p = planLabels(labelsFor(items, size), size, 300, "warn", encodeDataMatrix);
    expect(p.unscannable.map((u) => u.code)).toEqual(["Café-1"]);
  });

  it("asks for the Data Matrix encoder only when a label may need it: a code no barcode fits", () => {
    const all = labelsFor(items, size);
    // the long SKU: to print as a Data Matrix, or to offer one as the fix
    for (const long of ["warn", "datamatrix"] as const) {
      const p = planLabels(all, size, 203, long, null);
      expect(p.needsDataMatrix, long).toBe(true);
      expect(p.asMatrix, long).toEqual([]);
    }
    // with the encoder, the plan is complete
    expect(planLabels(all, size, 203, "datamatrix", encodeDataMatrix).needsDataMatrix).toBe(false);
    // codes that fit as bars, a code that is not ASCII (no Data Matrix carries it), QR codes chosen
    const short = labelsFor([items[0], items[2], items[3]] as typeof items, size);
    expect(planLabels(short, size, 203, "datamatrix", null).needsDataMatrix).toBe(false);
    expect(planLabels(all, size, 203, "qr", null).needsDataMatrix).toBe(false);
    expect(planLabels(all, size, 300, "datamatrix", null).needsDataMatrix).toBe(false);
  });
});
