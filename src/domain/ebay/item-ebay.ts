/**
 * The eBay part of an item (`Item.ebay`): the category and item aspects chosen in the describe
 * form, and the seller's latest listing request. The request is a plain field so it is saved
 * and queued offline like any edit (the outbox sends it with its Idempotency-Key); the server
 * turns a request id it has not seen into one run of the eBay job.
 */
import type { ListingAction } from "./contract";
import { LISTING_ACTIONS } from "./contract";

interface ListingRequest {
  /** UUID made on the device; a new id is a new request, the same id is never run twice. */
  id: string;
  action: ListingAction;
  /** When the seller asked (ISO 8601). */
  at: string;
}

export interface ItemEbay {
  categoryId: string | null;
  categoryName: string | null;
  /** Item aspects by name (eBay's "item specifics"), each with one or more values. */
  aspects: Record<string, string[]>;
  request: ListingRequest | null;
}

export const ITEM_EBAY_LIMITS = {
  categoryIdMax: 12,
  categoryNameMax: 200,
  aspectsMax: 60,
  aspectNameMax: 65,
  aspectValuesMax: 30,
  aspectValueMax: 65,
} as const;

export function emptyItemEbay(): ItemEbay {
  return { categoryId: null, categoryName: null, aspects: {}, request: null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first thing wrong with an `ebay` value, or null. */
export function itemEbayError(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || Array.isArray(value)) return "eBay details must be an object";
  const v = value as Record<string, unknown>;
  const L = ITEM_EBAY_LIMITS;
  for (const k of Object.keys(v)) {
    if (!["categoryId", "categoryName", "aspects", "request"].includes(k)) return `Unknown eBay field ${k}`;
  }
  if (v.categoryId !== null && v.categoryId !== undefined) {
    if (
      typeof v.categoryId !== "string" ||
      !/^\d+$/.test(v.categoryId) ||
      v.categoryId.length > L.categoryIdMax
    )
      return "eBay category must be an eBay category number";
  }
  if (v.categoryName !== null && v.categoryName !== undefined) {
    if (typeof v.categoryName !== "string" || v.categoryName.length > L.categoryNameMax)
      return `eBay category name must be at most ${L.categoryNameMax} characters`;
  }
  if (v.aspects !== undefined) {
    if (!v.aspects || typeof v.aspects !== "object" || Array.isArray(v.aspects))
      return "Item specifics must be an object";
    const entries = Object.entries(v.aspects as Record<string, unknown>);
    if (entries.length > L.aspectsMax) return `At most ${L.aspectsMax} item specifics`;
    for (const [name, values] of entries) {
      if (!name.trim() || name.length > L.aspectNameMax)
        return `Item specific names must be 1 to ${L.aspectNameMax} characters`;
      if (!Array.isArray(values) || values.length > L.aspectValuesMax)
        return `${name}: at most ${L.aspectValuesMax} values`;
      for (const x of values) {
        if (typeof x !== "string" || !x.trim() || x.length > L.aspectValueMax)
          return `${name}: each value must be 1 to ${L.aspectValueMax} characters`;
      }
    }
  }
  if (v.request !== null && v.request !== undefined) {
    const r = v.request as Record<string, unknown>;
    if (typeof r !== "object" || Array.isArray(r)) return "eBay request must be an object";
    if (typeof r.id !== "string" || !UUID.test(r.id)) return "eBay request id must be a UUID";
    if (!LISTING_ACTIONS.includes(r.action as never))
      return "eBay request action must be publish, withdraw or delete";
    if (typeof r.at !== "string" || Number.isNaN(Date.parse(r.at))) return "eBay request time must be a date";
    for (const k of Object.keys(r))
      if (!["id", "action", "at"].includes(k)) return `Unknown eBay request field ${k}`;
  }
  return null;
}
