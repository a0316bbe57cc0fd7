/**
 * Article images (docs/articles.md "Images"): staff upload a cover or inline image through the
 * statement upload's checks (readFilePart: streamed into the file store's staging area, typed by
 * its first bytes, size-limited; keepOrDiscard commits it). Only PNG and JPEG are kept, the two
 * every browser shows. Guests get an image only while a published article names its address
 * (cover or body); staff get every image; anything else is 404, like an unknown id.
 */
import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_PATH, ARTICLE_PATHS } from "../../../domain/articles/article";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { createFileStore } from "../../storage";
import type { FileKind } from "../files/sniff";
import { keepOrDiscard, readFilePart, storedFileColumns } from "../files/upload";
import { imageById, imageToApi, insertImage, shownPublicly } from "./image-store";

const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(["png", "jpeg"]);
const NO_FIELDS: ReadonlySet<string> = new Set();
const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) });
const ImageSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  url: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});

export async function articleImageRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const store = createFileStore(config);
  const maxBytes = Math.min(ARTICLE_IMAGE_MAX_BYTES, config.maxUploadBytes);
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 1000, parts: 4, headerPairs: 100 },
  });

  app.post(
    ARTICLE_PATHS.images,
    {
      config: { auth: [ROLES.SUPER_ADMIN] },
      schema: {
        tags: ["articles"],
        summary: "Upload an image for an article (multipart `file`): PNG or JPEG",
        description: `One file per request, at most ${maxMb} MB, typed by its content (PNG or JPEG). 201 with its \`url\`: use it as the cover or in the body as \`![text](url)\`.`,
        consumes: ["multipart/form-data"],
        response: {
          201: ImageSchema,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw httpError(415, "Send the image as multipart/form-data");
      const user = currentUser(request);
      const part = await readFilePart(request, store, maxBytes, NO_FIELDS, "image").catch((err) => {
        // readFilePart accepts documents too; name what an article takes.
        if ((err as { statusCode?: number }).statusCode === 415) throw notAnImage();
        throw err;
      });
      return keepOrDiscard(store, part.file, async (keep) => {
        if (!IMAGE_KINDS.has(part.kind)) throw notAnImage();
        const stored = await keep();
        const row = await insertImage(db, {
          id: uuidv7(),
          uploadedBy: user.id,
          ...storedFileColumns(part, stored),
        });
        return reply.status(201).send(imageToApi(row));
      });
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${ARTICLE_IMAGE_PATH}/:id`,
    {
      config: { auth: "public" },
      schema: {
        tags: ["articles"],
        summary: "An article image: for guests only while a published article shows it; staff see all",
        params: IdParams,
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const gone = () => httpError(404, "Image not found");
      const row = await imageById(db, request.params.id);
      if (!row) throw gone();
      const staff = !!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN]);
      const visible = await shownPublicly(db, row.id);
      if (!visible && !staff) throw gone();
      const stream = await store.get(row.storageKey).catch(() => {
        throw httpError(404, "The stored image is missing");
      });
      return reply
        .header("content-type", row.contentType)
        .header("content-length", String(row.size))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'")
        .header("cache-control", visible ? "public, max-age=300" : "private, no-store")
        .send(stream);
    },
  );
}

function notAnImage() {
  return httpError(415, "Only PNG and JPEG images are accepted for articles");
}
