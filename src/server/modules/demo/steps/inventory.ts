import { v7 as uuidv7 } from "uuid";
import { ITEM_STATUSES, type ItemStatus, PUBLICATION_STATUS } from "../../../../domain/inventory/item";
import type { DemoRun, DemoStep } from "../demo-run";
import { itemPhoto, type PhotoSubject } from "../drawings/item-photo";
import { seededRandom } from "../drawings/statement";

interface Kind {
  subject: PhotoSubject;
  /** Title stem; a maker or detail is added per item. */
  title: string;
  description: string;
  /** Price range in dollars. */
  price: [number, number];
  dims: [number, number, number];
  weightLb: number;
}

const KINDS: Kind[] = [
  {
    subject: "mug",
    title: "Stoneware coffee mug",
    description: "Hand-glazed stoneware mug, 12 oz. No chips or crazing; dishwasher safe.",
    price: [8, 24],
    dims: [5, 3.5, 4],
    weightLb: 0.8,
  },
  {
    subject: "lamp",
    title: "Brass table lamp",
    description: "Mid-century brass table lamp with linen shade. Rewired, tested and working.",
    price: [45, 180],
    dims: [12, 12, 22],
    weightLb: 5.5,
  },
  {
    subject: "camera",
    title: "35mm film camera",
    description: "Manual 35mm rangefinder. Shutter fires at all speeds; light meter responds. Lens clear.",
    price: [60, 320],
    dims: [6, 3, 4],
    weightLb: 1.3,
  },
  {
    subject: "vase",
    title: "Art glass vase",
    description: "Hand-blown art glass vase, signed on the base. No cracks, light wear on the foot.",
    price: [25, 140],
    dims: [6, 6, 11],
    weightLb: 2.4,
  },
  {
    subject: "books",
    title: "Hardcover book set",
    description: "Set of hardcover volumes with dust jackets. Bindings tight, pages clean.",
    price: [18, 90],
    dims: [10, 7, 8],
    weightLb: 6,
  },
  {
    subject: "record",
    title: "Vinyl LP record",
    description:
      "12-inch LP, original pressing. Vinyl VG+, plays through without skips; sleeve has ring wear.",
    price: [10, 65],
    dims: [12.5, 12.5, 0.3],
    weightLb: 0.5,
  },
  {
    subject: "teapot",
    title: "Enamel teapot",
    description: "Enamel-on-steel teapot with lid, 1.5 qt. Small chip on the spout rim; no rust.",
    price: [15, 55],
    dims: [9, 7, 7],
    weightLb: 1.7,
  },
  {
    subject: "clock",
    title: "Wall clock",
    description: "Battery wall clock, 12-inch face, quiet sweep movement. Keeps time.",
    price: [20, 75],
    dims: [12, 2, 12],
    weightLb: 2,
  },
];

const DETAILS = [
  "Heath",
  "Pyrex",
  "Dansk",
  "Leica",
  "Canon",
  "Blenko",
  "Folio Society",
  "Blue Note",
  "Le Creuset",
  "Seiko",
  "Fiesta",
  "Kodak",
  "Holmegaard",
  "Penguin",
  "Verve",
  "Chemex",
];

const BATCHES = [
  { name: "Estate sale — Park Slope brownstone", sourceFileName: "estate-sale-park-slope.xlsx", items: 90 },
  { name: "Liquidation pallet #14", sourceFileName: "pallet-14-manifest.csv", items: 70 },
  { name: "Storage unit 3B clear-out", sourceFileName: "storage-unit-3b.csv", items: 40 },
] as const;

/** 200 items over the twelve statuses, most in the working ones. */
const STATUS_COUNTS: Record<ItemStatus, number> = {
  new: 30,
  pending: 12,
  active: 28,
  sold: 22,
  unavailable: 6,
  awaiting_shipment: 10,
  shipped: 12,
  delivered: 14,
  listed: 36,
  withdrawn_from_ebay: 10,
  deleted_from_ebay: 6,
  waiting_for_pending: 14,
};

const PUBLISHED: ReadonlySet<ItemStatus> = new Set([
  "listed",
  "sold",
  "awaiting_shipment",
  "shipped",
  "delivered",
]);
const OFF_EBAY: ReadonlySet<ItemStatus> = new Set(["withdrawn_from_ebay", "deleted_from_ebay"]);

/** What later steps (eBay) know of each demo item: `run.take<DemoItem[]>(DEMO_ITEMS)`. */
export const DEMO_ITEMS = "inventory:items";
export interface DemoItem {
  id: string;
  sku: string;
  title: string;
  price: number;
  status: ItemStatus;
}

/** Items per status that get drawn photos (the rest show the placeholder, as fresh imports do). */
const PHOTOS_PER_STATUS = 3;

