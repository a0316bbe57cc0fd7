import { describe, expect, it } from "vitest";
import { QUEUED_SEQ } from "../../../domain/chat/synced-types";
import type { ChatMessageApi, ChatReaderApi, ChatThreadApi } from "../../../domain/chat/types";
import {
  addThreadToFront,
  markThreadSeen,
  mergeAdminPage,
  mergeMessages,
  readersByMessage,
  threadMessages,
} from "./chat-rules";

const thread = (id: string, unreadCount = 0) => ({ id, unreadCount }) as ChatThreadApi;
const msg = (id: string, seq: number, rev: number, body = id) => ({ id, seq, rev, body }) as ChatMessageApi;

describe("chat rules", () => {
  it("replaces the admin list on page 0 and appends later pages", () => {
    const first = mergeAdminPage([thread("x")], 0, [thread("a"), thread("b")]);
    expect(first.map((t) => t.id)).toEqual(["a", "b"]);
    expect(mergeAdminPage(first, 1, [thread("b"), thread("c")]).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });
  it("merges caught-up messages by id, newest rev winning, in thread order", () => {
    const list = [msg("a", 1, 1), msg("b", 2, 2)];
    const out = mergeMessages(list, [msg("b", 2, 4, "edited"), msg("c", 3, 3), msg("a", 1, 1)]);
    expect(out.map((m) => [m.id, m.body])).toEqual([
      ["a", "a"],
      ["b", "edited"],
      ["c", "c"],
    ]);
    expect(mergeMessages(out, [msg("b", 2, 2, "stale")])[1]?.body).toBe("edited");
  });
  it("shows a queued message once when the server's copy has come before the device caught up", () => {
    const device = [msg("a", 1, 1), msg("q2", QUEUED_SEQ, 0), msg("q1", QUEUED_SEQ, 0, "mine")];
    const server = [msg("a", 1, 1), msg("q1", 2, 2, "mine")];
    const out = threadMessages(device, server);
    expect(out.map((m) => [m.id, m.seq])).toEqual([
      ["a", 1],
      ["q1", 2],
      ["q2", QUEUED_SEQ],
    ]);
  });
  it("sets a seen thread's unread count to 0 and puts a new thread at the front", () => {
    expect(markThreadSeen([thread("a", 3), thread("b", 1)], "a").map((t) => t.unreadCount)).toEqual([0, 1]);
    expect(addThreadToFront([thread("a"), thread("b")], thread("b")).map((t) => t.id)).toEqual(["b", "a"]);
  });
  it("puts each reader under the last message they read up to, not under their own, not me", () => {
    const m = (id: string, seq: number, authorId: string, deletedAt: string | null = null) =>
      ({ id, seq, rev: seq, authorId, deletedAt }) as ChatMessageApi;
    const r = (userId: string, seenSeq: number) => ({ userId, name: userId, seenSeq }) as ChatReaderApi;
    const messages = [
      m("a", 1, "me"),
      m("b", 2, "me"),
      m("c", 3, "me", "2026-01-01"),
      m("q", QUEUED_SEQ, "me"),
    ];
    const out = readersByMessage(messages, [r("ann", 3), r("bob", 1), r("me", 3), r("cy", 0)], "me");
    expect(Object.fromEntries([...out].map(([id, list]) => [id, list.map((x) => x.userId)]))).toEqual({
      b: ["ann"], // c is deleted: ann shows under b
      a: ["bob"],
    });
    // someone whose place is their own message is not shown "reading" it
    expect(readersByMessage([m("a", 1, "me"), m("x", 2, "ann")], [r("ann", 2)], "me").size).toBe(0);
  });
});
