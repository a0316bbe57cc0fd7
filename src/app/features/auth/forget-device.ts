/**
 * Wipes what the signed-in user left on this device: the database and cached images
 * (offline/device-data.ts, after the sync engine's drain), the cached queries and the pending
 * Idempotency-Keys. Loaded on demand by device-owner.ts, so the landing page does not carry it.
 */
import { clearIdempotencyKeys } from "../../lib/idempotent";
import { queryClient } from "../../lib/query-client";
import { clearThisDevice } from "../../offline/sync-engine";

export async function forgetEverything(): Promise<void> {
  try {
    await clearThisDevice();
  } catch (error) {
    console.error("Clearing the device's data failed", error);
  }
  queryClient.clear();
  clearIdempotencyKeys();
}
