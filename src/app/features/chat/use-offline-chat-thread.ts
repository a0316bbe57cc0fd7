/**
 * One open thread that also works offline (docs/chat.md "Offline"): what the server answered
 * (`useChatThread`) is kept in Dexie and merged with what the device holds — messages read before
 * and messages written here. Sending queues the message in the sync engine's outbox (posted once,
 * in order, with its Idempotency-Key) and it shows at once as queued; each of one's own messages
 * has its delivery state: queued, sent, or failed (with the server's reason and a retry).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo } from "react";
import type { ChatAttachmentApi } from "../../../domain/chat/attachments";
import { QUEUED_SEQ } from "../../../domain/chat/synced-types";
import type { ChatMessageApi, ChatThreadApi } from "../../../domain/chat/types";
import { cacheMessages, chatOutboxStates, deviceMessages, queueChatMessage } from "../../offline/chat";
import { getDb } from "../../offline/db";
import { useSyncEngine } from "../../offline/sync-provider";
import { mergeMessages } from "./chat-rules";
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

  useEffect(() => {
    void cacheMessages(db, chat.messages).catch(() => undefined);
  }, [db, chat.messages]);

  // the admin frames have no SyncProvider: send what was queued here when the connection returns
  useEffect(() => {
    const drain = () => void engine.drain().catch(() => undefined);
    window.addEventListener("online", drain);
    return () => window.removeEventListener("online", drain);
  }, [engine]);

  const messages = useMemo(() => {
    const rows = device ?? [];
    const numbered = mergeMessages(
      rows.filter((m) => m.seq !== QUEUED_SEQ),
      chat.messages,
    );
    const queued = rows.filter((m) => m.seq === QUEUED_SEQ).sort((a, b) => a.id.localeCompare(b.id));
    return [...numbered, ...queued];
  }, [device, chat.messages]);

  const delivery = (m: ChatMessageApi): Delivery | null => {
    if (m.authorId !== author.id) return null;
    if (m.seq !== QUEUED_SEQ) return { state: "sent", error: null };
    const entry = outbox?.get(m.id);
    if (entry?.state === "rejected")
      return { state: "failed", error: entry.error, retry: () => void engine.retry(entry.seq as number) };
    return { state: "queued", error: entry?.error ?? null };
  };

  const send = async (body: string, attachments: ChatAttachmentApi[] = []): Promise<boolean> => {
    try {
      await queueChatMessage(engine, thread, body, author, attachments);
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
  };
}
