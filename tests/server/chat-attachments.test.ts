/**
 * Files on chat messages (docs/chat.md "Attachments"): uploaded through the file store's checks
 * (type by content, size limit) with clear 4xx refusals, shown on the message, downloaded only by
 * those who can see the thread; and a message replayed with its Idempotency-Key (as the offline
 * outbox does) is one message. Runs on PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessageApi, ChatThreadApi } from "../../src/domain/chat/types";
import { UNSUPPORTED_TYPE_MESSAGE } from "../../src/server/modules/files/sniff";
import { postChatMessage } from "./chat-helpers";
import { multipart } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";
import { uuidv7 } from "./inventory-helpers";

let server: TestServer;
let dataDir: string;
let ann: TestUser; // admin of Ann Realty
let bob: TestUser; // admin of Bob Holdings (another company)
let staff: TestUser; // super admin
let thread: ChatThreadApi;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-chat-files-"));
  // 1 MB per upload here, so the size refusal needs no large body.
  server = await startTestServer({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "1" });
  ann = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
  bob = await createTestUser(server, { displayName: "Bob", companyName: "Bob Holdings" });
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
  const res = await server.app.inject({
    method: "POST",
    url: "/api/chat/threads",
    headers: ann.auth,
    payload: { subject: "Our statements" },
  });
  expect(res.statusCode, res.body).toBe(201);
  thread = res.json();
}, 300_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

function upload(who: TestUser, threadId: string, file: { name: string; data: Buffer }, key?: string) {
  const body = multipart({}, file);
  return server.app.inject({
    method: "POST",
    url: `/api/chat/threads/${threadId}/attachments`,
    headers: { ...who.auth, ...body.headers, ...(key ? { "idempotency-key": key } : {}) },
    payload: body.payload,
  });
}

const post = (who: TestUser, threadId: string, payload: object, key?: string) =>
  postChatMessage(server, who, threadId, payload, key);

const download = (who: TestUser, id: string) =>
  server.app.inject({ method: "GET", url: `/api/chat/attachments/${id}`, headers: who.auth });

async function messages(who: TestUser): Promise<ChatMessageApi[]> {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/chat/threads/${thread.id}/messages`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe("chat attachments", () => {
  it("an upload replayed with its Idempotency-Key (an offline device's queue) is stored once, under that id; nobody else can reuse the key", async () => {
    const key = uuidv7();
    const first = await upload(ann, thread.id, { name: "replayed.pdf", data: pdf }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().id).toBe(key);
    const again = await upload(ann, thread.id, { name: "replayed.pdf", data: pdf }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const staffThread = await server.app.inject({
      method: "POST",
      url: "/api/chat/threads",
      headers: bob.auth,
      payload: { subject: "Bob's own" },
    });
    const other = await upload(bob, staffThread.json().id, { name: "x.pdf", data: pdf }, key);
    expect(other.statusCode).toBe(409);
    // the key is still refused before any byte is read for a thread the caller cannot see
    expect((await upload(bob, thread.id, { name: "x.pdf", data: pdf }, key)).statusCode).toBe(404);
  });

  it("refuses a file that is not an image, PDF or spreadsheet by its content, with the accepted types", async () => {
    const res = await upload(ann, thread.id, {
      name: "invoice.pdf",
      data: Buffer.from("MZ\x90\x00 not a pdf at all"),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UNSUPPORTED_TYPE_MESSAGE);
  });

  it("refuses a file over the size limit with the limit in words", async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload(ann, thread.id, { name: "big.pdf", data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file is larger than 1 MB, the most accepted per file");
  });

  it("refuses an empty file and a thread the caller cannot see", async () => {
    const empty = await upload(ann, thread.id, { name: "empty.pdf", data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("The file is empty (0 bytes)");
    const other = await upload(bob, thread.id, { name: "doc.pdf", data: pdf });
    expect(other.statusCode).toBe(404);
  });

  it("puts files on a message with an empty body; the thread's people download them, another company cannot", async () => {
    const a = await upload(ann, thread.id, { name: "2024 statement.pdf", data: pdf });
    expect(a.statusCode, a.body).toBe(201);
    const b = await upload(ann, thread.id, { name: "photo.png", data: png });
    expect(b.statusCode, b.body).toBe(201);
    const [pdfFile, pngFile] = [a.json(), b.json()];
    expect(pdfFile).toMatchObject({
      fileName: "2024 statement.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    });
    expect(pngFile).toMatchObject({ kind: "png", contentType: "image/png" });

    // before it is on a message only its uploader sees it
    expect((await download(staff, pdfFile.id)).statusCode).toBe(404);

    const res = await post(ann, thread.id, { body: "  ", attachmentIds: [pdfFile.id, pngFile.id] }, uuidv7());
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as ChatMessageApi;
    expect(message.body).toBe("");
    expect(message.attachments?.map((x) => x.fileName)).toEqual(["2024 statement.pdf", "photo.png"]);
    const listed = (await messages(staff)).find((m) => m.id === message.id);
    expect(listed?.attachments?.map((x) => x.id)).toEqual([pdfFile.id, pngFile.id]);

    for (const who of [ann, staff]) {
      const got = await download(who, pdfFile.id);
      expect(got.statusCode).toBe(200);
      expect(got.headers["content-type"]).toBe("application/pdf");
      expect(got.rawPayload.equals(pdf)).toBe(true);
      expect(String(got.headers["content-disposition"])).toContain("attachment;");
    }
    const stranger = await download(bob, pdfFile.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain("statement");
    expect((await download(bob, uuidv7())).statusCode).toBe(404);

    // a file already on a message cannot be put on another
    const again = await post(ann, thread.id, { body: "again", attachmentIds: [pdfFile.id] });
    expect(again.statusCode).toBe(400);
  });

  it("refuses a message with neither text nor files, and files another user uploaded", async () => {
    const empty = await post(ann, thread.id, { body: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("A message cannot be empty");
    const staffs = await upload(staff, thread.id, { name: "reply.pdf", data: pdf });
    expect(staffs.statusCode).toBe(201);
    const theirs = await post(ann, thread.id, { body: "", attachmentIds: [staffs.json().id] });
    expect(theirs.statusCode).toBe(400);
  });

  it("a message replayed with the same Idempotency-Key is stored once", async () => {
    const key = uuidv7();
    const file = (await upload(ann, thread.id, { name: "rent roll.pdf", data: pdf })).json();
    const first = await post(ann, thread.id, { body: "Sent offline", attachmentIds: [file.id] }, key);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post(ann, thread.id, { body: "Sent offline", attachmentIds: [file.id] }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().id).toBe(first.json().id);
    expect(replay.json().attachments.map((x: { id: string }) => x.id)).toEqual([file.id]);
    const all = await messages(ann);
    expect(all.filter((m) => m.body === "Sent offline")).toHaveLength(1);
  });
});
