/**
 * "Chat message while away" (issue 16): a new message tells the thread's company members other
 * than its author through the bell, one unread notification per thread and person (key
 * `chat:<thread id>`, refreshed by each new message). Staff are not members, so they follow their
 * threads in /admin/chat rather than the bell. Written in the message's transaction (routes.ts).
 */
import type { Db } from "../../db/client";
import type { chatMessages, chatThreads } from "../../db/schema";
import { notify } from "../notifications/store";

const PREVIEW = 140;

export async function notifyChatMessage(
  db: Db,
  thread: typeof chatThreads.$inferSelect,
  message: typeof chatMessages.$inferSelect,
  /** The author's name and photo, already read (saves the bell's look-up). */
  author?: { name: string; photo: string | null },
): Promise<void> {
  const text = message.body.length > PREVIEW ? `${message.body.slice(0, PREVIEW - 1)}…` : message.body;
  await notify(db, {
    type: "chat_message",
    companyId: thread.companyId,
    recipients: "members",
    authorId: message.authorId,
    authorProfile: author,
    job: message.staff ? "Blocklot staff" : null,
    description: `${thread.subject}: ${text}`,
    link: `/dashboard/chat?thread=${thread.id}`,
    key: `chat:${thread.id}`,
  });
}
