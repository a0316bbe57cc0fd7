/**
 * A seller's listing request as an item edit: the item's `ebay.request` gets a new id, so the
 * server runs it once when the edit arrives (offline it waits in the outbox like any edit).
 * Pure, so the rules are tested without a screen.
 */
import type { ListingAction } from "../../../domain/ebay/contract";
import { emptyItemEbay, type ItemEbay } from "../../../domain/ebay/item-ebay";
import type { Item } from "../../../domain/inventory/item";

/** The `ebay` field after asking for `action` (category and aspects kept). */
export function withRequest(item: Pick<Item, "ebay">, action: ListingAction, id: string, at: Date): ItemEbay {
  return { ...(item.ebay ?? emptyItemEbay()), request: { id, action, at: at.toISOString() } };
}

/** What the Listing page offers for an item: publish what is not on eBay, withdraw or delete what is. */
export function actionsFor(item: Pick<Item, "publicationStatus" | "status">): ListingAction[] {
  if (item.publicationStatus === 1) return ["withdraw", "delete", "publish"];
  if (item.status === "withdrawn_from_ebay") return ["publish", "delete"];
  return ["publish"];
}

/** Why an item cannot be published yet, before asking eBay (the server checks the same and eBay the rest). */
export function publishBlockers(
  item: Pick<Item, "title" | "description" | "price" | "quantity" | "photos" | "ebay">,
): string[] {
  const out: string[] = [];
  if (!item.title.trim()) out.push("title");
  if (!item.description.trim()) out.push("description");
  if (item.price === null || item.price <= 0) out.push("price");
  if (item.quantity < 1) out.push("quantity");
  if (!item.ebay?.categoryId) out.push("category");
  if (item.photos.length === 0) out.push("photos");
  return out;
}

/** A request made on this device that the server's listing does not show yet. */
export function isQueued(item: Pick<Item, "ebay">, listing: { updatedAt: string } | undefined): boolean {
  const r = item.ebay?.request;
  if (!r) return false;
  return !listing || Date.parse(listing.updatedAt) < Date.parse(r.at);
}
