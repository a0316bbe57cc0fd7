/**
 * The synced types of this app (src/domain/sync/entity.ts), for the page's and the service
 * worker's engines. A new synced type: add its declaration here and its table in a new version of
 * the schema (db.ts); docs/offline.md "How to add a synced type".
 */
import { CALENDAR_EVENT_TYPE } from "../../domain/calendar/synced-types";
import { CHAT_MESSAGE_TYPE } from "../../domain/chat/synced-types";
import { INVENTORY_TYPES } from "../../domain/inventory/synced-types";
import { KANBAN_TYPES } from "../../domain/kanban/synced-types";
import { MAIL_LABEL_TYPE, MAIL_MESSAGE_TYPE } from "../../domain/mail/synced-types";
import { syncedTypes } from "../../domain/sync/entity";
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from "../../sync/engine";
import { inventoryChunks } from "./bulk";
import type { BlocklotDb } from "./db";
import { sellerScopedTransport } from "./seller-companies";
import { taskFileDependents } from "./task-file-rows";

export const SYNCED_TYPES = syncedTypes([
  ...INVENTORY_TYPES,
  ...KANBAN_TYPES,
  CALENDAR_EVENT_TYPE,
  MAIL_MESSAGE_TYPE,
  MAIL_LABEL_TYPE,
  CHAT_MESSAGE_TYPE,
]);

/**
 * The app's engine on `db`: its synced types, inventory's import chunks, and a task's queued files
 * that leave with a task that never reached the server.
 */
export function createAppSyncEngine(opts: Omit<SyncEngineOptions<BlocklotDb>, "types" | "chunks">) {
  // a seller's records (marketplace staff) go out with the seller header, from the page or the SW
  const transport = sellerScopedTransport(opts.db, opts.transport);
  return createSyncEngine<BlocklotDb>({
    types: SYNCED_TYPES,
    chunks: inventoryChunks,
    dependents: taskFileDependents,
    ...opts,
    transport,
  });
}

/** The app's engine (page or service worker). */
export type AppSyncEngine = SyncEngine<BlocklotDb>;
