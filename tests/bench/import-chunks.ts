/**
 * The server import benches' request bodies (import-server.ts, import-work.ts): 5,000 generated
 * items per bulk request, as the app's import sends them.
 */
import { v7 as uuidv7 } from "uuid";

export const PER_CHUNK = 5_000;
const WORDS = ["lamp", "vase", "chair", "table", "mirror", "clock", "frame", "bowl", "rug", "shelf"];

/** One chunk's body, as the app sends it: the item's id, then its fields in the app's order. */
export function chunkBody(batchId: string, chunk: number): string {
  const items = [];
  for (let j = 0; j < PER_CHUNK; j++) {
    const i = chunk * PER_CHUNK + j;
    const w = WORDS[i % WORDS.length];
    items.push({
      id: uuidv7(),
      batchId,
      productId: null,
      sku: `IMP-${String(i).padStart(6, "0")}`,
      barcode: String(100000000000 + i),
      title: `Vintage ${w} no. ${i}`,
      description: `A ${w} in good condition, row ${i}`,
      quantity: (i % 9) + 1,
      condition: i % 3 ? 13 : 5,
      price: ((i % 90) + 10) * 100 + 99,
      category: "inventory",
      dimensions: { length: 10, width: 5, height: 2, unit: "INCH" },
      weight: { value: (i % 7) + 0.5, unit: "POUND" },
      location: `BIN-${i % 300}`,
      status: "new",
      publicationStatus: 0,
      photos: [],
      notes: "",
    });
  }
  return JSON.stringify({ items });
}
