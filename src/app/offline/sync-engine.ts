/**
 * The page's one sync engine (docs/offline.md), created on first use: by a screen that writes
 * (`useSyncEngine().write`) or by the sync start (sync-start.ts) once the dashboard has painted.
 */
import { appTransport } from "./app-transport";
import { getDb } from "./db";
import { clearDeviceData } from "./device-data";
import { type AppSyncEngine, createAppSyncEngine } from "./synced-types";

let engine: AppSyncEngine | null = null;

/** The page's engine (one per page; the service worker has its own on the same Dexie database). */
export function getSyncEngine(): AppSyncEngine {
  engine ??= createAppSyncEngine({ db: getDb(), transport: appTransport });
  return engine;
}

export function useSyncEngine(): AppSyncEngine {
  return getSyncEngine();
}

/**
 * Wipes this device's data at sign-out (offline/device-data.ts): waits for a drain under way to
 * end first, so that no write of it lands in the next user's database.
 */
export async function clearThisDevice(): Promise<void> {
  await engine?.whenIdle();
  await clearDeviceData(getDb());
}
