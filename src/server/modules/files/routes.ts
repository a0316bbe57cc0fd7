import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import { and, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { PageLineItem } from "../../../domain/line-items";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import {
  companies,
  extractionPages,
  extractionResults,
  jobs,
  properties,
  statementFiles,
} from "../../db/schema";
import { ExtractionCrash } from "../../extraction/pool";
import type { PageImageOutcome } from "../../extraction/types";
import { enqueue } from "../../jobs/queue";
import { httpError } from "../../plugins/errors";
import type { StagedFile } from "../../storage";
import { eventsRoute } from "./events-route";
import { EXTRACT_JOB, setFileStatus } from "./extraction-job";
import { extractionSummary } from "./extraction-summary";
import {
  DOCUMENT_TYPES,
  type DocumentType,
  ErrorResponse,
  ExtractionResponse,
  FileStatusSchema,
  IdParams,
  PageImageQuery,
  PageParams,
  StaffList,
  StatementFile,
  UploadResponse,
} from "./schemas";
import { createFileServices, type FileServices } from "./services";
import { CONTENT_TYPES, type FileKind, sniffKind, UNSUPPORTED_TYPE_MESSAGE } from "./sniff";

type FileRow = typeof statementFiles.$inferSelect;

function toApi(row: FileRow) {
  return {
    id: row.id,
    fileName: row.fileName,
    bblId: row.propertyId,
    companyId: row.companyId,
    documentType: row.documentType as DocumentType,
    statementYear: row.statementYear,
    contentType: row.contentType,
    kind: row.kind,
    size: row.size,
    sha256: row.sha256,
    status: row.status,
    failureReason: row.failureReason,
    pageCount: row.pageCount,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const BUSY = ["queued", "extracting"];
const SPREADSHEETS = new Set(["xlsx", "xls", "csv"]);
export const SPREADSHEET_NO_IMAGE = "Spreadsheets have no page image; see the extracted rows";
export const PAGE_RENDER_FAILED =
  "This page could not be shown: the file is damaged or too complex to draw. Download the file to view it.";
const pagesMessage = (n: number) => `This file has ${n} ${n === 1 ? "page" : "pages"}`;
const UPLOAD_FIELDS = new Set(["bblId", "documentType", "statementYear"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name safe to show and to send back in Content-Disposition. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== "\u007f" && ch !== '"')
    .join("")
    .trim()
    .slice(0, 200);
  return cleaned || "statement";
}

function isStaff(request: FastifyRequest): boolean {
  return !!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN]);
}

/**
 * Statement files: upload (streamed, typed by content, stored by hash), lists, download,
 * re-OCR and extraction results. See docs/files.md.
 */
export async function fileRoutes(app: FastifyInstance) {
  const services: FileServices = createFileServices(app.ctx, app.log, {
    runJobs: app.ctx.config.jobsInProcess,
  });
  const { db, config } = app.ctx;
  app.addHook("onReady", async () => services.runner?.start());
  app.addHook("onClose", async () => services.close());

  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: 1,
      fields: 10,
      fieldSize: 1000,
      parts: 12,
      headerPairs: 100,
    },
  });
  await app.register(eventsRoute, { bus: services.bus });

  const maxMb = Math.round(config.maxUploadBytes / (1024 * 1024));
  const tooLarge = () => httpError(413, `The file is larger than ${maxMb} MB, the most accepted per file`);

  /** A file the caller may see: their company's (not deleted); staff see every file. */
  async function visibleFile(request: FastifyRequest, id: string): Promise<FileRow> {
    const [row] = await db.select().from(statementFiles).where(eq(statementFiles.id, id));
    if (row && isStaff(request)) return row;
    if (!row || row.deletedAt) throw httpError(404, "File not found");
    const scope = await request.companyScope();
    if (row.companyId !== scope.companyId) throw httpError(404, "File not found");
    return row;
  }

  async function queueExtraction(file: FileRow): Promise<boolean> {
    const jobId = await enqueue(db, {
      kind: EXTRACT_JOB,
      key: `extract:${file.id}`,
      payload: { fileId: file.id },
    });
    if (!jobId) return false;
    await setFileStatus({ db, bus: services.bus }, file.id, "queued");
    services.wake();
    return true;
  }

  app.post(
    "/api/file/upload",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "Upload a statement file (multipart/form-data)",
        description: `Fields: \`file\` (the document; one per request, at most ${maxMb} MB), \`bblId\` (property id), \`documentType\` (${DOCUMENT_TYPES.join(", ")}), \`statementYear\` (optional, 1900–2099). The type is decided from the content: PDF, PNG, JPEG, TIFF, HEIC, XLSX, XLS or CSV. The same bytes uploaded again by the same company answer 200 with the earlier record and \`duplicate: true\`. Extraction is queued at once; follow it on GET /api/events.`,
        consumes: ["multipart/form-data"],
        response: {
          200: UploadResponse,
          201: UploadResponse,
          400: ErrorResponse,
          404: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw httpError(415, "Send the file as multipart/form-data");
      const scope = await request.companyScope();
      const fields: Record<string, string> = {};
      let staged: StagedFile | null = null;
      let fileName = "";
      try {
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              if (part.fieldname !== "file") {
                part.file.resume();
                throw httpError(400, `Invalid upload: unknown file field "${part.fieldname}" (use "file")`);
              }
              if (staged) throw httpError(400, "Send one file per upload");
              fileName = cleanFileName(part.filename);
              staged = await services.store.stage(part.file, { maxBytes: config.maxUploadBytes });
              if (staged.truncated || part.file.truncated) throw tooLarge();
            } else {
              if (!UPLOAD_FIELDS.has(part.fieldname)) {
                throw httpError(400, `Invalid upload: unknown field "${part.fieldname}"`);
              }
              fields[part.fieldname] = String(part.value ?? "").trim();
            }
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
          if (code === "FST_FILES_LIMIT") throw httpError(400, "Send one file per upload");
          if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
            throw httpError(400, "Too many form fields");
          if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || code === "FST_NO_FORM_DATA")
            throw httpError(400, "Send the file as multipart/form-data");
          if (typeof (err as { statusCode?: unknown }).statusCode !== "number") {
            // A malformed multipart body (e.g. cut off): the client's fault.
            throw httpError(400, "The upload was incomplete or malformed; please try again");
          }
          throw err;
        }
        const file = staged as StagedFile | null;
        if (!file) throw httpError(400, 'Invalid upload: "file" is required');
        if (file.size === 0) throw httpError(400, "The file is empty (0 bytes)");
        const kind = sniffKind(file.head);
        if (!kind) throw httpError(415, UNSUPPORTED_TYPE_MESSAGE);
        const bblId = fields.bblId ?? "";
        if (!bblId) throw httpError(400, 'Invalid upload: "bblId" is required');
        if (!UUID.test(bblId)) throw httpError(400, 'Invalid upload: "bblId" must be a property id');
        const documentType = fields.documentType ?? "";
        if (!documentType) throw httpError(400, 'Invalid upload: "documentType" is required');
        if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
          throw httpError(400, `Invalid upload: "documentType" must be one of ${DOCUMENT_TYPES.join(", ")}`);
        }
        let statementYear: number | null = null;
        if (fields.statementYear) {
          if (
            !/^\d{4}$/.test(fields.statementYear) ||
            Number(fields.statementYear) < 1900 ||
            Number(fields.statementYear) > 2099
          ) {
            throw httpError(400, 'Invalid upload: "statementYear" must be a year between 1900 and 2099');
          }
          statementYear = Number(fields.statementYear);
        }
        const [property] = await db
          .select({ id: properties.id })
          .from(properties)
          .where(
            and(
              eq(properties.id, bblId),
              eq(properties.companyId, scope.companyId),
              isNull(properties.deletedAt),
            ),
          );
        if (!property) throw httpError(404, "Property not found");

        const [existing] = await db
          .select()
          .from(statementFiles)
          .where(
            and(
              eq(statementFiles.companyId, scope.companyId),
              eq(statementFiles.propertyId, bblId),
              eq(statementFiles.sha256, file.sha256),
              isNull(statementFiles.deletedAt),
            ),
          )
          .limit(1);
        if (existing) {
          await file.discard();
          return reply.status(200).send({ ...toApi(existing), duplicate: true });
        }
        const stored = await services.store.commit(file);
        staged = null;
        const [row] = await db
          .insert(statementFiles)
          .values({
            id: uuidv7(),
            companyId: scope.companyId,
            propertyId: bblId,
            uploadedBy: scope.userId,
            fileName,
            contentType: CONTENT_TYPES[kind],
            kind,
            size: stored.size,
            sha256: stored.sha256,
            storageKey: stored.key,
            documentType,
            statementYear,
            status: "uploaded",
          })
          .returning();
        if (!row) throw new Error("insert returned nothing");
        await queueExtraction(row);
        const [fresh] = await db.select().from(statementFiles).where(eq(statementFiles.id, row.id));
        return reply.status(201).send({ ...toApi(fresh ?? row), duplicate: false });
      } finally {
        await (staged as StagedFile | null)?.discard();
      }
    },
  );

  const CompanyQuery = Type.Object(
    {
      bblId: Type.Optional(Type.String({ format: "uuid" })),
      status: Type.Optional(FileStatusSchema),
    },
    { additionalProperties: false },
  );
  app.get<{ Querystring: Static<typeof CompanyQuery> }>(
    "/api/file/company",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "The active company's statement files, newest first",
        querystring: CompanyQuery,
        response: { 200: Type.Array(StatementFile) },
      },
    },
    async (request) => {
      const scope = await request.companyScope();
      const where: SQL[] = [eq(statementFiles.companyId, scope.companyId), isNull(statementFiles.deletedAt)];
      if (request.query.bblId) where.push(eq(statementFiles.propertyId, request.query.bblId));
      if (request.query.status) where.push(eq(statementFiles.status, request.query.status));
      const rows = await db
        .select()
        .from(statementFiles)
        .where(and(...where))
        .orderBy(desc(statementFiles.createdAt))
        .limit(1000);
      return rows.map(toApi);
    },
  );

  const StaffQuery = Type.Object(
    {
      status: Type.Optional(FileStatusSchema),
      companyId: Type.Optional(Type.String({ format: "uuid" })),
      includeDeleted: Type.Optional(Type.Boolean({ default: false })),
      page: Type.Integer({ minimum: 0, default: 0 }),
      rowsPerPage: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    },
    { additionalProperties: false },
  );
  app.get<{ Querystring: Static<typeof StaffQuery> }>(
    "/api/file",
    {
      config: { auth: [ROLES.SUPER_ADMIN] },
      schema: {
        tags: ["files"],
        summary: "Staff: statement files of every company, filtered by status",
        querystring: StaffQuery,
        response: { 200: StaffList },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (!q.includeDeleted) where.push(isNull(statementFiles.deletedAt));
      if (q.status) where.push(eq(statementFiles.status, q.status));
      if (q.companyId) where.push(eq(statementFiles.companyId, q.companyId));
      const cond = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ file: statementFiles, companyName: companies.name })
          .from(statementFiles)
          .innerJoin(companies, eq(companies.id, statementFiles.companyId))
          .where(cond)
          .orderBy(desc(statementFiles.createdAt))
          .limit(q.rowsPerPage)
          .offset(q.page * q.rowsPerPage),
        db.select({ n: count() }).from(statementFiles).where(cond),
      ]);
      return {
        items: rows.map((r) => ({
          ...toApi(r.file),
          companyName: r.companyName,
          deletedAt: r.file.deletedAt?.toISOString() ?? null,
        })),
        total: Number(total?.n ?? 0),
        page: q.page,
        rowsPerPage: q.rowsPerPage,
      };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/file/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "One statement file",
        params: IdParams,
        response: { 200: StatementFile, 404: ErrorResponse },
      },
    },
    async (request) => toApi(await visibleFile(request, request.params.id)),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/file/download/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "Download the original file (binary, as uploaded)",
        params: IdParams,
        response: { 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await visibleFile(request, request.params.id);
      const stream = await services.store.get(file.storageKey).catch(() => {
        throw httpError(404, "The stored file is missing");
      });
      const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_");
      return reply
        .header("content-type", file.contentType)
        .header("content-length", String(file.size))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(stream);
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    "/api/file/re-ocr/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "Run text extraction and OCR again for one file",
        description: "Refused with 409 while the file is queued or being extracted.",
        params: IdParams,
        response: { 202: StatementFile, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await visibleFile(request, request.params.id);
      if (file.deletedAt) throw httpError(404, "File not found");
      const busy = () => httpError(409, "This file is already being extracted; wait until it finishes");
      if (BUSY.includes(file.status)) throw busy();
      if (!(await queueExtraction(file))) throw busy();
      const [fresh] = await db.select().from(statementFiles).where(eq(statementFiles.id, file.id));
      return reply.status(202).send(toApi(fresh ?? file));
    },
  );

  const ReOcrAllQuery = Type.Object(
    {
      status: Type.Optional(
        Type.Union([Type.Literal("failed"), Type.Literal("extracted"), Type.Literal("uploaded")]),
      ),
    },
    { additionalProperties: false },
  );
  app.post<{ Querystring: Static<typeof ReOcrAllQuery> }>(
    "/api/file/re-ocr-all",
    {
      config: { auth: [ROLES.SUPER_ADMIN] },
      schema: {
        tags: ["files"],
        summary: "Staff: run extraction again for every file (optionally only those in one status)",
        description: "Files already queued or being extracted are left alone.",
        querystring: ReOcrAllQuery,
        response: { 202: Type.Object({ queued: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const where: SQL[] = [isNull(statementFiles.deletedAt), notInArray(statementFiles.status, BUSY)];
      if (request.query.status) where.push(eq(statementFiles.status, request.query.status));
      const rows = await db
        .select()
        .from(statementFiles)
        .where(and(...where));
      let queued = 0;
      for (const row of rows) if (await queueExtraction(row)) queued++;
      return reply.status(202).send({ queued });
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/file/:id/extraction",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "Extracted text per page and the line items found",
        description: "Pages and line items are empty until the status is `extracted`.",
        params: IdParams,
        response: { 200: ExtractionResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const file = await visibleFile(request, request.params.id);
      const [pages, [result]] = await Promise.all([
        db
          .select()
          .from(extractionPages)
          .where(eq(extractionPages.fileId, file.id))
          .orderBy(extractionPages.number),
        db.select().from(extractionResults).where(eq(extractionResults.fileId, file.id)),
      ]);
      const lineItems = (result?.lineItems ?? []) as PageLineItem[];
      return {
        status: file.status,
        failureReason: file.failureReason,
        pages: pages.map((p) => ({ number: p.number, text: p.text, source: p.source, name: p.name })),
        lineItems,
        ...extractionSummary(result?.layout, lineItems, file.statementYear),
        notes: (result?.notes ?? []) as string[],
      };
    },
  );

  app.get<{ Params: Static<typeof PageParams>; Querystring: Static<typeof PageImageQuery> }>(
    "/api/file/:id/pages/:n",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "An image of one page (for the file preview)",
        description:
          'WebP image of page `n` (from 1) of a PDF or image file, `width` pixels wide (default 1200, at most 1600). PDFs are rendered in a worker thread, images converted (HEIC too). Spreadsheets have no page image (404); a page past the end answers 404 "This file has N pages"; a file that cannot be drawn answers 422. Line item boxes from GET /api/file/{id}/extraction are fractions of this image.',
        params: PageParams,
        querystring: PageImageQuery,
        produces: ["image/webp"],
        response: {
          200: Type.Unsafe<Buffer>({ type: "string", format: "binary", description: "image/webp" }),
          404: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await visibleFile(request, request.params.id);
      const n = request.params.n;
      const width = request.query.width;
      if (SPREADSHEETS.has(file.kind)) throw httpError(404, SPREADSHEET_NO_IMAGE);
      if (file.status === "extracted" && file.pageCount && n > file.pageCount) {
        throw httpError(404, pagesMessage(file.pageCount));
      }
      // The bytes behind a file id never change (content-addressed), so the image is cacheable.
      const etag = `"${file.sha256.slice(0, 32)}-p${n}-w${width}"`;
      const cacheControl = "private, max-age=86400";
      if (request.headers["if-none-match"] === etag) {
        return reply.status(304).header("etag", etag).header("cache-control", cacheControl).send();
      }
      const copy = await services.store.localCopy(file.storageKey).catch(() => {
        throw httpError(404, "The stored file is missing");
      });
      let outcome: PageImageOutcome;
      try {
        outcome = await services
          .previewPool()
          .renderPage({ path: copy.path, kind: file.kind as FileKind, page: n, width });
      } catch (err) {
        // A crashed, timed-out or failing thread: the file is the likely cause; the API carries on.
        request.log.warn(
          { err, fileId: file.id, page: n, crash: err instanceof ExtractionCrash },
          "page image failed",
        );
        throw httpError(422, PAGE_RENDER_FAILED);
      } finally {
        await copy.release();
      }
      if (!outcome.ok) {
        if (outcome.problem === "out-of-range") throw httpError(404, pagesMessage(outcome.pageCount));
        throw httpError(422, outcome.reason);
      }
      return reply
        .header("content-type", outcome.contentType)
        .header("cache-control", cacheControl)
        .header("etag", etag)
        .header("x-content-type-options", "nosniff")
        .header("x-page-count", String(outcome.pageCount))
        .header("x-image-width", String(outcome.width))
        .header("x-image-height", String(outcome.height))
        .send(Buffer.from(outcome.image.buffer, outcome.image.byteOffset, outcome.image.byteLength));
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    "/api/file/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "Delete a file before review",
        description:
          "Removes the file from the company's lists; staff can still download it (records are kept for 7 years). A queued extraction is cancelled.",
        params: IdParams,
        response: { 204: Type.Null(), 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const scope = await request.companyScope();
      const [row] = await db
        .update(statementFiles)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(statementFiles.id, request.params.id),
            eq(statementFiles.companyId, scope.companyId),
            isNull(statementFiles.deletedAt),
          ),
        )
        .returning({ id: statementFiles.id });
      if (!row) throw httpError(404, "File not found");
      await db
        .update(jobs)
        .set({ status: "done", lastError: "file deleted", updatedAt: sql`now()` })
        .where(and(eq(jobs.key, `extract:${row.id}`), inArray(jobs.status, ["queued"])));
      return reply.status(204).send();
    },
  );
}
