/**
 * Article images (docs/articles.md "Images"): only super admins upload, only PNG and JPEG within
 * the size limit are kept (clear 4xx otherwise, never a 500), and guests see an image only while a
 * published article shows it. Runs on PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArticleImage } from "../../src/domain/articles/article";
import { cleanupArticleImages } from "../../src/server/modules/articles/image-cleanup";
import { createFileStore, type FileStore } from "../../src/server/storage";
import { multipart } from "./file-helpers";
import { createTestUser, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let dataDir: string;
let staff: TestUser;
let owner: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "blocklot-article-images-"));
  // 1 MB per upload here, so the size refusal needs no large body.
  server = await startTestServer({ DATA_DIR: dataDir, MAX_UPLOAD_MB: "1" });
  staff = await createTestUser(server, { displayName: "Stella", roles: ["ROLE_USER", "ROLE_SUPER_ADMIN"] });
  owner = await createTestUser(server, { displayName: "Ann", companyName: "Ann Realty" });
}, 300_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

function upload(who: TestUser | null, file: { name: string; data: Buffer }) {
  const body = multipart({}, file);
  return server.app.inject({
    method: "POST",
    url: "/api/admin/articles/images",
    headers: { ...(who?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

const fetchImage = (url: string, who?: TestUser) =>
  server.app.inject({ method: "GET", url, headers: who?.auth ?? {} });

async function createArticle(slug: string, fields: { coverImage?: string | null; bodyMd?: string }) {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/admin/articles",
    headers: staff.auth,
    payload: {
      slug,
      title: `Article ${slug}`,
      summary: "",
      bodyMd: fields.bodyMd ?? "",
      coverImage: fields.coverImage ?? null,
      tags: [],
      author: "Stella",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

async function setState(id: string, state: string) {
  const res = await server.app.inject({
    method: "POST",
    url: `/api/admin/articles/${id}/state`,
    headers: staff.auth,
    payload: { state },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("article images", () => {
  it("lets only super admins upload", async () => {
    expect((await upload(null, { name: "a.png", data: png })).statusCode).toBe(401);
    expect((await upload(owner, { name: "a.png", data: png })).statusCode).toBe(403);
  });

  it("refuses a PDF, an unknown type, an empty file, too large a file and a non-multipart body with a 4xx", async () => {
    const asPdf = await upload(staff, { name: "doc.png", data: pdf });
    expect(asPdf.statusCode).toBe(415);
    expect(asPdf.json().message).toBe("Only PNG and JPEG images are accepted for articles");
    const exe = await upload(staff, { name: "x.png", data: Buffer.from("MZ\x90\x00 binary\x00\x01") });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe("Only PNG and JPEG images are accepted for articles");
    const empty = await upload(staff, { name: "e.png", data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const big = await upload(staff, {
      name: "big.png",
      data: Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10, 1)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 1 MB/);
    const json = await server.app.inject({
      method: "POST",
      url: "/api/admin/articles/images",
      headers: staff.auth,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
  });

  it("shows guests an image only while a published article uses it; staff always", async () => {
    const up = await upload(staff, { name: "cover.png", data: png });
    expect(up.statusCode, up.body).toBe(201);
    const cover: ArticleImage = up.json();
    expect(cover.url).toBe(`/api/articles/images/${cover.id}`);
    expect(cover.contentType).toBe("image/png");
    const inline: ArticleImage = (await upload(staff, { name: "inline.png", data: png })).json();

    // Not on any article yet: staff see it, guests and other users do not.
    const staffView = await fetchImage(cover.url, staff);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.headers["content-type"]).toBe("image/png");
    expect(staffView.rawPayload.equals(png)).toBe(true);
    expect((await fetchImage(cover.url)).statusCode).toBe(404);
    expect((await fetchImage(cover.url, owner)).statusCode).toBe(404);

    // On a draft: still hidden from guests.
    const article = await createArticle("images-article", {
      coverImage: cover.url,
      bodyMd: `Intro\n\n![A chart](${inline.url})\n`,
    });
    expect((await fetchImage(cover.url)).statusCode).toBe(404);
    expect((await fetchImage(inline.url)).statusCode).toBe(404);

    // Published: the cover and the inline image are public, and the page names them.
    await setState(article.id, "published");
    const guestCover = await fetchImage(cover.url);
    expect(guestCover.statusCode).toBe(200);
    expect(guestCover.headers["x-content-type-options"]).toBe("nosniff");
    expect(guestCover.rawPayload.equals(png)).toBe(true);
    expect((await fetchImage(inline.url)).statusCode).toBe(200);
    const page = await server.app.inject({ method: "GET", url: "/api/articles/images-article" });
    expect(page.json().coverImage).toBe(cover.url);
    expect(page.json().html).toContain(`src="${inline.url}"`);

    // Taken down: hidden again.
    await setState(article.id, "unpublished");
    expect((await fetchImage(cover.url)).statusCode).toBe(404);
    expect((await fetchImage(inline.url)).statusCode).toBe(404);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await fetchImage("/api/articles/images/0190d3a4-0000-7000-8000-000000000000")).statusCode).toBe(
      404,
    );
    expect((await fetchImage("/api/articles/images/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("article image cleanup", () => {
  const HOUR = 3600_000;
  const GRACE = 72;
  /** A PNG of its own bytes (the store keeps identical bytes once). */
  const pngOf = (n: number) => Buffer.concat([png, Buffer.from(`image ${n}`)]);
  const rowOf = (id: string) =>
    server.database.db.execute(sql`select storage_key from article_images where id = ${id}`) as Promise<{
      rows: { storage_key: string }[];
    }>;
  const keyOf = async (id: string) => (await rowOf(id)).rows[0]?.storage_key ?? null;
  const store = (): FileStore => createFileStore(server.config);
  const cleanup = (hoursLater: number, s: FileStore = store()) =>
    cleanupArticleImages(server.database.db, s, {
      graceHours: GRACE,
      now: new Date(Date.now() + hoursLater * HOUR),
    });

  async function uploaded(n: number): Promise<ArticleImage> {
    const res = await upload(staff, { name: `img-${n}.png`, data: pngOf(n) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("deletes images no article names once the grace period is over, with their files; keeps named ones", async () => {
    const unsaved = await uploaded(101);
    const inDraft = await uploaded(102);
    const onCover = await uploaded(103);
    const inUnpublished = await uploaded(104);
    await createArticle("cleanup-draft", { bodyMd: `![x](${inDraft.url})` });
    const covered = await createArticle("cleanup-cover", { coverImage: onCover.url });
    const down = await createArticle("cleanup-down", { bodyMd: `![y](${inUnpublished.url})` });
    await setState(down.id, "published");
    await setState(down.id, "unpublished");
    const unsavedKey = await keyOf(unsaved.id);
    expect(unsavedKey).not.toBeNull();
    expect(await store().exists(unsavedKey as string)).toBe(true);

    // Within the grace period nothing goes: the editor may not have saved yet.
    expect((await cleanup(GRACE - 1)).deleted).toBe(0);
    expect((await fetchImage(unsaved.url, staff)).statusCode).toBe(200);

    // The cover is taken off its article; then the grace period ends.
    const res = await server.app.inject({
      method: "PUT",
      url: `/api/admin/articles/${covered.id}`,
      headers: staff.auth,
      payload: {
        slug: "cleanup-cover",
        title: "Cover gone",
        summary: "",
        bodyMd: "",
        coverImage: null,
        tags: [],
        author: "Stella",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = await cleanup(GRACE + 1);
    expect(result.failed).toBe(0);
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    for (const gone of [unsaved, onCover]) {
      expect(await keyOf(gone.id)).toBeNull();
      expect((await fetchImage(gone.url, staff)).statusCode).toBe(404);
    }
    expect(await store().exists(unsavedKey as string)).toBe(false);
    // A draft's and an unpublished article's images stay: they may be published again.
    for (const kept of [inDraft, inUnpublished]) {
      expect((await fetchImage(kept.url, staff)).statusCode).toBe(200);
    }
  });

  it("keeps the file another image shares, and keeps a row whose file the store cannot delete", async () => {
    const named = await uploaded(201);
    const twin = await uploaded(201); // the same bytes: one file
    await createArticle("cleanup-twin", { bodyMd: `![t](${named.url})` });
    const sharedKey = await keyOf(twin.id);
    expect(sharedKey).toBe(await keyOf(named.id));

    const lonely = await uploaded(202);
    const lonelyKey = (await keyOf(lonely.id)) as string;
    const base = store();
    const failing: FileStore = {
      ...base,
      async delete(key) {
        if (key === lonelyKey)
          throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        return base.delete(key);
      },
    };
    const refused = await cleanup(GRACE + 1, failing);
    expect(refused.failed).toBeGreaterThan(0);
    expect(await keyOf(lonely.id)).toBe(lonelyKey);
    expect(await base.exists(lonelyKey)).toBe(true);

    const next = await cleanup(GRACE + 1);
    expect(next.failed).toBe(0);
    expect(await keyOf(lonely.id)).toBeNull();
    expect(await base.exists(lonelyKey)).toBe(false);
    // The twin's row went, the shared file stayed for the image the article names.
    expect(await keyOf(twin.id)).toBeNull();
    expect(await base.exists(sharedKey as string)).toBe(true);
    expect((await fetchImage(named.url, staff)).statusCode).toBe(200);
  });
});
