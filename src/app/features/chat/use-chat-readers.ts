/**
 * Where each person's reading of the open thread stands (docs/chat.md "Read by"), read again on
 * every live `chat` event of the thread (someone read, or wrote and so read) and whenever the live
 * stream reopens. Offline it answers what was read last, or nothing.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatReaderApi } from "../../../domain/chat/types";
import { chatApi, chatKeys } from "./api";
import { useChatLive } from "./use-chat-live";

export function useChatReaders(threadId: string): ChatReaderApi[] {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: chatKeys.reads(threadId),
    queryFn: () => chatApi.reads(threadId),
    retry: false,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.reads(threadId) });
  useChatLive((event) => {
    if (event.threadId === threadId) refresh();
  }, refresh);
  return query.data ?? [];
}
