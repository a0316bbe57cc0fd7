/**
 * The staff's thread list (spec section 4): page 0 replaces the list, later pages append ("Load
 * more"); a new search starts again at page 0, and so does every live `chat` event, so a new
 * thread appears at the front with its unread count.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatThreadApi } from "../../../domain/chat/types";
import { chatApi } from "./api";
import { mergeAdminPage } from "./chat-rules";
import { useChatLive } from "./use-chat-live";

export function useAdminChat(query: string) {
  const [threads, setThreads] = useState<ChatThreadApi[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    async (next: number) => {
      const ticket = ++latest.current;
      setLoading(true);
      setFailed(false);
      try {
        const answer = await chatApi.adminPage(next, query);
        if (ticket !== latest.current) return;
        setThreads((list) => mergeAdminPage(list, answer.page, answer.items));
        setPage(answer.page);
        setHasMore(answer.hasMore);
      } catch {
        if (ticket === latest.current) setFailed(true);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [query],
  );

  useEffect(() => {
    void load(0);
  }, [load]);

  const reload = () => void load(0);
  useChatLive(reload, reload);

  const replace = (thread: ChatThreadApi) =>
    setThreads((list) => list.map((t) => (t.id === thread.id ? thread : t)));

  return {
    threads,
    hasMore,
    loading,
    failed,
    loadMore: () => void load(page + 1),
    reload,
    replace,
  };
}
