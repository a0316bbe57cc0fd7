/**
 * Files picked while offline (chat messages; docs/chat.md "Offline"). They ride the photo upload
 * queue (photo-upload-queue.ts: the same Dexie table, Web Lock, backoff, answer rules, Background
 * Sync tag and service-worker replay), as rows with `upload` set: a signed-in POST of the file to
 * its route, the row's id as Idempotency-Key (the server keeps it as the attachment's id, so a
 * replay whose answer was lost stores nothing twice).
 *
 * A message written with such files is held on the device (shown queued, its files pending) and
 * only once every file is uploaded or refused is its POST put in the sync engine's outbox, with
 * the ids of the uploaded files: `releaseHeldMessages`, run by whoever drained the uploads (page
 * or service worker) inside one transaction, so it is queued exactly once. A refused file (too
 * large, wrong type, 4xx) keeps its row `failed` with the server's words, shown on the message;
 * the text is sent without it.
 */
import type { ChatAttachmentApi } from "../../domain/chat/attachments";
import { chatAttachmentUploadPath } from "../../domain/chat/attachments";
import { CHAT_MESSAGE_TYPE, QUEUED_SEQ } from "../../domain/chat/synced-types";
import { CHAT_PATH, type ChatMessageApi, type ChatThreadApi } from "../../domain/chat/types";
import { TASK_TYPE } from "../../domain/kanban/synced-types";
import { appendRecord, newId } from "../../sync/outbox";
import type { BlocklotDb, PhotoUploadRecord } from "./db";
import { SYNCED_TYPES } from "./synced-types";
import { taskUploadHash } from "./task-file-rows";

/** The queue's group of one message's files. */
const chatUploadHash = (messageId: string) => `chat:${messageId}`;

/** True for the queue's signed-in file uploads (not a photo link's photos). */
export const isFileUpload = (row: PhotoUploadRecord) => row.upload !== undefined;

export interface PickedFile {
  name: string;
  type: string;
  size: number;
  bytes: ArrayBuffer;
}

/** A picked File's bytes, read now (a File handle does not survive a reload). */
export async function readPicked(file: File): Promise<PickedFile> {
  return { name: file.name, type: file.type, size: file.size, bytes: await file.arrayBuffer() };
}

/**
 * Keeps a message and its files on the device: the message is shown queued at once, each file
 * waits in the upload queue; the message is posted once they are settled (releaseHeldMessages).
 */
export async function holdChatMessage(
  db: BlocklotDb,
  thread: Pick<ChatThreadApi, "id" | "companyId">,
  body: string,
  author: { id: string | null; name: string },
  files: readonly PickedFile[],
  /** Files uploaded before the connection went (they go with the message as they are). */
  uploadedBefore: readonly ChatAttachmentApi[] = [],
  now = () => new Date().toISOString(),
): Promise<string> {
  const id = newId();
  const createdAt = now();
  const row: ChatMessageApi & { companyId: string } = {
    id,
    threadId: thread.id,
    seq: QUEUED_SEQ,
    rev: 0,
    authorId: author.id,
    author: author.name,
    staff: false,
    body,
    createdAt,
    editedAt: null,
    deletedAt: null,
    attachments: [...uploadedBefore],
    companyId: thread.companyId,
  };
  const uploads: PhotoUploadRecord[] = files.map((f, i) => ({
    id: newId(),
    hash: chatUploadHash(id),
    bytes: f.bytes,
    type: f.type || "application/octet-stream",
    width: 0,
    height: 0,
    state: "waiting",
    error: null,
    lastStatus: null,
    attempts: 0,
    notBefore: null,
    // in the order picked (the drain sends oldest first)
    createdAt: `${createdAt}#${String(i).padStart(2, "0")}`,
    photoId: null,
    upload: { url: chatAttachmentUploadPath(thread.id), fileName: f.name, size: f.size },
  }));
  await db.transaction("rw", db.chatMessages, db.photoUploads, async () => {
    await db.chatMessages.put({ ...row, held: { url: `${CHAT_PATH}/threads/${thread.id}/messages`, body } });
    await db.photoUploads.bulkAdd(uploads);
  });
  return id;
}

