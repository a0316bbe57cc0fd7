/**
 * Headers → item fields. `guessMapping` recognises the usual column names of marketplace and
 * spreadsheet exports; the result is a plain object the user edits in the mapping step
 * (field → column index, or absent), then hands to `buildImport`.
 */
import type { DimensionUnit, WeightUnit } from "../item";

export const IMPORT_FIELDS = [
  "title",
  "sku",
  "barcode",
  "quantity",
  "price",
  "condition",
  "description",
  "weight",
  "weightUnit",
  "dimensions",
  "length",
  "width",
  "height",
  "dimensionUnit",
  "location",
  "notes",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Field → 0-based column index. A field missing from the object is not imported. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** Units named in a header, e.g. "Weight (lb)" or "Length cm". */
export interface HeaderUnits {
  weightUnit?: WeightUnit;
  dimensionUnit?: DimensionUnit;
}

export interface GuessedMapping {
  mapping: ColumnMapping;
  /** Units found in the mapped headers; used when a value has no unit of its own. */
  units: HeaderUnits;
}

/** Lower case, letters and digits only: "Item Name" → "itemname", "Qty." → "qty". */
function normaliseHeader(h: string): string {
  return h
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, " ")
    .replace(/[^a-z0-9]+/g, "");
}

const SYNONYMS: Record<ImportField, string[]> = {
  title: [
    "title",
    "name",
    "itemname",
    "itemtitle",
    "producttitle",
    "productname",
    "inventorytitle",
    "listingtitle",
  ],
  sku: [
    "sku",
    "skus",
    "itemsku",
    "customlabel",
    "customlabelsku",
    "itemnumber",
    "itemno",
    "partnumber",
    "articlenumber",
    "stocknumber",
  ],
  barcode: [
    "barcode",
    "upc",
    "ean",
    "gtin",
    "isbn",
    "upcean",
    "upcbarcode",
    "productid",
    "upccode",
    "eancode",
  ],
  quantity: [
    "qty",
    "quantity",
    "onhand",
    "qtyonhand",
    "quantityonhand",
    "stock",
    "available",
    "quantityavailable",
    "count",
    "units",
    "inventory",
  ],
  price: [
    "price",
    "cost",
    "listprice",
    "unitprice",
    "saleprice",
    "retailprice",
    "startprice",
    "buyitnowprice",
    "msrp",
    "amount",
  ],
  condition: ["condition", "itemcondition", "conditionid", "state"],
  description: ["description", "desc", "itemdescription", "productdescription", "details", "longdescription"],
  weight: ["weight", "itemweight", "shippingweight", "packageweight", "wt"],
  weightUnit: ["weightunit", "weightunits", "unitofweight", "weightuom"],
  dimensions: ["dimensions", "dimension", "size", "dims", "packagedimensions", "lxwxh", "lwh"],
  length: ["length", "len", "packagelength", "itemlength", "l"],
  width: ["width", "packagewidth", "itemwidth", "w"],
  height: ["height", "packageheight", "itemheight", "depth", "h"],
  dimensionUnit: [
    "dimensionunit",
    "dimensionunits",
    "unitofmeasure",
    "lengthunit",
    "sizeunit",
    "uom",
    "dimensionuom",
  ],
  location: [
    "location",
    "bin",
    "binlocation",
    "storagelocation",
    "shelf",
    "storage",
    "binnumber",
    "warehouselocation",
  ],
  notes: ["notes", "note", "comments", "comment", "remarks", "internalnotes"],
};

const WEIGHT_UNIT_WORDS: [RegExp, WeightUnit][] = [
  [/^(lb|lbs|pound|pounds|#)$/, "POUND"],
  [/^(kg|kgs|kilo|kilos|kilogram|kilograms)$/, "KILOGRAM"],
  [/^(oz|ounce|ounces)$/, "OUNCE"],
  [/^(g|gr|gram|grams)$/, "GRAM"],
];
const DIMENSION_UNIT_WORDS: [RegExp, DimensionUnit][] = [
  [/^(in|inch|inches|"|'')$/, "INCH"],
  [/^(ft|foot|feet|')$/, "FEET"],
  [/^(cm|centimeter|centimeters|centimetre|centimetres)$/, "CENTIMETER"],
  [/^(m|meter|meters|metre|metres)$/, "METER"],
];

export function parseWeightUnit(word: string): WeightUnit | null {
  const w = word.trim().toLowerCase().replace(/\.$/, "");
  if (/^(pound|kilogram|ounce|gram)$/i.test(w)) return w.toUpperCase() as WeightUnit;
  return WEIGHT_UNIT_WORDS.find(([re]) => re.test(w))?.[1] ?? null;
}

export function parseDimensionUnit(word: string): DimensionUnit | null {
  const w = word.trim().toLowerCase().replace(/\.$/, "");
  return DIMENSION_UNIT_WORDS.find(([re]) => re.test(w))?.[1] ?? null;
}

/** A unit written in a header's brackets or as its last word: "Weight (lbs)", "Length cm". */
function unitInHeader(header: string): string | null {
  const bracket = /[([]\s*([^)\]]+?)\s*[)\]]/.exec(header)?.[1];
  if (bracket) return bracket;
  const words = header.trim().split(/[\s_-]+/);
  return words.length > 1 ? (words.at(-1) ?? null) : null;
}

/** The units the mapped columns' headers name ("Weight (lb)", "Dimensions cm"), for the preview. */
export function unitsFor(headers: readonly string[], mapping: ColumnMapping): HeaderUnits {
  const units: HeaderUnits = {};
  const word = (col: number | undefined) => (col === undefined ? null : unitInHeader(headers[col] ?? ""));
  const w = word(mapping.weight);
  if (w) units.weightUnit = parseWeightUnit(w) ?? undefined;
  for (const f of ["dimensions", "length", "width", "height"] as const) {
    const d = word(mapping[f]);
    const unit = d ? parseDimensionUnit(d) : null;
    if (unit) {
      units.dimensionUnit = unit;
      break;
    }
  }
  return units;
}

/** What may follow a synonym in a header: a unit or currency written without brackets ("Weight lbs", "Price USD"). */
const SUFFIXES = new Set(
  "lb lbs pound pounds kg kgs oz g grams in inch inches cm ft m usd eur gbp each ea peritem".split(" "),
);

/** Recognises columns by name; the first column matching a field wins, each column maps once. */
export function guessMapping(headers: readonly string[]): GuessedMapping {
  const mapping: ColumnMapping = {};
  const units: HeaderUnits = {};
  const used = new Set<number>();
  const norm = headers.map(normaliseHeader);
  for (const field of IMPORT_FIELDS) {
    const synonyms = SYNONYMS[field];
    // exact synonym first, then a header that starts with one (e.g. "weightlbs", "priceusd")
    let col = norm.findIndex((h, i) => !used.has(i) && synonyms.includes(h));
    if (col === -1) {
      col = norm.findIndex(
        (h, i) =>
          !used.has(i) &&
          synonyms.some((s) => s.length >= 2 && h.startsWith(s) && SUFFIXES.has(h.slice(s.length))),
      );
    }
    if (col === -1) continue;
    mapping[field] = col;
    used.add(col);
    const unitWord = unitInHeader(headers[col] ?? "");
    if (unitWord) {
      if (field === "weight") units.weightUnit ??= parseWeightUnit(unitWord) ?? undefined;
      if (field === "dimensions" || field === "length" || field === "width" || field === "height") {
        units.dimensionUnit ??= parseDimensionUnit(unitWord) ?? undefined;
      }
    }
  }
  return { mapping, units };
}
