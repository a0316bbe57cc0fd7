/**
 * The mailbox as the screen reads it from Dexie (live: the sync feed's changes and this device's
 * writes show at once, online or not): the user's labels with unread counts, a label's threads or
 * a search's, and one thread's messages.
 */
import { useNetwork } from "@mantine/hooks";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import type { MailLabel, MailMessage } from "../../../domain/mail/message";
import { getDb } from "../../offline/db";
import { mailPage, unreadCounts, withDeviceRows } from "../../offline/mail";
import { searchOnServer } from "./mail-api";
import { inThreadOrder, SYSTEM_LABELS, type ThreadSummary, threadsOf } from "./mail-model";

/** How many more of a label's messages each "Load more" shows. */
const LIST_SIZE = 100;

/** The user's own labels, by name. */
export function useOwnLabels(userId: string): MailLabel[] | undefined {
  const db = getDb();
  return useLiveQuery(
    async () =>
      (await db.mailLabels.where("userId").equals(userId).toArray()).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [db, userId],
  );
}

/** Unread messages per label (built-in and own), counted on the `*unreadIn` index. */
export function useUnreadCounts(userId: string, own: readonly MailLabel[] | undefined) {
  const db = getDb();
  const labels = [...SYSTEM_LABELS, ...(own ?? []).map((l) => l.id)];
  return useLiveQuery(() => unreadCounts(db, userId, labels), [db, userId, labels.join(",")]);
}

export interface MailList {
  /** undefined while loading. */
  threads: ThreadSummary[] | undefined;
  /** Older messages follow ("Load more"). */
  more: boolean;
  loadMore: () => void;
  loadingMore: boolean;
  /** Where a search's results come from: the server (online) or the device (offline, or the server failed). */
  searchedOn: "server" | "device" | null;
  /** The server's search failed: the device's results are shown instead. */
  serverFailed: boolean;
}

/**
 * A label's threads, or a search's when `query` is set: online the server searches (anywhere in
 * a word, every message; its results shown from the device's copy when it has them), offline or
 * when the server fails the device does (word starts). Both page on with `loadMore`, 100
 * messages at a time.
 */
export function useMailList(userId: string, label: string, query: string): MailList {
  const db = getDb();
  const { online } = useNetwork();
  const q = query.trim();
  const key = `${label}\n${q}`;
  const [paging, setPaging] = useState({ key, pages: 1 });
  const pages = paging.key === key ? paging.pages : 1;
  const server = useInfiniteQuery({
    queryKey: ["mail", "search", userId, q],
    queryFn: ({ pageParam, signal }) => searchOnServer(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: online && q !== "",
    retry: false,
    staleTime: 15_000,
  });
  const onServer = online && q !== "" && !server.isError;
  const serverRows = useMemo(() => server.data?.pages.flatMap((p) => p.rows), [server.data]);
  const listed = useLiveQuery(async () => {
    if (onServer)
      return serverRows ? { messages: await withDeviceRows(db, serverRows), more: false } : undefined;
    return mailPage(db, userId, { label, query: q }, pages * LIST_SIZE);
  }, [db, userId, label, q, pages, onServer, serverRows]);
  return {
    threads: listed ? threadsOf(listed.messages) : undefined,
    more: onServer ? server.hasNextPage : (listed?.more ?? false),
    loadMore: () => {
      if (onServer) void server.fetchNextPage();
      else setPaging({ key, pages: pages + 1 });
    },
    loadingMore: onServer && server.isFetchingNextPage,
    searchedOn: q ? (onServer ? "server" : "device") : null,
    serverFailed: online && q !== "" && server.isError,
  };
}

/** One thread's messages, oldest first. */
export function useThread(userId: string, threadId: string | undefined): MailMessage[] | undefined {
  const db = getDb();
  return useLiveQuery(
    async () =>
      threadId
        ? inThreadOrder(
            await db.mailMessages
              .where("threadId")
              .equals(threadId)
              .filter((m) => m.userId === userId)
              .toArray(),
          )
        : [],
    [db, userId, threadId],
  );
}
