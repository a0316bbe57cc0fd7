import { describe, expect, it } from "vitest";
import { bulkItemBytes } from "./bulk";
import { testItemFields } from "./test-items";

/** The item as the app sends it in a bulk body, in UTF-8 bytes. */
const sentBytes = (fields: ReturnType<typeof testItemFields>) =>
  new TextEncoder().encode(JSON.stringify({ id: "0190a000-0000-7000-8000-000000000001", ...fields })).length;

describe("bulkItemBytes (how an import sizes its chunks)", () => {
  const full = {
    batchId: "0190a000-0000-7000-8000-000000000002",
    productId: "0190a000-0000-7000-8000-000000000003",
    price: 999_999_999,
    quantity: 1_000_000,
    dimensions: { length: 123456.789, width: 123456.789, height: 123456.789, unit: "CENTIMETER" as const },
    weight: { value: 123456.789, unit: "KILOGRAM" as const },
    location: "BIN-1",
    notes: "n",
    photos: ["0190a000-0000-7000-8000-000000000004"],
    publicationStatus: 2 as const,
    status: "ready to list" as never,
  };

  it("is at least the bytes sent, for plain, accented, CJK, emoji, quoted and multi-line text", () => {
    for (const text of [
      "Lamp",
      "Lampe à poser – für Küche",
      "台灯 古董",
      "Lamp 💡💡",
      'A "quoted" lamp\nline two\\',
    ]) {
      const item = testItemFields({ ...full, sku: text, title: text, description: text.repeat(50) });
      expect(bulkItemBytes(item)).toBeGreaterThanOrEqual(sentBytes(item));
    }
  });

  it("stays within twice the estimate even for text of control characters (6 bytes each in JSON)", () => {
    const item = testItemFields({ ...full, title: "\u0001".repeat(200), description: "\u0002".repeat(5000) });
    expect(sentBytes(item)).toBeGreaterThan(bulkItemBytes(item));
    expect(sentBytes(item)).toBeLessThanOrEqual(2 * bulkItemBytes(item));
  });
});
