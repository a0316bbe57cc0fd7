import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { AREA_ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { ErrorBody } from "../../plugins/errors";
import { AuditView, AuditViewQuery, FilingIdParams, SaveAuditBody } from "./audit-schemas";
import { filingAuditView, saveFilingAudit } from "./store/filing-audit";

/** Staff work: the admin area (/admin) is for super admins only (spec section 6). */
const staff = { auth: AREA_ROLES.admin };
const tags = ["statement-mapping"];
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * A filing's audit report facts for the TC309 (issue 23): suggested from its uploaded audit
 * report, saved by staff, drawn on the TC309 checklist. See docs/statement-mapping.md,
 * "Audit report and TC309".
 */
export async function auditReportRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get<{ Params: Static<typeof FilingIdParams>; Querystring: Static<typeof AuditViewQuery> }>(
    "/api/statement-mapping/filings/:filingId/audit-report",
    {
      config: staff,
      schema: {
        tags,
        summary:
          "A filing's audit reports, the fields suggested from one, the saved facts, the TC309 decision and flags",
        description:
          "The property's uploaded audit reports for the statement year; the audit report fields suggested from `fileId` " +
          "(else the saved facts' file, else the newest) with the line each came from; the saved facts; whether the TC309 " +
          "applies with the property's AAV as the tentative AAV and the mapped income; the TC309 flags. 404 for an unknown " +
          "filing, 409 for a penalty removal, 400 for a file that is not one of the filing's audit reports.",
        params: FilingIdParams,
        querystring: AuditViewQuery,
        response: { 200: AuditView, ...errors },
      },
    },
    async (request) => filingAuditView(db, request.params.filingId, request.query.fileId),
  );

  app.put<{ Params: Static<typeof FilingIdParams>; Body: Static<typeof SaveAuditBody> }>(
    "/api/statement-mapping/filings/:filingId/audit-report",
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Save a filing's audit report facts (auditor, licence, opinion, period, audited totals, source file)",
        description:
          "Send the saved facts' `version` (0 the first time); another is 409. 400 for a period that ends before it " +
          "starts, a negative amount, an unknown opinion or a file that is not one of the filing's audit reports. " +
          "The TC309 checklist of the filing's outputs is drawn from what is saved.",
        params: FilingIdParams,
        body: SaveAuditBody,
        response: { 200: AuditView, ...errors },
      },
    },
    async (request) => saveFilingAudit(db, request.params.filingId, currentUser(request).id, request.body),
  );
}
