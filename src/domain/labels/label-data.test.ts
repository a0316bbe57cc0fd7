import { describe, expect, it } from "vitest";
import { type LabelItem, labelCode, labelFromItem, labelsFor, MAX_LABELS } from "./label-data";
import { LABEL_SIZES, titleCharBudget } from "./label-layout";

const size = LABEL_SIZES["thermal-2x1"];
const item = (over: Partial<LabelItem> = {}): LabelItem => ({
  id: "0190f0a0-0000-7000-8000-000000000001",
  sku: "SKU-1",
  barcode: "0123456789012",
  title: "Brass desk lamp",
  price: 1250,
  condition: 13,
  location: " A-03 ",
  ...over,
});

describe("label data", () => {
  it("encodes the SKU, or the barcode when there is no SKU", () => {
    expect(labelCode(item())).toEqual({ code: "SKU-1", codeKind: "sku" });
    expect(labelCode(item({ sku: "  " }))).toEqual({ code: "0123456789012", codeKind: "barcode" });
    expect(labelCode(item({ sku: "", barcode: null }))).toEqual({ code: null, codeKind: null });
  });

  it("shows the price in dollars, the condition and the trimmed location", () => {
    expect(labelFromItem(item(), size)).toMatchObject({
      title: "Brass desk lamp",
      price: "$12.50",
      condition: 13,
      location: "A-03",
    });
    expect(labelFromItem(item({ price: null, location: "" }), size)).toMatchObject({
      price: null,
      location: null,
    });
  });

  it("cuts a long title to the label's budget", () => {
    const long = "Mid-century modern walnut sideboard with four drawers and brass handles, restored";
    const label = labelFromItem(item({ title: long }), size);
    expect(label.title.length).toBeLessThanOrEqual(titleCharBudget(size));
    expect(label.title.endsWith("…")).toBe(true);
  });

  it("makes copies with distinct keys, in the items' order", () => {
    const labels = labelsFor([item(), item({ id: "b", sku: "SKU-2" })], size, 2);
    expect(labels.map((l) => [l.key, l.code])).toEqual([
      ["0190f0a0-0000-7000-8000-000000000001:0", "SKU-1"],
      ["0190f0a0-0000-7000-8000-000000000001:1", "SKU-1"],
      ["b:0", "SKU-2"],
      ["b:1", "SKU-2"],
    ]);
    expect(labelsFor([item()], size, 0)).toHaveLength(1);
  });

  it("stops at the most labels one print may hold", () => {
    const many = Array.from({ length: 40 }, (_, i) => item({ id: `i${i}` }));
    expect(labelsFor(many, size, 100)).toHaveLength(MAX_LABELS);
  });
});
