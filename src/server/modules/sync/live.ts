/**
 * The live notices of the sync module: every committed change of a synced table notifies
 * `sync_changed` with "<entity>:<c|u>:<owner id>" (one per statement and owner; migration
 * 0013's `blocklot_sync_notify`), delivered on commit only, to this process (PGlite) or every
 * replica LISTENing (PostgreSQL). GET /api/events passes them on as `event: sync-changed` to the
 * apps of that company (company types) or of that user (user types); the apps pull the feed.
 */
import { EventEmitter } from "node:events";
import type { SyncChanged } from "../../../domain/sync/feed";
import type { Database } from "../../db/client";
import { listenChannel } from "../../db/listen";

const SYNC_CHANNEL = "sync_changed";

export interface SyncNotices {
  /** Calls `listener` for every change of the company's records or the user's own. */
  subscribe(
    owner: { companyId: string | null; userId: string },
    listener: (event: SyncChanged) => void,
  ): () => void;
  close(): Promise<void>;
}

function parseSyncNotice(payload: string): SyncChanged | null {
  const m = /^([a-z][a-z0-9-]*):([cu]):([0-9a-f-]{36})$/.exec(payload);
  if (!m?.[1] || !m[3]) return null;
  return m[2] === "c" ? { entity: m[1], companyId: m[3] } : { entity: m[1], userId: m[3] };
}

/** Committed changes of any synced type, from any process or replica, fanned out by owner. */
export async function openSyncNotices(database: Database): Promise<SyncNotices> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = await listenChannel(database, SYNC_CHANNEL, (payload) => {
    const event = parseSyncNotice(payload);
    if (event?.companyId) emitter.emit(`c:${event.companyId}`, event);
    else if (event?.userId) emitter.emit(`u:${event.userId}`, event);
  });
  return {
    subscribe(owner, fn) {
      const keys = [`u:${owner.userId}`, ...(owner.companyId ? [`c:${owner.companyId}`] : [])];
      for (const k of keys) emitter.on(k, fn);
      return () => {
        for (const k of keys) emitter.off(k, fn);
      };
    },
    close: () => listener.close(),
  };
}
