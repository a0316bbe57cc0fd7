/**
 * Whose data this device holds (docs/offline.md "Signing out"). A sign-out wipes the device's
 * data; a session that ended without one (an expired refresh, a browser cleared of its tokens)
 * leaves it, so a sign-in of someone else wipes it first: the next person never sees the previous
 * user's data, and the previous user's queued writes are never sent with another user's token.
 */

const OWNER_KEY = "blocklot.deviceUser";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Forgets everything the signed-in user left on this device: database, cached images and queries. */
export async function forgetDeviceData(): Promise<void> {
  // Loaded on demand: the database, the sync engine and the query cache stay out of the landing page.
  const { forgetEverything } = await import("./forget-device");
  await forgetEverything();
  storage()?.removeItem(OWNER_KEY);
}

/** Records `userId` as the device's user, wiping the data of another user first. */
export async function claimDevice(userId: string): Promise<void> {
  const previous = storage()?.getItem(OWNER_KEY);
  if (previous && previous !== userId) await forgetDeviceData();
  storage()?.setItem(OWNER_KEY, userId);
}
