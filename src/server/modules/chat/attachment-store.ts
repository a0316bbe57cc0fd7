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

/** The caller's uploads to `threadId` among `ids` not yet on a message. */
export async function unclaimed(db: Db, threadId: string, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(chatAttachments)
    .where(
      and(
        inArray(chatAttachments.id, [...ids]),
        eq(chatAttachments.threadId, threadId),
        eq(chatAttachments.uploadedBy, userId),
        isNull(chatAttachments.messageId),
      ),
    );
}

/** Puts uploads on the message that carries them. */
export async function claim(db: Db, messageId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(chatAttachments)
    .set({ messageId })
    .where(and(inArray(chatAttachments.id, [...ids]), isNull(chatAttachments.messageId)));
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
