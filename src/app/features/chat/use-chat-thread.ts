/**
 * One open thread: its messages (newest page first, older on demand), caught up by cursor on every
 * live `chat` event for it and every reopen of the live stream, so nothing is missed or shown
 * twice; sending with an Idempotency-Key (a retry never adds a second message), editing and
 * deleting one's last message, and marking the thread seen while it is open.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessageApi } from "../../../domain/chat/types";
import { chatApi, chatKeys } from "./api";
import { mergeMessages } from "./chat-rules";
import { useChatLive } from "./use-chat-live";

export function useChatThread(threadId: string | null) {
  const client = useQueryClient();
  const [messages, setMessages] = useState<ChatMessageApi[]>([]);
  const [older, setOlder] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const cursor = useRef<number | null>(null);
  const current = useRef(threadId);
  current.current = threadId;

  const seen = useCallback(
    async (id: string) => {
      await chatApi.seen(id).catch(() => undefined);
      void client.invalidateQueries({ queryKey: chatKeys.threads() });
      void client.invalidateQueries({ queryKey: chatKeys.admin() });
    },
    [client],
  );

  const load = useCallback(async () => {
    if (!threadId) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await chatApi.messages(threadId);
      if (current.current !== threadId) return;
      setMessages(page.items);
      setOlder(page.older);
      cursor.current = page.cursor;
      void seen(threadId);
    } catch {
      if (current.current === threadId) setFailed(true);
    } finally {
      if (current.current === threadId) setLoading(false);
    }
  }, [threadId, seen]);

  useEffect(() => {
    setMessages([]);
    setOlder(null);
    cursor.current = null;
    void load();
  }, [load]);

  const catchUp = useCallback(async () => {
    const id = current.current;
    if (!id || cursor.current === null) return;
    const page = await chatApi.messages(id, { since: cursor.current }).catch(() => null);
    if (!page || current.current !== id) return;
    cursor.current = page.cursor;
    if (page.items.length > 0) {
      setMessages((list) => mergeMessages(list, page.items));
      if (document.visibilityState === "visible") void seen(id);
    }
  }, [seen]);

  useChatLive(
    (event) => {
      if (event.threadId === current.current && event.reason === "message") void catchUp();
    },
    () => void catchUp(),
  );

  const loadOlder = async () => {
    if (!threadId || older === null) return;
    const page = await chatApi.messages(threadId, { before: older });
    setMessages((list) => mergeMessages(list, page.items));
    setOlder(page.older);
  };

  const send = async (body: string): Promise<boolean> => {
    if (!threadId) return false;
    setSending(true);
    const key = crypto.randomUUID();
    try {
      // One retry with the same key: a lost answer never makes a second message.
      const message = await chatApi.post(threadId, body, key).catch(() => chatApi.post(threadId, body, key));
      setMessages((list) => mergeMessages(list, [message]));
      void client.invalidateQueries({ queryKey: chatKeys.threads() });
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
    }
  };

  const edit = async (messageId: string, body: string) => {
    if (!threadId) return;
    const message = await chatApi.edit(threadId, messageId, body);
    setMessages((list) => mergeMessages(list, [message]));
  };

  const remove = async (messageId: string) => {
    if (!threadId) return;
    const message = await chatApi.remove(threadId, messageId);
    setMessages((list) => mergeMessages(list, [message]));
  };

  return { messages, older, loading, failed, sending, retry: load, loadOlder, send, edit, remove };
}
