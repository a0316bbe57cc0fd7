/**
 * The live notices of the bell: every change of a user's notifications notifies
 * `notifications_changed` with the recipient's id on commit (migration 0027's trigger), to this
 * process (PGlite) or every replica LISTENing (PostgreSQL). GET /api/events passes them on as
 * `event: notifications-changed` to that user's tabs, which read the list again.
 */
import { EventEmitter } from "node:events";
import type { Database } from "../../db/client";
import { listenChannel } from "../../db/listen";

const CHANNEL = "notifications_changed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface NotificationNotices {
  subscribe(userId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

export async function openNotificationNotices(database: Database): Promise<NotificationNotices> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = await listenChannel(database, CHANNEL, (payload) => {
    if (UUID.test(payload)) emitter.emit(payload);
  });
  return {
    subscribe(userId, fn) {
      emitter.on(userId, fn);
      return () => emitter.off(userId, fn);
    },
    close: () => listener.close(),
  };
}
