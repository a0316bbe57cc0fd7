/**
 * The caller's thread list, kept current by the live channel: any `chat` event (a message or a
 * read place moved) and every reopen of the stream read it again. Starting a thread puts it at
 * the front; opening one sets its unread count to 0 at once.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import type { ChatThreadApi } from "../../../domain/chat/types";
import { cachedThreads, cacheThreads } from "../../offline/chat";
import { getDb } from "../../offline/db";
import { chatApi, chatKeys, chatQueries } from "./api";
import { addThreadToFront, markThreadSeen } from "./chat-rules";
import { useChatLive } from "./use-chat-live";

export function useChatThreads() {
  const client = useQueryClient();
  const query = useQuery(chatQueries.threads());
  const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.threads() });
  useChatLive(refresh, refresh);
  // the list read last is kept on the device, so the threads open offline (docs/chat.md "Offline")
  const kept = useLiveQuery(() => cachedThreads(getDb()), []);
  useEffect(() => {
    if (query.data) void cacheThreads(getDb(), query.data).catch(() => undefined);
  }, [query.data]);

  const create = useMutation({
    mutationFn: ({ subject, body }: { subject: string; body: string }) => chatApi.create(subject, body),
    onSuccess: (thread) => {
      client.setQueryData<ChatThreadApi[]>(chatKeys.threads(), (list) =>
        addThreadToFront(list ?? [], thread),
      );
    },
  });

  /** The company's one thread with the marketplace staff, created on first use. */
  const support = useMutation({
    mutationFn: chatApi.support,
    onSuccess: (thread) => {
      client.setQueryData<ChatThreadApi[]>(chatKeys.threads(), (list) =>
        addThreadToFront(list ?? [], thread),
      );
    },
  });

  const seenLocally = (id: string) =>
    client.setQueryData<ChatThreadApi[]>(chatKeys.threads(), (list) =>
      list ? markThreadSeen(list, id) : list,
    );

  return {
    threads: query.data ?? kept ?? [],
    isLoading: query.isPending && !kept?.length,
    isError: query.isError && !kept?.length,
    retry: () => void query.refetch(),
    create,
    support,
    seenLocally,
  };
}
