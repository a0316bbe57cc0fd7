/**
 * Chat (spec sections 2, 3, 4; issue 16; docs/chat.md): the wire shapes, paths, limits and the
 * live event name the app and the server share.
 */

import type { ChatAttachmentApi } from "./attachments";

/**
 * `user`: a company's thread with the filing staff (super admins). `support-marketplace`: a seller
 * company's one thread with the marketplace staff.
 */
export const CHAT_THREAD_KINDS = ["user", "support-marketplace"] as const;
export type ChatThreadKind = (typeof CHAT_THREAD_KINDS)[number];

export interface ChatThreadApi {
  id: string;
  /** A stable random link id (the spec's `hash`): /admin/chat?thread=<hash>. */
  hash: string;
  kind: ChatThreadKind;
  companyId: string;
  companyName: string;
  subject: string;
  assignedTo: { id: string; name: string } | null;
  /** Messages of others the caller has not seen. */
  unreadCount: number;
  lastMessage: { body: string; author: string; createdAt: string } | null;
  createdAt: string;
  /** The last message's time (or creation); the list is newest first by it. */
  updatedAt: string;
}

export interface ChatMessageApi {
  id: string;
  threadId: string;
  /** The thread's counter when it was written: the order of the thread. */
  seq: number;
  /** The thread's counter when it last changed (written, edited, deleted): catch-up reads by it. */
  rev: number;
  authorId: string | null;
  author: string;
  /** True when the author is staff (not a member of the thread's company). */
  staff: boolean;
  /** Plain text; empty once deleted. */
  body: string;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  /** Files on the message (domain/chat/attachments.ts); none when absent. */
  attachments?: ChatAttachmentApi[];
}

/** Where one person's reading of a thread stands (docs/chat.md "Read by"). */
export interface ChatReaderApi {
  userId: string;
  name: string;
  /** True when the reader is staff (not a member of the thread's company). */
  staff: boolean;
  /** The last message seq they have seen. */
  seenSeq: number;
  seenAt: string;
}

export interface ChatMessagePage {
  items: ChatMessageApi[];
  /** Pass as `before` for older messages; null when there are none. */
  older: number | null;
  /** The thread's current counter: pass as `since` to catch up on what changed after this read. */
  cursor: number;
}

export interface ChatContact {
  id: string;
  name: string;
  photo: string | null;
  /** "member" of the caller's company, or "staff" who answered the company's threads. */
  role: "member" | "staff";
}

export interface AdminChatPage {
  items: ChatThreadApi[];
  page: number;
  hasMore: boolean;
}

export const CHAT_PATH = "/api/chat";
/**
 * Several messages of the outbox's queue in one request (docs/chat.md "Offline"): each write is
 * the `POST …/threads/{id}/messages` it stands for, answered as that request alone would be.
 */
export const CHAT_MESSAGE_BATCH_PATH = "/api/chat/messages/batch";
export const ADMIN_CHAT_PATH = "/api/admin/chat";
/** The live event GET /api/events sends when a thread the caller may see changed. */
export const CHAT_EVENT = "chat";
export interface ChatEventData {
  threadId: string;
  companyId: string;
  kind: ChatThreadKind;
  /** `message`: written, edited or deleted; `seen`: someone's read cursor moved. */
  reason: "message" | "seen";
}

export const CHAT_BODY_MAX = 4000;
export const CHAT_SUBJECT_MAX = 200;
export const CHAT_MESSAGES_PAGE = 50;
export const ADMIN_CHAT_PAGE = 20;
/** One's own last message may be edited or deleted this long after it was written. */
export const CHAT_EDIT_WINDOW_MS = 5 * 60_000;

/** The caller's message body, trimmed; null when it is empty or too long. */
export function chatBodyProblem(body: string): "empty" | "too-long" | null {
  const text = body.trim();
  if (!text) return "empty";
  if (text.length > CHAT_BODY_MAX) return "too-long";
  return null;
}

/** Splits plain text into text and http(s) links, so the client shows links without any HTML. */
export function linkify(text: string): Array<{ text: string; href?: string }> {
  const out: Array<{ text: string; href?: string }> = [];
  const re = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at) });
    out.push({ text: m[0], href: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
