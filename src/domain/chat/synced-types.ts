/**
 * Chat's messages written on the device (docs/chat.md "Offline", docs/offline.md): an appended
 * record — queued in the sync engine's outbox and posted once, in order, to the thread's messages
 * route with its Idempotency-Key (`engine.write.append`); consecutive queued messages go together
 * through the batch route, each answered as if sent alone. The server numbers them; the feed does
 * not carry them (threads and messages read before are kept in Dexie by the chat screens).
 */
import { defineSyncedType } from "../sync/entity";
import { CHAT_MESSAGE_BATCH_PATH } from "./types";

export const CHAT_MESSAGE_TYPE = defineSyncedType({
  entity: "chat-message",
  path: "/api/chat/messages",
  fields: ["body"],
  scope: "user",
  localTable: "chatMessages",
  appendBatchPath: CHAT_MESSAGE_BATCH_PATH,
});

/** The `seq` of a message still on the device (queued): after every message the server numbered. */
export const QUEUED_SEQ = Number.MAX_SAFE_INTEGER;
