/** Chat attachments' queries (docs/chat.md "Attachments"). */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { ChatAttachmentApi } from "../../../domain/chat/attachments";
import type { ChatMessageApi } from "../../../domain/chat/types";
import type { Db } from "../../db/client";
import { chatAttachments } from "../../db/schema";

export type AttachmentRow = typeof chatAttachments.$inferSelect;

export function attachmentApi(a: AttachmentRow): ChatAttachmentApi {
  return {
    id: a.id,
    threadId: a.threadId,
    fileName: a.fileName,
    contentType: a.contentType,
    kind: a.kind,
    size: a.size,
    createdAt: a.createdAt.toISOString(),
  };
}

export async function insertAttachment(
  db: Db,
  row: typeof chatAttachments.$inferInsert,
): Promise<AttachmentRow> {
  const [out] = await db.insert(chatAttachments).values(row).returning();
  if (!out) throw new Error("chat attachment not stored");
  return out;
}

export async function attachmentById(db: Db, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, id));
  return row ?? null;
}

/**
 * Puts the caller's uploads to the message's thread, among `ids` and not yet on a message, on the
 * message that carries them; answers those it took, in the order a message shows them.
 */
export async function claim(
  db: Db,
  message: { id: string; threadId: string; authorId: string | null },
  ids: readonly string[],
): Promise<AttachmentRow[]> {
  if (ids.length === 0 || !message.authorId) return [];
  const rows = await db
    .update(chatAttachments)
    .set({ messageId: message.id })
    .where(
      and(
        inArray(chatAttachments.id, [...ids]),
        eq(chatAttachments.threadId, message.threadId),
        eq(chatAttachments.uploadedBy, message.authorId),
        isNull(chatAttachments.messageId),
      ),
    )
    .returning();
  return rows.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The messages with their attachments (a deleted message shows none). */
export async function withAttachments(db: Db, messages: ChatMessageApi[]): Promise<ChatMessageApi[]> {
  const ids = messages.filter((m) => !m.deletedAt).map((m) => m.id);
  const rows = ids.length
    ? await db
        .select()
        .from(chatAttachments)
        .where(inArray(chatAttachments.messageId, ids))
        .orderBy(asc(chatAttachments.createdAt), asc(chatAttachments.id))
    : [];
  const by = new Map<string, ChatAttachmentApi[]>();
  for (const r of rows) {
    const list = by.get(r.messageId as string) ?? [];
    list.push(attachmentApi(r));
    by.set(r.messageId as string, list);
  }
  return messages.map((m) => ({ ...m, attachments: by.get(m.id) ?? [] }));
}
