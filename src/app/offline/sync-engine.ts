/**
 * The page's one sync engine (docs/offline.md), created on first use: by a screen that writes
 * (`useSyncEngine().write`) or by the sync start (sync-start.ts) once the dashboard has painted.
 */
import type { PullResult } from "../../sync/engine";
import { appTransport } from "./app-transport";
import { getDb } from "./db";
import { clearDeviceData } from "./device-data";
import { createWorkerPull } from "./pull-worker";
import { type AppSyncEngine, createAppSyncEngine } from "./synced-types";

let engine: AppSyncEngine | null = null;
let feedPull: ReturnType<typeof createWorkerPull> | null = null;

/** The page's engine (one per page; the service worker has its own on the same Dexie database). */
export function getSyncEngine(): AppSyncEngine {
  engine ??= createAppSyncEngine({ db: getDb(), transport: appTransport });
  return engine;
}

/** The sync triggers' pulls: on the pull worker where the browser can (pull-worker.ts), else this engine's. */
export function getFeedPull(): (companyId: string) => Promise<PullResult> {
  feedPull ??= createWorkerPull({ pullInPage: (companyId) => getSyncEngine().pull(companyId) });
  return feedPull.pull;
}

export function useSyncEngine(): AppSyncEngine {
  return getSyncEngine();
}

/**
 * Wipes this device's data at sign-out (offline/device-data.ts): waits for a drain under way to
 * end first, so that no write of it lands in the next user's database.
 */
export async function clearThisDevice(): Promise<void> {
  feedPull?.stop();
  await engine?.whenIdle();
  await clearDeviceData(getDb());
}
