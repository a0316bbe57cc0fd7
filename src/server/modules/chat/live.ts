/**
 * Chat's live notices: every new, edited or deleted message and every move of a reader's place
 * notifies `chat_changed` with `{ threadId, companyId, kind, reason }` on commit (migration 0031's
 * triggers), to this process (PGlite) or every replica LISTENing (PostgreSQL). GET /api/events
 * passes each on as `event: chat` to the connections that may see the thread.
 */
import { CHAT_THREAD_KINDS, type ChatEventData } from "../../../domain/chat/types";
import type { Database } from "../../db/client";
import { type Notices, openNotices } from "../../db/listen";

const CHANNEL = "chat_changed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function parseChatNotice(payload: string): ChatEventData | null {
  try {
    const v = JSON.parse(payload) as Partial<ChatEventData>;
    if (
      typeof v.threadId === "string" &&
      UUID.test(v.threadId) &&
      typeof v.companyId === "string" &&
      UUID.test(v.companyId) &&
      CHAT_THREAD_KINDS.includes(v.kind as ChatEventData["kind"]) &&
      (v.reason === "message" || v.reason === "seen")
    ) {
      return {
        threadId: v.threadId,
        companyId: v.companyId,
        kind: v.kind,
        reason: v.reason,
      } as ChatEventData;
    }
  } catch {
    // not ours
  }
  return null;
}

export type ChatNotices = Notices<ChatEventData>;

export const openChatNotices = (database: Database): Promise<ChatNotices> =>
  openNotices(database, CHANNEL, parseChatNotice);
