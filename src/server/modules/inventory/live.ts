import { EventEmitter } from "node:events";
import type { Database } from "../../db/client";
import { listenChannel } from "../../db/listen";
import { encodeCursor } from "./sync";

/** Channel the inventory triggers of migration 0008 notify on: "<company id>:<change_seq>". */
export const INVENTORY_CHANNEL = "inventory_changed";

/** What GET /api/events sends as `event: inventory-changed`: pull the sync feed from your cursor. */
export interface InventoryChanged {
  companyId: string;
  /** The sync cursor just after this change (same encoding as GET /api/sync/changes). */
  cursor: string;
}

export interface InventoryFeed {
  subscribe(companyId: string, listener: (event: InventoryChanged) => void): () => void;
  close(): Promise<void>;
}

export function parseInventoryNotice(payload: string): InventoryChanged | null {
  const m = /^([0-9a-f-]{36}):(\d{1,15})$/.exec(payload);
  if (!m?.[1] || !m[2]) return null;
  return { companyId: m[1], cursor: encodeCursor({ companyId: m[1], seq: Number(m[2]) }) };
}

/** Committed inventory changes of any process or replica, fanned out by company. */
export async function openInventoryFeed(database: Database): Promise<InventoryFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = await listenChannel(database, INVENTORY_CHANNEL, (payload) => {
    const event = parseInventoryNotice(payload);
    if (event) emitter.emit(event.companyId, event);
  });
  return {
    subscribe(companyId, fn) {
      emitter.on(companyId, fn);
      return () => emitter.off(companyId, fn);
    },
    close: () => listener.close(),
  };
}
