/**
 * The signed-in user's data on this device (docs/offline.md "Signing out"): what has not reached
 * the server yet, and wiping it all at sign-out so the next person on the device never sees the
 * previous user's mail, inventory, kanban or calendar.
 */
import type { BlocklotDb } from "./db";

/** Cache Storage caches that hold the user's files (the service worker's image cache). */
const USER_CACHES = ["images"] as const;

/** How long a sign-out waits for the database to be deleted (another tab that will not let go). */
const DELETE_WAIT_MS = 5000;

/** Writes and photos this device holds that the server has not taken yet (lost by a sign-out). */
export async function unsentChanges(db: BlocklotDb): Promise<number> {
  const [queued, photos] = await Promise.all([
    db.outbox.count(),
    db.photoUploads.where("state").anyOf("waiting", "sending").count(),
  ]);
  return queued + photos;
}

/**
 * Deletes the device's database (every synced type, the outbox, the feed cursors, the photo
 * queue) and the cached images. The same `db` object opens again, empty, on its next use (the
 * next user's sync starts from scratch). Other tabs and the service worker close their connection
 * when asked (Dexie does on `versionchange`).
 */
export async function clearDeviceData(db: BlocklotDb): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    db.delete({ disableAutoOpen: false }),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.warn("The local database was not deleted in time (another tab holds it open)");
        resolve();
      }, DELETE_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (typeof caches !== "undefined")
    await Promise.all(USER_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
