import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { ERROR_CODES } from "../../../domain/errors";
import { FILING_KIND_LABELS, type FilingKind } from "../../../domain/filing";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { filings, properties, statementFiles } from "../../db/schema";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import type { FileStore } from "../../storage";
import { isUniqueViolation } from "../auth/db-errors";
import { documentToApi, findFiledDocument, listFiledDocuments } from "./documents";
import {
  addEvent,
  FILING_NOT_FOUND,
  filingApi,
  filingsToApi,
  lockFiling,
  moveFiling,
  selectFilings,
} from "./filings";
import { findInvoice } from "./invoices";
import { acceptQuote } from "./quotes";
import {
  AcceptResponse,
  AnswerBody,
  CreateFilingBody,
  DocumentParams,
  FilingDocuments,
  FilingSchema,
  IdParams,
  OwnerListQuery,
  PenaltyRemovalBody,
  VersionBody,
} from "./schemas";

const PROPERTY_NOT_FOUND = "Property not found";

/**
 * What an owner (any member of the active company) does with filings: list them with their
 * timeline, open one, start an RPIE filing or a penalty-removal request, say documents are
 * uploaded, answer a question, accept a quote. Everything is scoped to request.companyScope().
 */
export async function ownerFilingRoutes(app: FastifyInstance, opts: { store: FileStore }) {
  const { db } = app.ctx;

  /** The filing's id when the caller may see it: staff any, everyone else their active company's (else 404). */
  async function visibleFiling(request: FastifyRequest, id: string): Promise<string> {
    const staff = !!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN]);
    const companyId = staff ? undefined : (await request.companyScope()).companyId;
    const [row] = await db
      .select({ id: filings.id })
      .from(filings)
      .where(companyId ? and(eq(filings.id, id), eq(filings.companyId, companyId)) : eq(filings.id, id));
    if (!row) throw httpError(404, FILING_NOT_FOUND);
    return row.id;
  }

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/filings/:id/documents",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary:
          "What was filed: the worksheet PDF, CSV, XLSX and TC309 checklist kept when the filing was marked filed",
        description: "Empty until the filing is filed. Another company's filing answers 404 (staff see any).",
        params: IdParams,
        response: { 200: FilingDocuments, 404: ErrorBody },
      },
    },
    async (request) => {
      const id = await visibleFiling(request, request.params.id);
      return { items: (await listFiledDocuments(db, id)).map(documentToApi) };
    },
  );

  app.get<{ Params: Static<typeof DocumentParams> }>(
    "/api/filings/:id/documents/:name",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "Download one document of what was filed (attachment)",
        params: DocumentParams,
        produces: [
          "application/pdf",
          "text/csv",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ],
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const id = await visibleFiling(request, request.params.id);
      const doc = await findFiledDocument(db, id, request.params.name);
      const body = await opts.store.get(doc.storageKey);
      return reply
        .type(doc.contentType)
        .header("content-length", doc.size)
        .header("content-disposition", `attachment; filename="${doc.name}"`)
        .header("cache-control", "private, no-cache")
        .send(body);
    },
  );

  async function ownProperty(companyId: string, propertyId: string) {
    const [p] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(eq(properties.id, propertyId), eq(properties.companyId, companyId), isNull(properties.deletedAt)),
      );
    if (!p) throw httpError(404, PROPERTY_NOT_FOUND);
  }

  async function insertFiling(
    values: { companyId: string; propertyId: string; year: number; kind: FilingKind; createdBy: string },
    extra: { state: "documents_requested" | "documents_received"; reason?: string; noticeFileId?: string },
  ) {
    const id = uuidv7();
    const now = new Date();
    try {
      await db.transaction(async (tx) => {
        await tx
          .insert(filings)
          .values({ id, ...values, ...extra, stateChangedAt: now, createdAt: now, updatedAt: now });
        await addEvent(tx, {
          filingId: id,
          actorId: values.createdBy,
          actorRole: "owner",
          type: "created",
          toState: extra.state,
          message: extra.reason ?? null,
          at: now,
        });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const [existing] = await db
        .select({ id: filings.id })
        .from(filings)
        .where(
          and(
            eq(filings.companyId, values.companyId),
            eq(filings.propertyId, values.propertyId),
            eq(filings.year, values.year),
            eq(filings.kind, values.kind),
          ),
        );
      throw httpError(
        409,
        `This property already has a ${FILING_KIND_LABELS[values.kind].toLowerCase()} filing for ${values.year}`,
        { filingId: existing?.id ?? null },
      );
    }
    return id;
  }

  app.get<{ Querystring: Static<typeof OwnerListQuery> }>(
    "/api/filings",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "My active company's filings, each with its timeline (events), quote and invoice",
        querystring: OwnerListQuery,
        response: { 200: Type.Array(FilingSchema) },
      },
    },
    async (request) => {
      const { companyId } = await request.companyScope();
      const where: SQL[] = [eq(filings.companyId, companyId)];
      if (request.query.propertyId) where.push(eq(filings.propertyId, request.query.propertyId));
      if (request.query.year) where.push(eq(filings.year, request.query.year));
      if (request.query.kind) where.push(eq(filings.kind, request.query.kind));
      const rows = await selectFilings(db, and(...where)).orderBy(
        desc(filings.year),
        desc(filings.createdAt),
      );
      return filingsToApi(db, rows, { actor: "owner", drafts: false });
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/filings/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "One filing of my active company",
        params: IdParams,
        response: { 200: FilingSchema, 404: ErrorBody },
      },
    },
    async (request) => {
      const { companyId } = await request.companyScope();
      const rows = await selectFilings(
        db,
        and(eq(filings.id, request.params.id), eq(filings.companyId, companyId)),
      );
      if (!rows[0]) throw httpError(404, FILING_NOT_FOUND);
      const [api] = await filingsToApi(db, rows, { actor: "owner", drafts: false });
      return api;
    },
  );

  app.post<{ Body: Static<typeof CreateFilingBody> }>(
    "/api/filings",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["filing"],
        summary: "Start the RPIE filing of a property for a year (documents requested)",
        description: "One per property, year and kind: a second answers 409 with `filingId` of the first.",
        body: CreateFilingBody,
        response: { 201: FilingSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = await request.companyScope();
      await ownProperty(companyId, request.body.propertyId);
      const id = await insertFiling(
        {
          companyId,
          propertyId: request.body.propertyId,
          year: request.body.year,
          kind: "rpie",
          createdBy: userId,
        },
        { state: "documents_requested" },
      );
      return reply.status(201).send(await filingApi(db, id, "owner", false));
    },
  );

  app.post<{ Body: Static<typeof PenaltyRemovalBody> }>(
    "/api/filings/penalty-removal",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["filing"],
        summary: "Ask for a penalty to be removed: property, year, reason and the uploaded penalty notice",
        description:
          "Upload the notice first (POST /api/file/upload for the property), then send its file id here. " +
          "The request enters the filing pipeline as kind `penalty_removal` with its documents received.",
        body: PenaltyRemovalBody,
        response: { 201: FilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = await request.companyScope();
      const { propertyId, year, noticeFileId } = request.body;
      const reason = request.body.reason.trim();
      if (!reason) throw httpError(400, "Say why the penalty should be removed");
      await ownProperty(companyId, propertyId);
      const [file] = await db
        .select({ id: statementFiles.id, propertyId: statementFiles.propertyId })
        .from(statementFiles)
        .where(
          and(
            eq(statementFiles.id, noticeFileId),
            eq(statementFiles.companyId, companyId),
            isNull(statementFiles.deletedAt),
          ),
        );
      if (!file) throw httpError(404, "Penalty notice not found: upload it for this property first");
      if (file.propertyId !== propertyId)
        throw httpError(400, "The penalty notice was uploaded for another property");
      const id = await insertFiling(
        { companyId, propertyId, year, kind: "penalty_removal", createdBy: userId },
        { state: "documents_received", reason, noticeFileId },
      );
      return reply.status(201).send(await filingApi(db, id, "owner", false));
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof VersionBody> }>(
    "/api/filings/:id/documents-sent",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["filing"],
        summary: "Say the requested documents are uploaded (documents requested → documents received)",
        params: IdParams,
        body: VersionBody,
        response: { 200: FilingSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { companyId, userId } = await request.companyScope();
      await db.transaction(async (tx) => {
        const filing = await lockFiling(tx, request.params.id, companyId);
        await moveFiling(tx, filing, {
          to: "documents_received",
          actor: "owner",
          actorId: userId,
          version: request.body.version,
          onStale: (tx) => filingApi(tx, filing.id, "owner", false),
        });
      });
      return filingApi(db, request.params.id, "owner", false);
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AnswerBody> }>(
    "/api/filings/:id/answer",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["filing"],
        summary: "Answer staff's question (needs information → back where the filing was)",
        description: "Upload any files first (POST /api/file/upload) and list their ids in `fileIds`.",
        params: IdParams,
        body: AnswerBody,
        response: { 200: FilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { companyId, userId } = await request.companyScope();
      const fileIds = [...new Set(request.body.fileIds ?? [])];
      let names: string[] = [];
      if (fileIds.length) {
        const found = await db
          .select({ id: statementFiles.id, name: statementFiles.fileName })
          .from(statementFiles)
          .where(
            and(
              inArray(statementFiles.id, fileIds),
              eq(statementFiles.companyId, companyId),
              isNull(statementFiles.deletedAt),
            ),
          );
        if (found.length !== fileIds.length) throw httpError(404, "One of the files was not found");
        names = found.map((f) => f.name);
      }
      await db.transaction(async (tx) => {
        const filing = await lockFiling(tx, request.params.id, companyId);
        if (filing.state !== "needs_information") {
          if (filing.version !== request.body.version) {
            throw httpError(409, "This filing changed since you opened it", {
              code: ERROR_CODES.STALE_VERSION,
              current: await filingApi(tx, filing.id, "owner", false),
            });
          }
          throw httpError(409, "This filing is not waiting for information from you");
        }
        const message = names.length
          ? `${request.body.message.trim()}\n\nFiles: ${names.join(", ")}`
          : request.body.message;
        await moveFiling(tx, filing, {
          to: filing.returnTo as "mapping",
          actor: "owner",
          actorId: userId,
          version: request.body.version,
          message,
          onStale: (tx) => filingApi(tx, filing.id, "owner", false),
        });
      });
      return filingApi(db, request.params.id, "owner", false);
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    "/api/quotes/:id/accept",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["filing"],
        summary: "Accept a quote sent for one of my company's filings; its invoice is created",
        description: "Accepting twice answers 409 (with `invoiceId`) and creates nothing new.",
        params: IdParams,
        response: { 200: AcceptResponse, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { companyId } = await request.companyScope();
      const userId = currentUser(request).id;
      const done = await acceptQuote(db, request.params.id, companyId, userId);
      const filing = await filingApi(db, done.filingId, "owner", false);
      const invoice = await findInvoice(db, done.invoiceId, companyId);
      if (!filing.quote) throw httpError(404, "Quote not found");
      return { quote: filing.quote, invoice: invoice.api };
    },
  );
}
