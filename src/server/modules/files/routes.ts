import multipart from "@fastify/multipart";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { PageLineItem } from "../../../domain/line-items";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { startOcr } from "../../extraction/ocr-setup";
import { ExtractionCrash } from "../../extraction/pool";
import type { PageImageOutcome } from "../../extraction/types";
import { ErrorBody, httpError } from "../../plugins/errors";
import { eventsRoute } from "./events-route";
import { extractionSummary } from "./extraction-summary";
import {
  DOCUMENT_TYPES,
  ExtractionResponse,
  FileStatusSchema,
  IdParams,
  PageImageQuery,
  PageParams,
  StaffList,
  StatementFile,
  UploadResponse,
} from "./schemas";
import { sendDownload } from "./send-file";
import { createFileServices, type FileServices } from "./services";
import { CONTENT_TYPES, type FileKind } from "./sniff";
import {
  allFiles,
  BUSY,
  companyFiles,
  companyHasProperty,
  deleteFile,
  extractionOf,
  type FileRow,
  fileById,
  filesToExtractAgain,
  fileToApi,
  findSameUpload,
  insertFile,
} from "./store";
import { keepOrDiscard, readUpload } from "./upload";

const SPREADSHEETS = new Set(["xlsx", "xls", "csv"]);
export const SPREADSHEET_NO_IMAGE = "Spreadsheets have no page image; see the extracted rows";
const PAGE_RENDER_FAILED =
  "This page could not be shown: the file is damaged or too complex to draw. Download the file to view it.";
const pagesMessage = (n: number) => `This file has ${n} ${n === 1 ? "page" : "pages"}`;
function isStaff(request: FastifyRequest): boolean {
  return !!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN]);
}

/**
 * Statement files: upload (streamed, typed by content, stored by hash), lists, download,
 * re-OCR and extraction results. See docs/files.md.
 */
export async function fileRoutes(app: FastifyInstance) {
  const runJobs = app.ctx.config.jobsInProcess;
  // Where extraction runs here, its OCR engine is chosen now: a start-up error, not a failed job.
  const ocr = runJobs ? await startOcr(app.ctx.config.ocr, app.log) : undefined;
  const services: FileServices = createFileServices(app.ctx, app.log, { runJobs, ocr });
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
  await app.register(eventsRoute, {});

  const maxMb = Math.round(config.maxUploadBytes / (1024 * 1024));

  /** A file the caller may see: their company's (not deleted); staff see every file. */
  async function visibleFile(request: FastifyRequest, id: string): Promise<FileRow> {
    const row = await fileById(db, id);
    if (row && isStaff(request)) return row;
    if (!row || row.deletedAt) throw httpError(404, "File not found");
    const scope = await request.companyScope();
    if (row.companyId !== scope.companyId) throw httpError(404, "File not found");
    return row;
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
          400: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw httpError(415, "Send the file as multipart/form-data");
      const scope = await request.companyScope();
      const upload = await readUpload(request, services.store, config.maxUploadBytes);
      return keepOrDiscard(services.store, upload.file, async (keep) => {
        if (!(await companyHasProperty(db, scope.companyId, upload.propertyId)))
          throw httpError(404, "Property not found");
        const existing = await findSameUpload(db, {
          companyId: scope.companyId,
          propertyId: upload.propertyId,
          sha256: upload.file.sha256,
        });
        if (existing) return reply.status(200).send({ ...fileToApi(existing), duplicate: true });
        const stored = await keep();
        const row = await insertFile(db, {
          companyId: scope.companyId,
          propertyId: upload.propertyId,
          uploadedBy: scope.userId,
          fileName: upload.fileName,
          contentType: CONTENT_TYPES[upload.kind],
          kind: upload.kind,
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          documentType: upload.documentType,
          statementYear: upload.statementYear,
        });
        await services.queueExtraction(row.id);
        return reply
          .status(201)
          .send({ ...fileToApi((await fileById(db, row.id)) ?? row), duplicate: false });
      });
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
      const { bblId, status } = request.query;
      return (await companyFiles(db, scope.companyId, { propertyId: bblId, status })).map(fileToApi);
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
      const { rows, total } = await allFiles(db, q);
      return {
        items: rows.map((r) => ({
          ...fileToApi(r.file),
          companyName: r.companyName,
          deletedAt: r.file.deletedAt?.toISOString() ?? null,
        })),
        total,
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
        response: { 200: StatementFile, 404: ErrorBody },
      },
    },
    async (request) => fileToApi(await visibleFile(request, request.params.id)),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/file/download/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "Download the original file (binary, as uploaded)",
        params: IdParams,
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const file = await visibleFile(request, request.params.id);
      const stream = await services.store.get(file.storageKey).catch(() => {
        throw httpError(404, "The stored file is missing");
      });
      return sendDownload(reply, stream, file);
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
        response: { 202: StatementFile, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const file = await visibleFile(request, request.params.id);
      if (file.deletedAt) throw httpError(404, "File not found");
      const busy = () => httpError(409, "This file is already being extracted; wait until it finishes");
      if (BUSY.includes(file.status)) throw busy();
      if (!(await services.queueExtraction(file.id))) throw busy();
      return reply.status(202).send(fileToApi((await fileById(db, file.id)) ?? file));
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
      let queued = 0;
      for (const row of await filesToExtractAgain(db, request.query.status))
        if (await services.queueExtraction(row.id)) queued++;
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
        response: { 200: ExtractionResponse, 404: ErrorBody },
      },
    },
    async (request) => {
      const file = await visibleFile(request, request.params.id);
      const { pages, result } = await extractionOf(db, file.id);
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
          404: ErrorBody,
          422: ErrorBody,
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
        response: { 204: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await request.companyScope();
      if (!(await deleteFile(db, request.params.id, scope.companyId))) throw httpError(404, "File not found");
      return reply.status(204).send();
    },
  );
}
