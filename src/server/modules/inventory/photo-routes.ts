import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import {
  type LinkPhoto,
  PHOTO_LIMITS,
  type PhotoLink,
  type PhotoLinkView,
  type PhotoUploadResult,
  photoIdOf,
  photoRef,
} from "../../../domain/inventory/photos";
import type { Db } from "../../db/client";
import { ErrorBody, httpError } from "../../plugins/errors";
import { KEY_REUSED_MESSAGE } from "../../plugins/idempotency";
import { createFileStore } from "../../storage";
import { inventoryMember } from "./access";
import { deleteUnusedFiles, lockFileKeys } from "./photo-cleanup";
import { createPhotoCleanupRunner, ensurePhotoCleanupScheduled } from "./photo-cleanup-job";
import { gate, processPhoto } from "./photo-image";
import { photoLinkKey, readPhotoLink, signPhotoLink } from "./photo-link";
import {
  addItemPhoto,
  companyItemState,
  companyPhoto,
  insertLink,
  itemPhoto,
  linkWithItem,
  liveLinkUntil,
  lockedPhotoCount,
  type PhotoLinkRow,
  type PhotoRow,
  photoByKey,
  revokeLinks,
} from "./photo-store";
import { inventoryTx } from "./store";

/**
 * Photos by link (issue 7; docs/warehouse.md "Photos by link"):
 * - signed in: create / revoke an item's photo link, read stored photos;
 * - with the link's hash, no sign-in: the item's title and photos, add a photo, read its photos.
 * Adding a photo appends it to the item's `photos` and bumps `version` in the company's
 * inventory transaction, so the sync feed and the `sync-changed` event carry it.
 * Photos no live item references any more are deleted after a grace period by the cleanup job
 * (photo-cleanup.ts), started here when JOBS_IN_PROCESS is on.
 */

const LINK_INVALID = "This photo link is not valid. Open the item on a computer and scan its QR code again.";
const LINK_REVOKED = "This photo link was turned off. Open the item on a computer and scan its new QR code.";
const LINK_ITEM_GONE = "The item of this photo link was deleted.";
const linkExpired = (at: Date) =>
  `This photo link expired on ${at.toISOString().replace("T", " ").slice(0, 16)} UTC. Open the item on a computer and scan its new QR code.`;
const tooManyPhotos = () =>
  `This item already has ${PHOTO_LIMITS.maxPhotosPerItem} photos, the most allowed. Delete one on the item page, then add more.`;
const MAX_MB = PHOTO_LIMITS.maxUploadBytes / (1024 * 1024);
const tooLarge = () => httpError(413, `The photo is larger than ${MAX_MB} MB, the most accepted per photo`);

/** A link is reused while it has at least this long left; otherwise a new one is made. */
const REUSE_MIN_LEFT_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const member = inventoryMember;

const ItemParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const HashParams = Type.Object(
  { hash: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const HashPhotoParams = Type.Object(
  { hash: Type.String({ minLength: 1, maxLength: 200 }), photoId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);
const PhotoParams = Type.Object(
  { photoId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);
const SizeQuery = Type.Object(
  { size: Type.Union([Type.Literal("full"), Type.Literal("thumb")], { default: "full" }) },
  { additionalProperties: false },
);
const LinkBody = Type.Object(
  {
    expiresInSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: PHOTO_LIMITS.linkTtlSeconds,
        description: "A shorter life than 24 hours; always makes a new link",
      }),
    ),
  },
  { additionalProperties: false },
);
const PhotoLinkSchema = Type.Object({ hash: Type.String(), url: Type.String(), expiresAt: Type.String() });
const LinkPhotoSchema = Type.Object({
  ref: Type.String(),
  id: Type.Union([Type.String(), Type.Null()]),
  url: Type.String(),
  thumbUrl: Type.String(),
});
const LinkViewSchema = Type.Object({
  itemId: Type.String(),
  title: Type.String(),
  photos: Type.Array(LinkPhotoSchema),
  expiresAt: Type.String(),
  maxPhotos: Type.Integer(),
  maxUploadBytes: Type.Integer(),
});
const UploadSchema = Type.Object({
  photo: Type.Intersect([LinkPhotoSchema, Type.Object({ width: Type.Integer(), height: Type.Integer() })]),
  photos: Type.Array(LinkPhotoSchema),
});

/** The item's photos as the holder of `hash` reaches them. */
function linkPhotos(hash: string, refs: readonly string[]): LinkPhoto[] {
  return refs.map((ref) => {
    const id = photoIdOf(ref);
    if (!id) return { ref, id: null, url: ref, thumbUrl: ref };
    const url = `/api/photo/${hash}/photos/${id}`;
    return { ref, id, url, thumbUrl: `${url}?size=thumb` };
  });
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

export async function photoRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const store = createFileStore(config);
  const linkKey = photoLinkKey(config.jwtSecret);
  const decoding = gate(2);

  if (config.jobsInProcess) {
    const runner = createPhotoCleanupRunner(app.ctx, store, app.log);
    app.addHook("onReady", async () => {
      await ensurePhotoCleanupScheduled(db, config.inventoryPhotoCleanupEveryMinutes);
      runner.start();
    });
    app.addHook("onClose", async () => runner.stop(3000));
  }

  await app.register(multipart, {
    limits: { fileSize: PHOTO_LIMITS.maxUploadBytes, files: 1, fields: 5, fieldSize: 200, parts: 6 },
  });

  const linkOf = (row: PhotoLinkRow): PhotoLink => {
    const hash = signPhotoLink(row.id, linkKey);
    return {
      hash,
      url: `${config.publicUrl}/take-inventory-photo/${hash}`,
      expiresAt: row.expiresAt.toISOString(),
    };
  };

  async function companyItem(tx: Db, companyId: string, itemId: string) {
    const item = await companyItemState(tx, companyId, itemId);
    if (!item || item.deletedAt) throw httpError(404, "Item not found in your company");
  }

  /** The row a hash names, still usable, with its item — or the 409 that says why not. */
  async function openLink(tx: Db, linkId: string, lock = false) {
    const row = await linkWithItem(tx, linkId, lock);
    if (!row) throw httpError(409, LINK_INVALID, { code: ERROR_CODES.LINK_CLOSED, reason: "invalid" });
    if (row.link.revokedAt)
      throw httpError(409, LINK_REVOKED, { code: ERROR_CODES.LINK_CLOSED, reason: "revoked" });
    if (row.link.expiresAt.getTime() <= Date.now())
      throw httpError(409, linkExpired(row.link.expiresAt), {
        code: ERROR_CODES.LINK_CLOSED,
        reason: "expired",
      });
    if (row.item.deletedAt)
      throw httpError(409, LINK_ITEM_GONE, { code: ERROR_CODES.LINK_CLOSED, reason: "item-deleted" });
    return row;
  }

  const linkIdOf = (hash: string) => {
    const id = readPhotoLink(hash, linkKey);
    if (!id) throw httpError(409, LINK_INVALID, { code: ERROR_CODES.LINK_CLOSED, reason: "invalid" });
    return id;
  };

  async function sendPhoto(reply: FastifyReply, request: FastifyRequest, photo: PhotoRow, size: string) {
    const key = size === "thumb" ? photo.thumbKey : photo.storageKey;
    const etag = `"${photo.id}-${size}"`;
    reply
      .header("etag", etag)
      .header("cache-control", "private, max-age=86400")
      .header("x-content-type-options", "nosniff");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    const stream = await store.get(key).catch(() => {
      throw httpError(404, "The stored photo is missing");
    });
    if (size !== "thumb") reply.header("content-length", String(photo.size));
    return reply.header("content-type", photo.contentType).send(stream);
  }

  // ---- signed in -------------------------------------------------------------------------

  app.post<{ Params: Static<typeof ItemParams>; Body: Static<typeof LinkBody> | undefined }>(
    "/api/inventory/items/:id/photo-link",
    {
      config: { auth: [] },
      schema: {
        tags: ["inventory"],
        summary: "A photo link (QR code) for one item: a phone adds photos with it, no sign-in, 24 hours",
        description:
          "Answers the item's current link when it has at least an hour left (200), else a new one (201). `url` opens /take-inventory-photo/{hash}. `expiresInSeconds` (1–86400) always makes a new, shorter link. Revoke with DELETE. See docs/warehouse.md.",
        params: ItemParams,
        body: LinkBody,
        response: { 200: PhotoLinkSchema, 201: PhotoLinkSchema, 404: ErrorBody },
      },
      // No body at all means no options.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      const itemId = request.params.id;
      const ttl = request.body?.expiresInSeconds;
      // The answer goes out after the commit, so the link works as soon as the caller has it.
      const out = await inventoryTx(db, scope.companyId, async (tx) => {
        await companyItem(tx, scope.companyId, itemId);
        if (ttl === undefined) {
          const current = await liveLinkUntil(
            tx,
            scope.companyId,
            itemId,
            new Date(Date.now() + REUSE_MIN_LEFT_MS),
          );
          if (current) return { status: 200, link: linkOf(current) };
        }
        const seconds = ttl ?? PHOTO_LIMITS.linkTtlSeconds;
        const row = await insertLink(tx, {
          companyId: scope.companyId,
          itemId,
          createdBy: scope.userId,
          expiresAt: new Date(Date.now() + seconds * 1000),
        });
        return { status: 201, link: linkOf(row) };
      });
      return reply.status(out.status).send(out.link);
    },
  );

  app.delete<{ Params: Static<typeof ItemParams> }>(
    "/api/inventory/items/:id/photo-link",
    {
      config: { auth: [] },
      schema: {
        tags: ["inventory"],
        summary: "Turn off every photo link of an item (their phones get 409 from now on)",
        params: ItemParams,
        response: { 204: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      // In the company's inventory transaction, so an upload running now finishes before or is refused after.
      await inventoryTx(db, scope.companyId, async (tx) => {
        await companyItem(tx, scope.companyId, request.params.id);
        await revokeLinks(tx, scope.companyId, request.params.id);
      });
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Static<typeof PhotoParams>; Querystring: Static<typeof SizeQuery> }>(
    "/api/inventory/photos/:photoId",
    {
      config: { auth: [] },
      schema: {
        tags: ["inventory"],
        summary: "A stored item photo (WebP); `size=thumb` for its thumbnail",
        description:
          "The references in an item's `photos` that start with /api/inventory/photos/ are these. Company members only; another company's photo is 404.",
        params: PhotoParams,
        querystring: SizeQuery,
        produces: ["image/webp"],
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      const photo = await companyPhoto(db, scope.companyId, request.params.photoId);
      if (!photo) throw httpError(404, "Photo not found in your company");
      return sendPhoto(reply, request, photo, request.query.size);
    },
  );

  // ---- with the link (no sign-in) --------------------------------------------------------

  app.get<{ Params: Static<typeof HashParams> }>(
    "/api/photo/:hash",
    {
      config: { auth: "public" },
      schema: {
        tags: ["inventory"],
        summary: "Photo link: the item's title and photos (no sign-in; the hash is the permission)",
        description: "Expired, revoked or forged links answer 409 with `reason`.",
        params: HashParams,
        response: { 200: LinkViewSchema, 409: ErrorBody },
      },
    },
    async (request): Promise<PhotoLinkView> => {
      const { hash } = request.params;
      const row = await openLink(db, linkIdOf(hash));
      return {
        itemId: row.item.id,
        title: row.item.title,
        photos: linkPhotos(hash, row.item.photos),
        expiresAt: row.link.expiresAt.toISOString(),
        maxPhotos: PHOTO_LIMITS.maxPhotosPerItem,
        maxUploadBytes: PHOTO_LIMITS.maxUploadBytes,
      };
    },
  );

  app.get<{ Params: Static<typeof HashPhotoParams>; Querystring: Static<typeof SizeQuery> }>(
    "/api/photo/:hash/photos/:photoId",
    {
      config: { auth: "public" },
      schema: {
        tags: ["inventory"],
        summary: "Photo link: one of the item's photos (WebP); `size=thumb` for its thumbnail",
        params: HashPhotoParams,
        querystring: SizeQuery,
        produces: ["image/webp"],
        response: { 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const row = await openLink(db, linkIdOf(request.params.hash));
      const photoId = request.params.photoId.toLowerCase();
      // Only the photos the item shows now (not one the seller deleted).
      if (!row.item.photos.some((ref) => photoIdOf(ref) === photoId)) throw httpError(404, "Photo not found");
      const photo = await itemPhoto(db, row.item.id, photoId);
      if (!photo) throw httpError(404, "Photo not found");
      return sendPhoto(reply, request, photo, request.query.size);
    },
  );

  app.post<{ Params: Static<typeof HashParams> }>(
    "/api/photo/:hash",
    {
      config: { auth: "public" },
      schema: {
        tags: ["inventory"],
        summary: "Photo link: add a photo to the item (multipart `file`; no sign-in)",
        description: `One image per request, at most ${MAX_MB} MB, decoded to check it is one (JPEG, PNG, WebP, AVIF, GIF, TIFF; not SVG), at most ${PHOTO_LIMITS.maxInputPixels / 1_000_000} megapixels; stored as WebP at most ${PHOTO_LIMITS.storedLongSide} px on its long side, upright, without EXIF (no location), with a thumbnail. An item holds at most ${PHOTO_LIMITS.maxPhotosPerItem} photos. Send an \`Idempotency-Key\` header (e.g. a UUID per photo): a replay answers the first result (200, \`Idempotent-Replayed: true\`) and adds nothing, even after the link expired; the same key with other bytes is 422. 201 with the photo and the item's photos. Expired, revoked or forged links answer 409.`,
        consumes: ["multipart/form-data"],
        params: HashParams,
        response: {
          200: UploadSchema,
          201: UploadSchema,
          400: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const linkId = linkIdOf(hash);
      const header = request.headers["idempotency-key"];
      const idemKey = Array.isArray(header) ? header[0] : header;
      if (idemKey !== undefined && !KEY_PATTERN.test(idemKey)) {
        throw httpError(400, "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces");
      }
      if (!request.isMultipart()) {
        throw httpError(415, 'Send the photo as multipart/form-data with a "file" field');
      }
      let input: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") throw httpError(400, `Invalid upload: unknown field "${part.fieldname}"`);
          if (part.fieldname !== "file") {
            part.file.resume();
            throw httpError(400, `Invalid upload: unknown file field "${part.fieldname}" (use "file")`);
          }
          if (input) throw httpError(400, "Send one photo per upload");
          input = await part.toBuffer();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
        if (code === "FST_FILES_LIMIT") throw httpError(400, "Send one photo per upload");
        if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
          throw httpError(400, "Too many form fields");
        if (typeof (err as { statusCode?: unknown }).statusCode !== "number")
          throw httpError(400, "The upload was incomplete or malformed; please try again");
        throw err;
      }
      const bytes = input as Buffer | null;
      if (!bytes) throw httpError(400, 'Invalid upload: "file" is required');
      const sourceSha256 = sha256(bytes);

      /** The answer already given for this key, when this is a replay. */
      const replayOf = async (tx: Db): Promise<PhotoUploadResult | null> => {
        if (idemKey === undefined) return null;
        const done = await photoByKey(tx, linkId, idemKey);
        if (!done) return null;
        if (done.photo.sourceSha256 !== sourceSha256)
          throw httpError(422, KEY_REUSED_MESSAGE, { code: ERROR_CODES.KEY_REUSED });
        const [photo] = linkPhotos(hash, [photoRef(done.photo.id)]) as [LinkPhoto];
        return {
          photo: { ...photo, width: done.photo.width, height: done.photo.height },
          photos: linkPhotos(hash, done.photos),
        };
      };
      const replayed = (body: PhotoUploadResult) =>
        reply.status(200).header("idempotent-replayed", "true").send(body);

      // A replay of an upload that went through answers its result, even if the link has lapsed since.
      const earlier = await replayOf(db);
      if (earlier) return replayed(earlier);
      const link = (await openLink(db, linkId)).link;
      const photo = await decoding(() => processPhoto(bytes));
      const [image, thumb] = [
        await store.put(Readable.from([photo.image])),
        await store.put(Readable.from([photo.thumb])),
      ];
      const photoId = uuidv7();
      const out = await inventoryTx(db, link.companyId, async (tx) => {
        const again = await replayOf(tx);
        if (again) return { status: 200, body: again };
        const { item } = await openLink(tx, linkId, true);
        // The store keeps identical bytes once: the cleanup may have deleted these very files (an
        // earlier photo's) since the put. Under the keys' locks they are there, or stored again.
        await lockFileKeys(tx, [image.key, thumb.key]);
        if (!(await store.exists(image.key))) await store.put(Readable.from([photo.image]));
        if (!(await store.exists(thumb.key))) await store.put(Readable.from([photo.thumb]));
        if ((await lockedPhotoCount(tx, item.id)) >= PHOTO_LIMITS.maxPhotosPerItem)
          throw httpError(422, tooManyPhotos());
        const photos = await addItemPhoto(
          tx,
          {
            id: photoId,
            companyId: link.companyId,
            itemId: item.id,
            linkId,
            idempotencyKey: idemKey ?? null,
            sourceSha256,
            storageKey: image.key,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            size: image.size,
            thumbKey: thumb.key,
            thumbWidth: photo.thumbWidth,
            thumbHeight: photo.thumbHeight,
          },
          photoRef(photoId),
        );
        const [added] = linkPhotos(hash, [photoRef(photoId)]) as [LinkPhoto];
        const body: PhotoUploadResult = {
          photo: { ...added, width: photo.width, height: photo.height },
          photos: linkPhotos(hash, photos),
        };
        return { status: 201, body };
      }).catch(async (err) => {
        // Refused (too many photos, link turned off meanwhile): the files stored above serve nothing.
        await db
          .transaction((t) => deleteUnusedFiles(t as unknown as Db, store, [image.key, thumb.key]))
          .catch((e) => request.log.warn({ err: e }, "could not remove the files of a refused photo"));
        throw err;
      });
      if (out.status === 200) return replayed(out.body);
      return reply.status(201).send(out.body);
    },
  );
}
