/**
 * The live notices of the bell: every change of a user's notifications notifies
 * `notifications_changed` with the recipient's id on commit (migration 0027's trigger), to this
 * process (PGlite) or every replica LISTENing (PostgreSQL). GET /api/events passes them on as
 * `event: notifications-changed` to that user's tabs, which read the list again.
 */
import type { Database } from "../../db/client";
import { openNotices } from "../../db/listen";

const CHANNEL = "notifications_changed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface NotificationNotices {
  subscribe(userId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

export async function openNotificationNotices(database: Database): Promise<NotificationNotices> {
  // The payload is the recipient's id: it is both the event and its topic.
  const notices = await openNotices(
    database,
    CHANNEL,
    (payload) => (UUID.test(payload) ? payload : null),
    (userId) => userId,
  );
  return {
    subscribe: (userId, fn) => notices.subscribe(() => fn(), userId),
    close: () => notices.close(),
  };
}
