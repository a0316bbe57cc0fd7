import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import type { FileStore } from "../../storage";
import { documentToApi, findFiledDocument, listFiledDocuments } from "./documents";
import { FILING_NOT_FOUND, filingApi, filingsToApi, findFiling } from "./filings";
import { findInvoice } from "./invoices";
import {
  answerQuestion,
  companyFileNames,
  companyFilings,
  companyHasProperty,
  companyStatementFile,
  createFiling,
  markDocumentsSent,
} from "./owner-store";
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
    const row = await findFiling(db, id, companyId);
    if (!row) throw httpError(404, FILING_NOT_FOUND);
    return row.filing.id;
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
    if (!(await companyHasProperty(db, companyId, propertyId))) throw httpError(404, PROPERTY_NOT_FOUND);
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
      const rows = await companyFilings(db, companyId, request.query);
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
      const row = await findFiling(db, request.params.id, companyId);
      if (!row) throw httpError(404, FILING_NOT_FOUND);
      const [api] = await filingsToApi(db, [row], { actor: "owner", drafts: false });
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
      const id = await createFiling(
        db,
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
      const file = await companyStatementFile(db, companyId, noticeFileId);
      if (!file) throw httpError(404, "Penalty notice not found: upload it for this property first");
      if (file.propertyId !== propertyId)
        throw httpError(400, "The penalty notice was uploaded for another property");
      const id = await createFiling(
        db,
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
      await markDocumentsSent(db, request.params.id, { companyId, userId }, request.body.version);
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
        names = await companyFileNames(db, companyId, fileIds);
        if (names.length !== fileIds.length) throw httpError(404, "One of the files was not found");
      }
      const message = names.length
        ? `${request.body.message.trim()}\n\nFiles: ${names.join(", ")}`
        : request.body.message;
      await answerQuestion(
        db,
        request.params.id,
        { companyId, userId },
        { version: request.body.version, message },
      );
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
