/**
 * The live notices of the sync module: every committed change of a synced table notifies
 * `sync_changed` with "<entity>:<c|u>:<owner id>" (one per statement and owner; migration
 * 0013's `blocklot_sync_notify`), delivered on commit only, to this process (PGlite) or every
 * replica LISTENing (PostgreSQL). GET /api/events passes them on as `event: sync-changed` to the
 * apps of that company (company types) or of that user (user types); the apps pull the feed.
 */
import type { SyncChanged } from "../../../domain/sync/feed";
import type { Database } from "../../db/client";
import { openNotices } from "../../db/listen";

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

const companyTopic = (companyId: string) => `c:${companyId}`;
const userTopic = (userId: string) => `u:${userId}`;

/** Committed changes of any synced type, from any process or replica, fanned out by owner. */
export async function openSyncNotices(database: Database): Promise<SyncNotices> {
  const notices = await openNotices(database, SYNC_CHANNEL, parseSyncNotice, (event) =>
    event.companyId ? companyTopic(event.companyId) : userTopic(event.userId ?? ""),
  );
  return {
    subscribe(owner, fn) {
      const topics = [userTopic(owner.userId), ...(owner.companyId ? [companyTopic(owner.companyId)] : [])];
      const unsubscribe = topics.map((topic) => notices.subscribe(fn, topic));
      return () => {
        for (const off of unsubscribe) off();
      };
    },
    close: () => notices.close(),
  };
}
