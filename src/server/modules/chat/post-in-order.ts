/**
 * Posting messages of one author in order, each answered as if it had been sent alone (docs/chat.md
 * "Offline"): the thread's message route sends one, the batch route (message-batch.ts) the
 * outbox's queue. Messages without files go together in one transaction (store.ts `postMessages`:
 * one set of statements however many); a message with files goes alone, its files claimed in its
 * transaction. A key already on a message answers that message (200, replayed) and adds nothing;
 * the same key with another text or thread is 422 and ends the run. A message may carry the
 * device's id for it: sent again without a key, that id answers the message too; an id already on
 * another message is 409.
 */

import type { ChatMessageApi } from "../../../domain/chat/types";
import { ERROR_CODES } from "../../../domain/errors";
import type { Db } from "../../db/client";
import type { chatThreads } from "../../db/schema";
import { HttpError, httpError } from "../../plugins/errors";
import { KEY_REUSED_MESSAGE } from "../../plugins/idempotency";
import { type AttachmentRow, attachmentApi, claim, withAttachments } from "./attachment-store";
import { notifyChatMessage } from "./notify";
import {
  type ChatViewer,
  type MessageRow,
  messageApi,
  messagesByIds,
  messagesByKeys,
  postMessages,
} from "./store";

/** One message as its route checked it: the thread it goes to, how the author reaches it, its text. */
export interface MessageToPost {
  thread: typeof chatThreads.$inferSelect;
  access: "member" | "staff";
  body: string;
  key?: string;
  /** The device's id for the message (server-chosen without it). */
  id?: string;
  attachmentIds: readonly string[];
}

type PostAnswer =
  /** 201: written now; 200: the key's earlier message (nothing written). */
  { status: 200 | 201; message: ChatMessageApi } | { status: number; error: HttpError };

/** Runs that found a key taken and then nothing under it (its first request rolled back) before giving up. */
const RETRIES = 3;

/**
 * The next run from `items[from]`: at most `cap` messages without files and with distinct keys
 * and ids, or one message with files.
 */
function runFrom(items: readonly MessageToPost[], from: number, cap: number): MessageToPost[] {
  const first = items[from] as MessageToPost;
  if (first.attachmentIds.length > 0) return [first];
  const keys = new Set<string>();
  const ids = new Set<string>();
  const run: MessageToPost[] = [];
  for (let i = from; i < items.length && run.length < cap; i++) {
    const m = items[i] as MessageToPost;
    if (m.attachmentIds.length > 0 || (m.key && keys.has(m.key)) || (m.id && ids.has(m.id))) break;
    if (m.key) keys.add(m.key);
    if (m.id) ids.add(m.id);
    run.push(m);
  }
  return run;
}

/** Writes one run; null when one of its keys or ids was taken; an HttpError when its files were refused. */
async function storeRun(
  db: Db,
  viewer: ChatViewer,
  run: readonly MessageToPost[],
): Promise<{ message: ChatMessageApi }[] | null> {
  let files: AttachmentRow[] = [];
  const rows = await postMessages(
    db,
    { id: viewer.userId, name: viewer.name },
    run.map((m) => ({
      id: m.id,
      threadId: m.thread.id,
      staff: m.access === "staff",
      body: m.body,
      key: m.key,
    })),
    async (tx, written) => {
      const wanted = run[0]?.attachmentIds ?? [];
      if (run.length === 1 && wanted.length > 0) {
        files = await claim(tx, written[0] as (typeof written)[number], wanted);
        if (files.length !== wanted.length) {
          throw httpError(
            400,
            "An attached file was not uploaded to this thread by you, or is already on a message",
          );
        }
      }
      // the bell: one refresh per thread, by its newest message (the notification is keyed by thread)
      const newest = new Map<string, { row: (typeof written)[number]; thread: MessageToPost["thread"] }>();
      for (const [i, row] of written.entries()) {
        newest.set(row.threadId, { row, thread: (run[i] as MessageToPost).thread });
      }
      for (const { row, thread } of newest.values()) await notifyChatMessage(tx, thread, row, viewer);
    },
  );
  if (!rows) return null;
  return rows.map((row) => ({ message: { ...messageApi(row), attachments: files.map(attachmentApi) } }));
}

/** Why `m` may not answer `e`, the message already under its key or id; null when it is its replay. */
function replayProblem(viewer: ChatViewer, m: MessageToPost, e: MessageRow): HttpError | null {
  const same = e.threadId === m.thread.id && e.body === m.body;
  if (m.key !== undefined && e.clientKey === m.key && e.authorId === viewer.userId) {
    // its key's message: the same text, thread (and id, when sent) or the key was reused
    return same && (m.id === undefined || e.id === m.id)
      ? null
      : httpError(422, KEY_REUSED_MESSAGE, { code: ERROR_CODES.KEY_REUSED });
  }
  // its id's message: the author's same text in the same thread, whatever key came with it
  return same && e.authorId === viewer.userId
    ? null
    : httpError(409, "A message with this id already exists", { code: ERROR_CODES.CONFLICT });
}

/**
 * Posts `items` in order and answers each as its request alone would have been answered, up to
 * and including the first answer that is not a 2xx (the messages after it are not written).
 */
export async function postInOrder(
  db: Db,
  viewer: ChatViewer,
  items: readonly MessageToPost[],
): Promise<PostAnswer[]> {
  const answers: PostAnswer[] = [];
  let i = 0;
  let cap = Number.POSITIVE_INFINITY;
  let lost = 0;
  while (i < items.length) {
    const run = runFrom(items, i, cap);
    cap = Number.POSITIVE_INFINITY;
    let stored: Awaited<ReturnType<typeof storeRun>>;
    try {
      stored = await storeRun(db, viewer, run);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      answers.push({ status: err.statusCode, error: err });
      return answers;
    }
    if (stored) {
      for (const s of stored) answers.push({ status: 201, message: s.message });
      i += run.length;
      lost = 0;
      continue;
    }
    // A key or id is already on a message: the messages before the first such one are new
    // (stored next, alone), and from it on each one sent before answers its earlier message.
    const [byKey, byId] = await Promise.all([
      messagesByKeys(
        db,
        viewer.userId,
        run.flatMap((m) => (m.key ? [m.key] : [])),
      ),
      messagesByIds(
        db,
        run.flatMap((m) => (m.id ? [m.id] : [])),
      ),
    ]);
    const earlier = (m: MessageToPost) =>
      (m.key === undefined ? undefined : byKey.get(m.key)) ??
      (m.id === undefined ? undefined : byId.get(m.id));
    const first = run.findIndex((m) => earlier(m) !== undefined);
    if (first < 0) {
      // taken by a request that was still running and then wrote nothing: try again
      if (++lost < RETRIES) continue;
      answers.push({
        status: 409,
        error: httpError(409, "The message could not be stored; try again", { code: ERROR_CODES.CONFLICT }),
      });
      return answers;
    }
    if (first > 0) {
      cap = first;
      continue;
    }
    const replays: ChatMessageApi[] = [];
    let refused: HttpError | null = null;
    for (const m of run) {
      const e = earlier(m);
      if (!e) break;
      refused = replayProblem(viewer, m, e);
      if (refused) break;
      replays.push(messageApi(e));
    }
    for (const message of await withAttachments(db, replays)) answers.push({ status: 200, message });
    if (refused) {
      answers.push({ status: refused.statusCode, error: refused });
      return answers;
    }
    i += replays.length;
  }
  return answers;
}
