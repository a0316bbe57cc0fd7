import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { CHAT_MESSAGE_TYPE, QUEUED_SEQ } from "../../domain/chat/synced-types";
import { NetworkError } from "../../sync/transport";
import {
  forgetTaskFile,
  holdChatMessage,
  isFileUpload,
  messageUploads,
  type PickedFile,
  queueTaskFile,
  releaseHeldMessages,
  taskUploads,
} from "./attachment-uploads";
import { type BlocklotDb, createDb } from "./db";
import { drainPhotoUploads, fetchSender, type PhotoSender, type UploadAnswer } from "./photo-upload-queue";

const opened: BlocklotDb[] = [];
let n = 0;
async function freshDb() {
  const db = createDb(`attachment-queue-${++n}`);
  opened.push(db);
  await db.open();
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const noLock = <T>(_name: string, fn: () => Promise<T>) => fn();
const thread = { id: "0190f5c2-7a3b-7cde-8f01-000000000001", companyId: "c1" };
const me = { id: "u1", name: "You" };
const file = (name: string, bytes: number[], type = "application/pdf"): PickedFile => ({
  name,
  type,
  size: bytes.length,
  bytes: new Uint8Array(bytes).buffer,
});

/** A server double: answers from a script, keeps what it stored by Idempotency-Key (the row id). */
function server(answers: (UploadAnswer | "offline")[] = []) {
  const stored = new Map<string, number[]>();
  const calls: string[] = [];
  const send: PhotoSender = async (row) => {
    calls.push(row.upload?.fileName ?? "");
    const next = answers.shift();
    if (next === "offline") throw new NetworkError();
    if (next) return next;
    stored.set(row.id, [...new Uint8Array(row.bytes)]);
    return { status: 201, data: { id: row.id, fileName: row.upload?.fileName } };
  };
  return { send, stored, calls };
}

const drain = (db: BlocklotDb, send: PhotoSender) =>
  drainPhotoUploads(db, { send, only: isFileUpload, lock: noLock });

describe("files picked offline ride the photo upload queue with their held message", () => {
  it("holds the message until its files are uploaded, then queues its POST once with their ids", async () => {
    const db = await freshDb();
    const id = await holdChatMessage(db, thread, "the lease", me, [
      file("a.pdf", [1, 2]),
      file("b.pdf", [3]),
    ]);
    const shown = await db.chatMessages.get(id);
    expect(shown?.seq).toBe(QUEUED_SEQ);
    expect(shown?.body).toBe("the lease");
    expect((await messageUploads(db, id)).map((r) => [r.upload?.fileName, r.state])).toEqual([
      ["a.pdf", "waiting"],
      ["b.pdf", "waiting"],
    ]);
    // nothing goes to the outbox while a file waits
    expect(await releaseHeldMessages(db)).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    const srv = server(["offline"]);
    expect((await drain(db, srv.send)).stopped).toBe("offline");
    expect(await releaseHeldMessages(db)).toBe(0);

    expect((await drain(db, srv.send)).sent).toBe(2);
    expect(srv.calls).toEqual(["a.pdf", "a.pdf", "b.pdf"]);
    expect(await releaseHeldMessages(db)).toBe(1);
    // run again (another tab, the service worker): not queued twice
    expect(await releaseHeldMessages(db)).toBe(0);

    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    const uploads = await messageUploads(db, id);
    expect(outbox[0]).toMatchObject({
      entity: CHAT_MESSAGE_TYPE.entity,
      id,
      method: "POST",
      url: `/api/chat/threads/${thread.id}/messages`,
      body: { id, body: "the lease", attachmentIds: uploads.map((r) => r.id) },
    });
    const row = await db.chatMessages.get(id);
    expect(row?.held).toBeUndefined();
    expect(row?.attachments?.map((a) => a.fileName)).toEqual(["a.pdf", "b.pdf"]);
    // the bytes went once each, under the row's id
    expect([...srv.stored.values()]).toEqual([[1, 2], [3]]);
  });

  it("a refused file keeps its reason on the device and the text is sent without it", async () => {
    const db = await freshDb();
    const id = await holdChatMessage(db, thread, "see both", me, [file("big.pdf", [9]), file("ok.pdf", [1])]);
    const srv = server([{ status: 413, data: { message: "The file is larger than 10 MB" } }]);
    const r = await drain(db, srv.send);
    expect(r).toMatchObject({ sent: 1, failed: 1 });
    expect(await releaseHeldMessages(db)).toBe(1);
    const uploads = await messageUploads(db, id);
    expect(uploads.map((u) => [u.upload?.fileName, u.state, u.error])).toEqual([
      ["big.pdf", "failed", "The file is larger than 10 MB"],
      ["ok.pdf", "done", null],
    ]);
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toEqual({ id, body: "see both", attachmentIds: [uploads[1]?.id] });
  });

  it("a message with no text whose every file was refused stays on the device, not sent", async () => {
    const db = await freshDb();
    const id = await holdChatMessage(db, thread, "", me, [file("x.exe", [0], "application/x-msdownload")]);
    await drain(db, server([{ status: 415, data: { message: "Unsupported file type" } }]).send);
    expect(await releaseHeldMessages(db)).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.chatMessages.get(id))?.held).toBeDefined();
  });

  it("the service worker's sender posts a file upload signed in, and waits without a token", async () => {
    const db = await freshDb();
    const id = await holdChatMessage(db, thread, "hi", me, [file("a.pdf", [1])]);
    const [row] = await messageUploads(db, id);
    if (!row) throw new Error("no row");
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ id: row.id }), { status: 201 });
    }) as unknown as typeof fetch;
    await expect(fetchSender(fakeFetch, "", async () => null)(row)).rejects.toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(0);
    const answer = await fetchSender(fakeFetch, "", async () => "tok")(row);
    expect(answer.status).toBe(201);
    expect(seen[0]).toMatchObject({
      url: `/api/chat/threads/${thread.id}/attachments`,
      headers: { Authorization: "Bearer tok", "Idempotency-Key": row.id },
    });
  });

  it("a kanban task's file waits, is sent to the task's route, and is forgotten once listed; a refused one stays", async () => {
    const db = await freshDb();
    await queueTaskFile(db, "t1", file("plan.pdf", [5, 6]));
    await queueTaskFile(db, "t1", file("virus.pdf", [0]));
    const urls: string[] = [];
    let n = 0;
    const send: PhotoSender = async (row) => {
      urls.push(row.upload?.url ?? "");
      return ++n === 1
        ? { status: 201, data: { id: "att-1" } }
        : { status: 415, data: { message: "Unsupported file type" } };
    };
    expect(await drain(db, send)).toMatchObject({ sent: 1, failed: 1 });
    expect(urls).toEqual(["/api/kanban/tasks/t1/attachments", "/api/kanban/tasks/t1/attachments"]);
    const rows = await taskUploads(db, "t1");
    expect(rows.map((r) => [r.upload?.fileName, r.state, r.photoId, r.error])).toEqual([
      ["plan.pdf", "done", "att-1", null],
      ["virus.pdf", "failed", null, "Unsupported file type"],
    ]);
    // no held chat message is involved: nothing goes to the outbox
    expect(await releaseHeldMessages(db)).toBe(0);
    await forgetTaskFile(db, rows[0]?.id ?? "");
    expect((await taskUploads(db, "t1")).map((r) => r.upload?.fileName)).toEqual(["virus.pdf"]);
  });
});