/** A message's files in the queue, in the order picked. */
export function messageUploads(db: BlocklotDb, messageId: string): Promise<PhotoUploadRecord[]> {
  const hash = chatUploadHash(messageId);
  return db.photoUploads.where("[hash+createdAt]").between([hash, ""], [hash, "\uffff"]).toArray();
}

/** The attachment a done upload became (what the message shows once sent). */
function attachmentOf(row: PhotoUploadRecord, threadId: string): ChatAttachmentApi {
  return {
    id: row.photoId as string,
    threadId,
    fileName: row.upload?.fileName ?? "",
    contentType: row.type,
    kind: "",
    size: row.upload?.size ?? row.bytes.byteLength,
    createdAt: row.createdAt.slice(0, 24),
  };
}

/**
 * Queues the POST of every held message whose files are all settled (uploaded or refused), with
 * the uploaded ones' ids. Returns how many were queued. Safe to run from the page and the
 * service worker at once: each message is released in one transaction that first checks it is
 * still held.
 */
export async function releaseHeldMessages(db: BlocklotDb): Promise<number> {
  const held = await db.chatMessages.filter((m) => m.held !== undefined).toArray();
  let released = 0;
  for (const candidate of held) {
    const done = await db.transaction("rw", [db.chatMessages, db.photoUploads, db.outbox], async () => {
      const m = await db.chatMessages.get(candidate.id);
      if (!m?.held) return false;
      const files = await messageUploads(db, m.id);
      if (files.some((f) => f.state !== "done" && f.state !== "failed")) return false;
      const uploaded = files.filter((f) => f.state === "done" && f.photoId);
      const body = m.held.body;
      // nothing left to say (no text, every file refused): stays on the device with its errors
      if (!body.trim() && uploaded.length === 0 && (m.attachments ?? []).length === 0) return false;
      const attachments = [...(m.attachments ?? []), ...uploaded.map((f) => attachmentOf(f, m.threadId))];
      const { held: _held, companyId, ...row } = m;
      await appendRecord({ db, types: SYNCED_TYPES }, CHAT_MESSAGE_TYPE.entity, companyId ?? "", m.id, {
        url: m.held.url,
        // the device's id goes with it: the sent message keeps it, and with it its refused files
        body: {
          id: m.id,
          body,
          ...(attachments.length > 0 ? { attachmentIds: attachments.map((a) => a.id) } : {}),
        },
        row: { ...row, attachments },
      });
      return true;
    });
    if (done) released++;
  }
  return released;
}

/**
 * Keeps a file for a kanban task (picked offline, or whose upload found no connection): it waits
 * in the upload queue and is attached when the connection returns, once the task itself reached
 * the server (files-after-outbox.ts); it leaves with a task that never reaches the server
 * (task-file-rows.ts). The server answers the same bytes on the same task with the
 * earlier attachment, so a replay adds nothing.
 */
export async function queueTaskFile(db: BlocklotDb, taskId: string, file: PickedFile): Promise<string> {
  const id = newId();
  await db.photoUploads.add({
    id,
    hash: taskUploadHash(taskId),
    bytes: file.bytes,
    type: file.type || "application/octet-stream",
    width: 0,
    height: 0,
    state: "waiting",
    error: null,
    lastStatus: null,
    attempts: 0,
    notBefore: null,
    createdAt: new Date().toISOString(),
    photoId: null,
    upload: {
      url: `/api/kanban/tasks/${taskId}/attachments`,
      fileName: file.name,
      size: file.size,
      parent: { entity: TASK_TYPE.entity, id: taskId },
    },
  });
  return id;
}

/** A task's files in the queue, oldest first. */
export function taskUploads(db: BlocklotDb, taskId: string): Promise<PhotoUploadRecord[]> {
  const hash = taskUploadHash(taskId);
  return db.photoUploads.where("[hash+createdAt]").between([hash, ""], [hash, "\uffff"]).toArray();
}

/** Forgets a task file that is not on its way (refused, or attached and listed by the server). */
export async function forgetTaskFile(db: BlocklotDb, id: string): Promise<void> {
  await db.photoUploads
    .where("id")
    .equals(id)
    .and((r) => r.state === "failed" || r.state === "done")
    .delete();
}
