/**
 * Chat on the device (docs/chat.md "Offline"): threads and messages read before, kept in Dexie so
 * a thread opens offline, and messages written offline, queued in the sync engine's outbox as
 * appended records (`engine.write.append`: posted once, in order, with their Idempotency-Key).
 */
import { v7 as uuidv7 } from "uuid";
import type { ChatAttachmentApi } from "../../domain/chat/attachments";
import { CHAT_MESSAGE_TYPE, QUEUED_SEQ } from "../../domain/chat/synced-types";
import { CHAT_PATH, type ChatMessageApi, type ChatThreadApi } from "../../domain/chat/types";
import type { OutboxEntry } from "../../sync/db";
import type { BlocklotDb } from "./db";
import type { AppSyncEngine } from "./synced-types";

/** Keeps messages read from the server (a newer `rev` wins; queued rows are never touched). */
export async function cacheMessages(db: BlocklotDb, messages: readonly ChatMessageApi[]): Promise<void> {
  if (messages.length === 0) return;
  await db.transaction("rw", db.chatMessages, async () => {
    const had = await db.chatMessages.bulkGet(messages.map((m) => m.id));
    const fresh = messages.filter((m, i) => {
      const before = had[i];
      return !before || before.rev < m.rev;
    });
    if (fresh.length > 0) await db.chatMessages.bulkPut(fresh.map((m) => ({ ...m })));
  });
}

/** Keeps the thread list read from the server (replacing the one kept before). */
export async function cacheThreads(db: BlocklotDb, threads: readonly ChatThreadApi[]): Promise<void> {
  await db.transaction("rw", db.chatThreads, async () => {
    await db.chatThreads.clear();
    await db.chatThreads.bulkPut(threads.map((t) => ({ ...t })));
  });
}

/** The threads kept on the device, newest activity first. */
export async function cachedThreads(db: BlocklotDb): Promise<ChatThreadApi[]> {
  const rows = await db.chatThreads.toArray();
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** A thread's messages on the device: those the server numbered, in order, then the queued ones. */
export async function deviceMessages(db: BlocklotDb, threadId: string): Promise<ChatMessageApi[]> {
  return db.chatMessages
    .where("[threadId+seq]")
    .between([threadId, -Infinity], [threadId, Infinity])
    .toArray();
}

/** The outbox entries of queued chat messages, by message id (their delivery state). */
export async function chatOutboxStates(db: BlocklotDb): Promise<Map<string, OutboxEntry>> {
  const rows = await db.outbox.filter((e) => e.entity === CHAT_MESSAGE_TYPE.entity).toArray();
  return new Map(rows.map((e) => [e.id, e]));
}

/**
 * Writes a message on the device and queues its POST: shown at once (queued, after every sent
 * message), sent when the connection allows, never twice (one Idempotency-Key for every replay).
 */
export async function queueChatMessage(
  engine: AppSyncEngine,
  thread: Pick<ChatThreadApi, "id" | "companyId">,
  body: string,
  author: { id: string | null; name: string },
  attachments: ChatAttachmentApi[] = [],
): Promise<string> {
  const id = uuidv7();
  const row: ChatMessageApi = {
    id,
    threadId: thread.id,
    seq: QUEUED_SEQ,
    rev: 0,
    authorId: author.id,
    author: author.name,
    staff: false,
    body,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    attachments,
  };
  await engine.write.append(CHAT_MESSAGE_TYPE.entity, thread.companyId, id, {
    url: `${CHAT_PATH}/threads/${thread.id}/messages`,
    // the device's id goes with it: the sent message keeps it
    body: { id, body, ...(attachments.length > 0 ? { attachmentIds: attachments.map((a) => a.id) } : {}) },
    row,
  });
  return id;
}
