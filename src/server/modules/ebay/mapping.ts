/**
 * An item as eBay's Inventory API wants it: the inventory item (SKU, product, condition,
 * package, availability) and the offer (marketplace, fixed price, policies, location). Pure;
 * units and conditions as the spec names them (section 3).
 */
import { EBAY_CURRENCY, EBAY_MARKETPLACE } from "../../../domain/ebay/contract";
import type { Item } from "../../../domain/inventory/item";
import type { components } from "../../integrations/ebay/types/inventory";

type InventoryItemWithSku = components["schemas"]["InventoryItemWithSkuLocale"];
type OfferRequest = components["schemas"]["EbayOfferDetailsWithKeys"];

/** Spec condition codes → eBay's ConditionEnum: 5 New → NEW (1000); 13 Used → USED_EXCELLENT (3000, "Used"). */
const EBAY_CONDITIONS = { 5: "NEW", 13: "USED_EXCELLENT" } as const;

/** eBay's limits the listing checks before calling (Inventory API: title 80, description 4000 characters). */
const EBAY_LIMITS = { skuMax: 50, titleMax: 80, descriptionMax: 4000, picturesMax: 24 } as const;

/**
 * The SKU eBay knows an item by. eBay takes letters and digits only, at most 50 (error 25707;
 * sellers report hyphenated SKUs refused), while ours may hold hyphens, spaces and up to 64
 * characters. A SKU that eBay takes is used as it is, so the seller finds it on eBay; any other
 * becomes "BL" + the item id's 32 hex digits (unique, stable, alphanumeric). `taken` tells
 * whether another listing of the company already uses a SKU. Fixed at the first publish.
 */
export function ebaySkuFor(sku: string, itemId: string, taken: (candidate: string) => boolean = () => false) {
  const trimmed = sku.trim();
  if (/^[A-Za-z0-9]{1,50}$/.test(trimmed) && !taken(trimmed)) return trimmed;
  return `BL${itemId.replace(/-/g, "").toUpperCase()}`;
}

/** Dollars with two decimals, as eBay's Amount.value. */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/** UPC (12 digits) or EAN (13) from the item's barcode, when it is one. */
function productCodes(barcode: string | null): { upc?: string[]; ean?: string[] } {
  const code = barcode?.trim() ?? "";
  if (/^\d{12}$/.test(code)) return { upc: [code] };
  if (/^\d{13}$/.test(code)) return { ean: [code] };
  return {};
}

/** Package dimensions and weight when the item has them all (eBay refuses a partial box). */
function packageOf(item: Item): InventoryItemWithSku["packageWeightAndSize"] | undefined {
  const d = item.dimensions;
  const out: NonNullable<InventoryItemWithSku["packageWeightAndSize"]> = {};
  if (
    d.length !== null &&
    d.width !== null &&
    d.height !== null &&
    d.length > 0 &&
    d.width > 0 &&
    d.height > 0
  ) {
    out.dimensions = { length: d.length, width: d.width, height: d.height, unit: d.unit };
  }
  if (item.weight.value !== null && item.weight.value > 0) {
    out.weight = { value: item.weight.value, unit: item.weight.unit };
  }
  return out.dimensions || out.weight ? out : undefined;
}

/** One record of bulkCreateOrReplaceInventoryItem. */
export function toInventoryItem(item: Item, ebaySku: string, imageUrls: string[]): InventoryItemWithSku {
  const aspects = Object.fromEntries(
    Object.entries(item.ebay?.aspects ?? {}).filter(([, values]) => values.length > 0),
  );
  const pkg = packageOf(item);
  return {
    sku: ebaySku,
    locale: "en_US",
    condition: EBAY_CONDITIONS[item.condition],
    product: {
      title: item.title.trim(),
      description: item.description,
      imageUrls,
      ...(Object.keys(aspects).length ? { aspects } : {}),
      ...productCodes(item.barcode),
    },
    availability: { shipToLocationAvailability: { quantity: item.quantity } },
    ...(pkg ? { packageWeightAndSize: pkg } : {}),
  };
}

export interface OfferContext {
  fulfillmentPolicyId: string;
  paymentPolicyId: string;
  returnPolicyId: string;
  merchantLocationKey: string;
}

/** One record of bulkCreateOffer, or the body of updateOffer. */
export function toOffer(item: Item, ebaySku: string, ctx: OfferContext): OfferRequest {
  return {
    sku: ebaySku,
    marketplaceId: EBAY_MARKETPLACE,
    format: "FIXED_PRICE",
    availableQuantity: item.quantity,
    categoryId: item.ebay?.categoryId ?? undefined,
    listingDescription: item.description,
    listingDuration: "GTC",
    listingPolicies: {
      fulfillmentPolicyId: ctx.fulfillmentPolicyId,
      paymentPolicyId: ctx.paymentPolicyId,
      returnPolicyId: ctx.returnPolicyId,
    },
    merchantLocationKey: ctx.merchantLocationKey,
    pricingSummary: { price: { value: dollars(item.price ?? 0), currency: EBAY_CURRENCY } },
  };
}

/**
 * What must be right before eBay is asked at all, in a seller's words (eBay would refuse each
 * with one of errors 25002–25021). Empty when the item can go.
 */
export function listingProblems(item: Item): string[] {
  const out: string[] = [];
  if (!item.title.trim()) out.push("Add a title");
  else if (item.title.trim().length > EBAY_LIMITS.titleMax)
    out.push(
      `Shorten the title to ${EBAY_LIMITS.titleMax} characters for eBay (it has ${item.title.trim().length})`,
    );
  if (!item.description.trim()) out.push("Add a description");
  else if (item.description.length > EBAY_LIMITS.descriptionMax)
    out.push(`Shorten the description to ${EBAY_LIMITS.descriptionMax} characters for eBay`);
  if (item.price === null || item.price <= 0) out.push("Set a price");
  if (item.quantity < 1) out.push("The quantity is 0: nothing to sell");
  if (!item.ebay?.categoryId) out.push("Choose an eBay category");
  if (item.photos.length === 0) out.push("Add at least one photo");
  return out;
}
