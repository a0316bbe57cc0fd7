/**
 * One open thread that also works offline (docs/chat.md "Offline"): what the server answered
 * (`useChatThread`) is kept in Dexie and merged with what the device holds — messages read before
 * and messages written here. Sending queues the message in the sync engine's outbox (posted once,
 * in order, with its Idempotency-Key) and it shows at once as queued; each of one's own messages
 * has its delivery state: queued, sent, or failed (with the server's reason and a retry). Files
 * picked offline wait in the upload queue with their message (offline/attachment-uploads.ts):
 * `uploadsOf` gives a message's files still on the device, pending or refused.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo } from "react";
import type { ChatAttachmentApi } from "../../../domain/chat/attachments";
import { chatAttachmentUploadPath } from "../../../domain/chat/attachments";
import { QUEUED_SEQ } from "../../../domain/chat/synced-types";
import type { ChatMessageApi, ChatThreadApi } from "../../../domain/chat/types";
import { holdChatMessage, isFileUpload, readPicked } from "../../offline/attachment-uploads";
import { cacheMessages, chatOutboxStates, deviceMessages, queueChatMessage } from "../../offline/chat";
import { getDb, type PhotoUploadRecord } from "../../offline/db";
import { drainFileUploads } from "../../offline/page-file-uploads";
import { useSyncEngine } from "../../offline/sync-engine";
import { threadMessages } from "./chat-rules";
import { useChatThread } from "./use-chat-thread";

type DeliveryState = "queued" | "sent" | "failed";

export interface Delivery {
  state: DeliveryState;
  /** The server's reason for a failed message. */
  error: string | null;
  /** Sends a failed message again. */
  retry?: () => void;
}

export function useOfflineChatThread(thread: ChatThreadApi, author: { id: string | null; name: string }) {
  const chat = useChatThread(thread.id);
  const engine = useSyncEngine();
  const db = getDb();
  const device = useLiveQuery(() => deviceMessages(db, thread.id), [db, thread.id]);
  const outbox = useLiveQuery(() => chatOutboxStates(db), [db]);
  const uploadPath = chatAttachmentUploadPath(thread.id);
  // Read again whenever the thread's messages change too: the service worker may have settled the
  // files (a refusal) and released the message, and a change written there does not always wake
  // this page's live query, so a refused file's reason went missing once its message was sent.
  const uploads = useLiveQuery(
    () => db.photoUploads.filter((r) => isFileUpload(r) && r.upload?.url === uploadPath).toArray(),
    [db, uploadPath, chat.messages, device],
  );

  useEffect(() => {
    void cacheMessages(db, chat.messages).catch(() => undefined);
  }, [db, chat.messages]);

  // the admin frames have no SyncProvider: send what was queued here when the connection returns
  // files picked offline: sent now (a reload while they waited) and when the connection returns
  useEffect(() => {
    const drain = () => void engine.drain().catch(() => undefined);
    const drainFiles = () => void drainFileUploads(db, engine).catch(() => undefined);
    drainFiles();
    window.addEventListener("online", drain);
    window.addEventListener("online", drainFiles);
    return () => {
      window.removeEventListener("online", drain);
      window.removeEventListener("online", drainFiles);
    };
  }, [db, engine]);

  const byMessage = useMemo(() => {
    const map = new Map<string, PhotoUploadRecord[]>();
    for (const r of uploads ?? []) {
      const id = r.hash.replace(/^chat:/, "");
      map.set(id, [...(map.get(id) ?? []), r]);
    }
    for (const list of map.values()) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return map;
  }, [uploads]);

  /** A message's files picked offline still to show: pending, or refused (sent ones show as attachments). */
  const uploadsOf = (m: ChatMessageApi): PhotoUploadRecord[] =>
    (byMessage.get(m.id) ?? []).filter((r) => r.state === "failed" || m.seq === QUEUED_SEQ);

  const messages = useMemo(() => threadMessages(device ?? [], chat.messages), [device, chat.messages]);

  const delivery = (m: ChatMessageApi): Delivery | null => {
    if (m.authorId !== author.id) return null;
    if (m.seq !== QUEUED_SEQ) return { state: "sent", error: null };
    const entry = outbox?.get(m.id);
    if (entry?.state === "rejected")
      return { state: "failed", error: entry.error, retry: () => void engine.retry(entry.seq as number) };
    return { state: "queued", error: entry?.error ?? null };
  };

  const send = async (
    body: string,
    attachments: ChatAttachmentApi[] = [],
    local: File[] = [],
  ): Promise<boolean> => {
    try {
      if (local.length === 0) {
        await queueChatMessage(engine, thread, body, author, attachments);
        return true;
      }
      const picked = await Promise.all(local.map(readPicked));
      await holdChatMessage(db, thread, body, author, picked, attachments);
      void drainFileUploads(db, engine).catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  };

  return {
    ...chat,
    messages,
    // offline with messages read before: show those instead of the failure
    failed: chat.failed && messages.length === 0,
    loading: chat.loading && messages.length === 0,
    send,
    delivery,
    uploadsOf,
  };
}
