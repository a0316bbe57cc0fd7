/**
 * Asks for publish, withdraw or delete on items: each becomes an edit of the item's
 * `ebay.request` written through the sync engine (Dexie first, then the outbox with its
 * Idempotency-Key), so it works offline and runs once on the server when it arrives.
 */
import { useQueryClient } from "@tanstack/react-query";
import { v7 as uuidv7 } from "uuid";
import type { ListingAction } from "../../../domain/ebay/contract";
import type { Item } from "../../../domain/inventory/item";
import { useSyncEngine } from "../../offline/sync-engine";
import { ebayKeys } from "./api";
import { withRequest } from "./listing-requests";

export function useListingRequests() {
  const engine = useSyncEngine();
  const qc = useQueryClient();
  return async (items: Pick<Item, "id" | "ebay">[], action: ListingAction) => {
    const at = new Date();
    for (const item of items) {
      await engine.write.patch("item", item.id, { ebay: withRequest(item, action, uuidv7(), at) });
    }
    void qc.invalidateQueries({ queryKey: ebayKeys.listings() });
  };
}
