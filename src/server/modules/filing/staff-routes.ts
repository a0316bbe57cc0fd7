import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../../domain/errors";
import { FILING_STATES } from "../../../domain/filing";
import { formatCents } from "../../../domain/money";
import { ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import type { FileStore } from "../../storage";
import { notify } from "../notifications/store";
import {
  type FiledOutputs,
  type FilingFlags,
  recordFiledDocuments,
  type StoredDocument,
  storeFiledDocuments,
} from "./documents";
import {
  addEvent,
  FILING_NOT_FOUND,
  type FilingApi,
  filingApi,
  filingsToApi,
  findFiling,
  type Q,
} from "./filings";
import { markReceived, overrideUnpaid } from "./invoices";
import { mailCompany } from "./notify";
import { priceFiling, sendDraft } from "./quotes";
import {
  FiledBody,
  IdParams,
  MarkReceivedBody,
  OverrideBody,
  QuoteBody,
  StaffFilingSchema,
  StaffQueue,
  StaffQueueQuery,
  TransitionBody,
} from "./schemas";
import { filingIdOfInvoice, markFiled, staffMove, staffQueue } from "./staff-store";

const STAFF = { auth: [ROLES.SUPER_ADMIN] } as const;
/** Staff writes honour Idempotency-Key: a retried request (network, double click) acts once. */
const STAFF_WRITE = { ...STAFF, idempotency: true } as const;

/** The `job` shown under a staff member's name on the owner's notifications. */
const STAFF_JOB = "Filing staff";
const FILINGS_LINK = "/dashboard/filings";

/**
 * Staff (ROLE_SUPER_ADMIN) work on every company's filings: the queue with filters and counts,
 * moves, pricing and sending quotes, recording transfers and checks, overriding an unpaid
 * invoice with a reason, marking a filing filed. Owners get 403 from the role check.
 */
export async function staffFilingRoutes(
  app: FastifyInstance,
  opts: { store: FileStore; filedOutputs: FiledOutputs; filingFlags: FilingFlags },
) {
  const ctx = app.ctx;
  const { db } = ctx;

  /**
   * Staff see each filing's flags (the TC309's, none once filed). The queue, the page and every
   * answer of a staff action go through here, so they agree. `q` is the database, or the
   * transaction a stale move's `current` is read in.
   */
  const withFlags = async (f: FilingApi, q: Q = db) => ({
    ...f,
    flags: await opts.filingFlags(q, { id: f.id, kind: f.kind }),
  });
  /** One filing as staff see it (StaffFilingSchema), after a change or in a 409's `current`. */
  const staffFiling = async (id: string, q: Q = db) => withFlags(await filingApi(q, id, "staff", true), q);

  async function notifyQuote(filingId: string, staffId: string) {
    const f = await filingApi(db, filingId, "owner", false);
    if (f.quote?.status !== "sent") return;
    await notify(db, {
      type: "quote_sent",
      companyId: f.companyId,
      recipients: "members",
      authorId: staffId,
      job: STAFF_JOB,
      description: `Your quote for the ${f.year} filing of BBL ${f.bbl}: ${formatCents(f.quote.totalCents)}`,
      link: FILINGS_LINK,
    });
    await mailCompany(ctx, f.companyId, {
      kind: "filing-quote",
      subject: `Your quote for the ${f.year} filing of BBL ${f.bbl}`,
      lines: () => [
        `We priced the ${f.year} filing of BBL ${f.bbl}${f.address ? ` (${f.address})` : ""}: ${formatCents(f.quote?.totalCents ?? 0)}.`,
        "",
        `Review and accept it here: ${ctx.config.publicUrl}/dashboard/filings`,
      ],
    });
  }

  app.get<{ Querystring: Static<typeof StaffQueueQuery> }>(
    "/api/admin/filings",
    {
      config: STAFF,
      schema: {
        tags: ["filing"],
        summary:
          "The staff queue: every company's filings, longest in their state first, with counts per state",
        querystring: StaffQueueQuery,
        response: { 200: StaffQueue },
      },
    },
    async (request) => {
      const { page, rowsPerPage } = request.query;
      const { rows, total, perState } = await staffQueue(db, request.query);
      const counts = Object.fromEntries(FILING_STATES.map((s) => [s, 0]));
      for (const r of perState) counts[r.state] = Number(r.n);
      return {
        items: await Promise.all(
          (await filingsToApi(db, rows, { actor: "staff", drafts: true })).map((f) => withFlags(f)),
        ),
        total,
        page,
        rowsPerPage,
        counts,
      };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/admin/filings/:id",
    {
      config: STAFF,
      schema: {
        tags: ["filing"],
        summary: "One filing (any company) with drafts",
        params: IdParams,
        response: { 200: StaffFilingSchema, 404: ErrorBody },
      },
    },
    async (request) => staffFiling(request.params.id),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof TransitionBody> }>(
    "/api/admin/filings/:id/transition",
    {
      config: STAFF_WRITE,
      schema: {
        tags: ["filing"],
        summary: "Move a filing (staff); `message` is required to ask the owner for information",
        description:
          "Illegal moves and an unpaid invoice answer 409 saying why; a stale `version` 409 with `current`. " +
          "Quoted comes from sending a quote, Filed from POST …/filed.",
        params: IdParams,
        body: TransitionBody,
        response: { 200: StaffFilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const staffId = currentUser(request).id;
      const { to, version, message } = request.body;
      await staffMove(db, request.params.id, staffId, { to, version, message }, staffFiling);
      const f = await staffFiling(request.params.id);
      if (to === "needs_information") {
        await mailCompany(ctx, f.companyId, {
          kind: "filing-needs-information",
          subject: `We need information for the ${f.year} filing of BBL ${f.bbl}`,
          lines: () => [
            `Our staff asked about the ${f.year} filing of BBL ${f.bbl}:`,
            "",
            message?.trim() ?? "",
            "",
            `Answer here: ${ctx.config.publicUrl}/dashboard/filings`,
          ],
        });
      }
      return f;
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof FiledBody> }>(
    "/api/admin/filings/:id/filed",
    {
      config: STAFF_WRITE,
      schema: {
        tags: ["filing"],
        summary:
          "Mark a filing filed with the city's confirmation number and the filing date (ready to file → filed)",
        description:
          "What is filed is kept for the owner: the worksheet PDF, CSV, XLSX and (when it applies) the TC309 checklist " +
          "of each mapping of the property and year marked ready, in the file store (GET /api/filings/{id}/documents). " +
          "422 when a mapping's figures cannot go on the form, and 422 with `flags` (code TC309_FLAGS) while the filing " +
          "has TC309 flags and no `flagsExplanation` is given; the explanation is kept in the timeline.",
        params: IdParams,
        body: FiledBody,
        response: { 200: StaffFilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const staffId = currentUser(request).id;
      // Rendered and stored before the transaction (no row lock held while PDFs are drawn); only a
      // filing that can be filed is rendered, so an illegal move still answers the pipeline's 409.
      const current = await findFiling(db, request.params.id);
      if (!current) throw httpError(404, FILING_NOT_FOUND);
      const explanation = request.body.flagsExplanation?.trim() || null;
      if (current.filing.state === "ready_to_file" && current.filing.version === request.body.version) {
        const flags = await opts.filingFlags(db, current.filing);
        if (flags.length && !explanation) {
          const n = flags.length;
          throw httpError(
            422,
            `This filing has ${n} TC309 flag${n === 1 ? "" : "s"}: ${flags
              .slice(0, 3)
              .map((x) => x.message)
              .join("; ")}${n > 3 ? "; …" : ""}. Fix the audit report, or explain why it is filed anyway.`,
            { code: ERROR_CODES.TC309_FLAGS, flags },
          );
        }
      }
      const docs: StoredDocument[] =
        current.filing.state === "ready_to_file" && current.filing.version === request.body.version
          ? await storeFiledDocuments(db, opts.store, opts.filedOutputs, current.filing)
          : [];
      const { version, confirmationNumber, filedOn } = request.body;
      await markFiled(
        db,
        request.params.id,
        staffId,
        { version, confirmationNumber, filedOn, preparedAt: docs.length ? current.filing.version : null },
        staffFiling,
        async (tx, filingId) => {
          await recordFiledDocuments(tx, filingId, docs);
          if (explanation)
            await addEvent(tx, {
              filingId,
              actorId: staffId,
              actorRole: "staff",
              type: "note",
              message: `Filed despite the TC309 flags: ${explanation}`,
            });
        },
      );
      const f = await staffFiling(request.params.id);
      await notify(db, {
        type: "filing_filed",
        companyId: f.companyId,
        recipients: "members",
        authorId: staffId,
        job: STAFF_JOB,
        description: `Filed: the ${f.year} filing of BBL ${f.bbl}, confirmation number ${f.confirmationNumber}`,
        link: FILINGS_LINK,
      });
      await mailCompany(ctx, f.companyId, {
        kind: "filing-filed",
        subject: `Filed: the ${f.year} filing of BBL ${f.bbl}`,
        lines: () => [
          `We filed the ${f.year} filing of BBL ${f.bbl} on ${f.filedOn}. Confirmation number: ${f.confirmationNumber}.`,
        ],
      });
      return f;
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof QuoteBody> }>(
    "/api/admin/filings/:id/quote",
    {
      config: STAFF_WRITE,
      schema: {
        tags: ["filing"],
        summary:
          "Price a filing (quote lines in cents) and send the quote, or keep it as a draft (`send: false`)",
        description:
          "Sending moves an In review filing to Quoted; re-sending while Quoted replaces the earlier quote. " +
          "Refused (409) once the owner accepted a quote.",
        params: IdParams,
        body: QuoteBody,
        response: { 201: StaffFilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const staffId = currentUser(request).id;
      await priceFiling(db, request.params.id, staffId, request.body);
      if (request.body.send) await notifyQuote(request.params.id, staffId);
      return reply.status(201).send(await staffFiling(request.params.id));
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    "/api/admin/quotes/:id/send",
    {
      config: STAFF_WRITE,
      schema: {
        tags: ["filing"],
        summary: "Send a draft quote to the owner",
        params: IdParams,
        response: { 200: StaffFilingSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const staffId = currentUser(request).id;
      const filingId = await sendDraft(db, request.params.id, staffId);
      await notifyQuote(filingId, staffId);
      return staffFiling(filingId);
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof MarkReceivedBody> }>(
    "/api/admin/invoices/:id/mark-received",
    {
      config: STAFF_WRITE,
      schema: {
        tags: ["filing"],
        summary:
          "Record a bank transfer or check received for an invoice (the whole amount unless `amountCents`)",
        description:
          "A Quoted filing moves to Paid once the invoice is covered. A paid or void invoice answers 409.",
        params: IdParams,
        body: MarkReceivedBody,
        response: { 200: StaffFilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const staffId = currentUser(request).id;
      await markReceived(db, request.params.id, staffId, request.body);
      return staffFiling(await filingIdOfInvoice(db, request.params.id));
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof OverrideBody> }>(
    "/api/admin/invoices/:id/override",
    {
      config: STAFF_WRITE,
      schema: {
        tags: ["filing"],
        summary: "Let a filing go ahead with its invoice unpaid; the reason is recorded",
        description:
          "Afterwards the filing may move Quoted → Mapping → Ready to file → Filed before payment.",
        params: IdParams,
        body: OverrideBody,
        response: { 200: StaffFilingSchema, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await overrideUnpaid(db, request.params.id, currentUser(request).id, request.body.reason);
      return staffFiling(await filingIdOfInvoice(db, request.params.id));
    },
  );
}
