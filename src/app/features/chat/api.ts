/** Chat's server API (docs/chat.md) and its query keys, written once. */
import { queryOptions } from "@tanstack/react-query";
import {
  ADMIN_CHAT_PATH,
  type AdminChatPage,
  CHAT_PATH,
  type ChatContact,
  type ChatMessageApi,
  type ChatMessagePage,
  type ChatReaderApi,
  type ChatThreadApi,
  type ChatThreadKind,
} from "../../../domain/chat/types";
import { http } from "../../lib/http";

export const chatKeys = {
  all: ["chat"] as const,
  threads: () => ["chat", "threads"] as const,
  contacts: () => ["chat", "contacts"] as const,
  thread: (id: string) => ["chat", "thread", id] as const,
  reads: (id: string) => ["chat", "thread", id, "reads"] as const,
  search: (id: string, query: string) => ["chat", "thread", id, "search", query] as const,
  admin: () => ["chat", "admin"] as const,
  adminPage: (query: string, page: number) => ["chat", "admin", query, page] as const,
  staff: () => ["chat", "staff"] as const,
  attachment: (id: string) => ["chat", "attachment", id] as const,
};

export interface StaffMember {
  id: string;
  name: string;
  kinds: ChatThreadKind[];
}

export const chatApi = {
  threads: () => http.get<{ items: ChatThreadApi[] }>(`${CHAT_PATH}/threads`).then((r) => r.items),
  contacts: () => http.get<{ items: ChatContact[] }>(`${CHAT_PATH}/contacts`).then((r) => r.items),
  thread: (id: string) => http.get<ChatThreadApi>(`${CHAT_PATH}/threads/${id}`),
  create: (subject: string, body: string) =>
    http.post<ChatThreadApi>(`${CHAT_PATH}/threads`, body ? { subject, body } : { subject }),
  messages: (id: string, query: { before?: number; since?: number; query?: string } = {}) =>
    http.get<ChatMessagePage>(`${CHAT_PATH}/threads/${id}/messages`, { query }),
  post: (id: string, body: string, key: string) =>
    http.post<ChatMessageApi>(
      `${CHAT_PATH}/threads/${id}/messages`,
      { body },
      { headers: { "Idempotency-Key": key } },
    ),
  edit: (id: string, messageId: string, body: string) =>
    http.patch<ChatMessageApi>(`${CHAT_PATH}/threads/${id}/messages/${messageId}`, { body }),
  remove: (id: string, messageId: string) =>
    http.delete<ChatMessageApi>(`${CHAT_PATH}/threads/${id}/messages/${messageId}`),
  support: () => http.post<ChatThreadApi>(`${CHAT_PATH}/support`),
  reads: (id: string) =>
    http.get<{ items: ChatReaderApi[] }>(`${CHAT_PATH}/threads/${id}/reads`).then((r) => r.items),
  seen: (id: string) => http.post<{ unreadCount: number }>(`${CHAT_PATH}/threads/${id}/seen`),
  adminPage: (page: number, query: string) =>
    http.get<AdminChatPage>(`${ADMIN_CHAT_PATH}/threads`, { query: { page, query: query || undefined } }),
  staff: () => http.get<{ items: StaffMember[] }>(`${ADMIN_CHAT_PATH}/staff`).then((r) => r.items),
  sellerSupport: (companyId: string) => http.post<ChatThreadApi>(`${ADMIN_CHAT_PATH}/support/${companyId}`),
  assign: (id: string, userId: string | null) =>
    http.put<ChatThreadApi>(`${ADMIN_CHAT_PATH}/threads/${id}/assignee`, { userId }),
};

export const chatQueries = {
  threads: () => queryOptions({ queryKey: chatKeys.threads(), queryFn: chatApi.threads }),
  contacts: () => queryOptions({ queryKey: chatKeys.contacts(), queryFn: chatApi.contacts }),
  staff: () => queryOptions({ queryKey: chatKeys.staff(), queryFn: chatApi.staff, staleTime: 60_000 }),
};