/** A UPC-A code (11 digits and the check digit). */
function upc(n: number): string {
  const body = `0${String(84_512_300_000 + n * 37).padStart(10, "0")}`.slice(-11);
  const sum = [...body].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A shop price in cents within the range of dollars: $23.99, $119.99. */
const priceCents = (random: () => number, [lo, hi]: [number, number]) =>
  Math.round(lo + random() * (hi - lo)) * 100 - 1;

/** Adds a photo to an item through its photo link, as the phone page does; answers the photo's reference. */
async function addPhoto(run: DemoRun, itemId: string, drawing: Promise<Buffer>): Promise<string> {
  const link = await run.call<{ hash: string }>(
    "companyAdmin",
    "POST",
    `/api/inventory/items/${itemId}/photo-link`,
    {},
  );
  const uploaded = await run.upload<{ photo: { ref: string } }>(
    null,
    `/api/photo/${link.hash}`,
    {},
    { name: `IMG_${itemId.slice(-6)}.jpg`, type: "image/jpeg", data: await drawing },
    { "idempotency-key": `demo-photo-${itemId}` },
  );
  return uploaded.photo.ref;
}

/** `fn` over the list, `size` at a time; answers the results in order. */
async function inBatches<T, R>(
  list: readonly T[],
  size: number,
  fn: (x: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < list.length; i += size) {
    out.push(...(await Promise.all(list.slice(i, i + size).map((x, j) => fn(x, i + j)))));
  }
  return out;
}

/**
 * The reseller side of the demo company: three import batches, twelve catalogue products and 200
 * items in every status (SKU, UPC barcode, price, shelf location: ready to print labels), through
 * the inventory API (batches and products as the app writes them, the items in one bulk create as
 * the import sends them), and drawn photos uploaded through items' photo links like a phone does.
 */
export const inventoryStep: DemoStep = {
  name: "inventory",
  describe:
    "three import batches, 12 products and 200 items in every status, with drawn photos, ready for labels",
  async run(run) {
    const random = seededRandom(2024);
    const batchIds: string[] = [];
    for (const b of BATCHES) {
      const id = uuidv7();
      await run.call("companyAdmin", "PUT", `/api/inventory/batches/${id}`, {
        name: b.name,
        sourceFileName: b.sourceFileName,
        rowCount: b.items,
      });
      batchIds.push(id);
    }

    const products: { id: string; kind: Kind; price: number }[] = [];
    for (let p = 0; p < 12; p++) {
      const kind = KINDS[p % KINDS.length] as Kind;
      const detail = DETAILS[(p * 5) % DETAILS.length] as string;
      const id = uuidv7();
      const price = priceCents(random, kind.price);
      await run.call("companyAdmin", "PUT", `/api/inventory/products/${id}`, {
        title: `${detail} ${kind.title.toLowerCase()}`,
        description: kind.description,
        category: "product",
        condition: p % 3 === 0 ? 5 : 13,
        dimensions: { length: kind.dims[0], width: kind.dims[1], height: kind.dims[2], unit: "INCH" },
        weight: { value: kind.weightLb, unit: "POUND" },
        price,
      });
      products.push({ id, kind, price });
    }

    const statuses = ITEM_STATUSES.flatMap((s) => Array<ItemStatus>(STATUS_COUNTS[s]).fill(s));
    const items = statuses.map((status, i) => {
      const fromProduct = i % 4 === 0 ? products[(i / 4) % products.length] : undefined;
      const kind = fromProduct?.kind ?? (KINDS[Math.floor(random() * KINDS.length)] as Kind);
      const detail = DETAILS[Math.floor(random() * DETAILS.length)] as string;
      const batchIndex = i % 20 < 9 ? 0 : i % 20 < 16 ? 1 : 2;
      const n = i + 1;
      return {
        id: uuidv7(),
        batchId: batchIds[batchIndex] ?? null,
        productId: fromProduct?.id ?? null,
        sku: `DR-${String(batchIndex + 1)}-${String(n).padStart(4, "0")}`,
        barcode: upc(n),
        title: `${detail} ${kind.title.toLowerCase()}`,
        description: kind.description,
        quantity: status === "sold" || status === "delivered" ? 0 : 1 + Math.floor(random() * 3),
        condition: random() < 0.3 ? 5 : 13,
        price: fromProduct?.price ?? priceCents(random, kind.price),
        category: "inventory",
        dimensions: { length: kind.dims[0], width: kind.dims[1], height: kind.dims[2], unit: "INCH" },
        weight: { value: kind.weightLb, unit: "POUND" },
        location: `${"ABCD"[batchIndex + (n % 2)]}-${String(1 + (n % 12)).padStart(2, "0")}-${1 + (n % 4)}`,
        status,
        publicationStatus: PUBLISHED.has(status)
          ? PUBLICATION_STATUS.PUBLISHED
          : OFF_EBAY.has(status)
            ? PUBLICATION_STATUS.DELETED
            : PUBLICATION_STATUS.UNPUBLISHED,
        notes: status === "unavailable" ? "Damaged in storage; kept for parts." : null,
        subject: kind.subject,
      };
    });
    const bulk = await run.call<{ created: number; refused: number }>(
      "companyAdmin",
      "POST",
      "/api/inventory/items/bulk",
      {
        items: items.map(({ subject: _subject, ...item }) => item),
      },
    );
    if (bulk.created !== items.length) {
      throw new Error(`The bulk create stored ${bulk.created} of ${items.length} demo items`);
    }
    run.shared.set(DEMO_ITEMS, items satisfies DemoItem[]);

    // Photos: the first few items of every status, through the item's photo link (as a phone adds them),
    // three at a time.
    const photographed = ITEM_STATUSES.flatMap((s) =>
      items.filter((i) => i.status === s).slice(0, PHOTOS_PER_STATUS),
    );
    const refs = await inBatches(photographed, 3, (item, n) =>
      addPhoto(run, item.id, itemPhoto(item.subject, n)),
    );
    const firstPhotoOf = new Map<string, string>();
    photographed.forEach((item, n) => {
      if (item.productId && !firstPhotoOf.has(item.productId))
        firstPhotoOf.set(item.productId, refs[n] as string);
    });
    // Each product shows a photo of one of its items; a product none of them shows gets its own drawing.
    for (const [n, product] of products.entries()) {
      let ref = firstPhotoOf.get(product.id);
      if (!ref) {
        const item = items.find((i) => i.productId === product.id);
        if (!item) continue;
        ref = await addPhoto(run, item.id, itemPhoto(product.kind.subject, 300 + n));
      }
      await run.call("companyAdmin", "PATCH", `/api/inventory/products/${product.id}`, {
        version: 1,
        images: [ref],
      });
    }
  },
};
