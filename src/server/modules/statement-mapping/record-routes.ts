import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { AREA_ROLES } from "../../../domain/roles";
import {
  catalogueFor,
  compareFigures,
  effectiveLine,
  failedStatementTotals,
  isSelected,
  type MappableForm,
  mappedFigures,
  reconcile,
  statementTotalsBeside,
  tablesOf,
} from "../../../domain/statement-mapping";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { renderOutput } from "./record-outputs";
import {
  ApplyTemplateBody,
  ApplyTemplateResponse,
  AuditReportResponse,
  CompareResponse,
  CorrectAmountBody,
  FileIdParams,
  HistoryResponse,
  LineParams,
  ListQuery,
  MappingRecord,
  MappingView,
  OutputParams,
  ReadyResponse,
  RecordPage,
  ReleaseQuery,
  ReopenBody,
  SaveBody,
  VersionBody,
} from "./record-schemas";
import { type MappingMemory, suggest } from "./service";
import { auditReportSuggestion } from "./store/audit-report";
import { storedAuditReportFor, tc309FlagsOf } from "./store/filing-audit";
import { releaseHold, takeHold } from "./store/hold";
import { history, lastYearMapping, listRecords } from "./store/list";
import {
  assertMappable,
  documentOf,
  ensureMapping,
  HOLD_MINUTES,
  type Loaded,
  loadFile,
  recordToApi,
  withCatalogue,
} from "./store/load";
import { markReady, reopen } from "./store/readiness";
import { applyTemplateTo, correctAmount, saveMapping } from "./store/save";

const staff = { auth: AREA_ROLES.admin };
const tags = ["statement-mapping"];
/** A document for a statement of thousands of lines, with corrections and explanations. */
const BODY_LIMIT = 4 * 1024 * 1024;

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/**
 * Mapping records (issue 5, "Mapping"): one per statement file, keyed by file id. Staff
 * (super admins) only. See docs/statement-mapping.md, "Mapping records".
 */
export async function mappingRecordRoutes(app: FastifyInstance, memory: MappingMemory) {
  const { db } = app.ctx;

  /** The document's view: lines as they count, tables, suggestions for every label, reconciliation. */
  async function view(l: Loaded, preparerId: string) {
    const m = l.mapping;
    if (!m) throw httpError(409, "Nothing is mapped yet");
    const form = m.form as MappableForm;
    const doc = documentOf(m);
    const lines = l.lines.map((raw, i) => {
      const id = String(i);
      return {
        ...effectiveLine(doc, l.lines, id),
        amounts: raw.amounts,
        parts: raw.parts ?? [],
        confidence: raw.confidence ?? null,
        account: raw.account ?? null,
        selected: isSelected(doc, l.lines, id),
        target: doc.assignments[id] ?? null,
      };
    });
    // Reconciliation first: a filing year the catalogue does not cover answers 422 before any suggestion work.
    const reconciliation = withCatalogue(() => reconcile(doc, l.lines, form, m.filingYear));
    const suggestions = await suggest(memory, {
      form,
      labels: lines.map((x) => x.label),
      accounts: l.lines.map((x) => x.account),
      year: m.filingYear,
      preparerId,
      companyId: l.file.companyId,
    });
    return {
      record: recordToApi(l),
      catalogueYear: withCatalogue(() => catalogueFor(m.filingYear).fromYear),
      extraction: {
        tables: tablesOf(l.lines).map((t) => ({ ...t, selected: doc.selection.tables.includes(t.id) })),
        lines,
        columns: l.layout.columns,
        skippedColumns: l.layout.skippedColumns,
        defaultColumn: l.defaultColumn,
        failedTotals: failedStatementTotals(doc, l.lines),
      },
      statementTotals: statementTotalsBeside(doc, l.lines, form, reconciliation.totals),
      suggestions: suggestions.map((s, i) => ({ lineId: String(i), ...s })),
      reconciliation,
    };
  }

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    "/api/statement-mapping",
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Mapping records keyed by file id: files ready for mapping, with company, BBL, year, type and who holds them",
        description:
          "Extracted, not deleted statement files (fileStatus to see others), newest first, with their mapping's " +
          'status ("not_started" until opened), form, filing year, version and holder. Filters: companyId, propertyId, ' +
          "statementYear, documentType, mappingStatus, heldBy (me or a user id), q (company, file name, address or BBL).",
        querystring: ListQuery,
        response: { 200: RecordPage },
      },
    },
    async (request) => listRecords(db, request.query, currentUser(request).id),
  );

  app.get<{ Params: Static<typeof FileIdParams> }>(
    "/api/statement-mapping/:fileId",
    {
      config: staff,
      schema: {
        tags,
        summary:
          "A file's mapping: the document, the extracted lines as they count, suggestions and reconciliation",
        description:
          "Opens the mapping (a draft with every table selected) the first time. Suggestions per line label come from " +
          "this preparer's and this company's earlier mappings, the learned table of confirmed mappings, the keyword " +
          "dictionary and fuzzy match. 409 while the file is not extracted.",
        params: FileIdParams,
        response: { 200: MappingView, ...errors },
      },
    },
    async (request) => {
      const l = await ensureMapping(db, await loadFile(db, request.params.fileId));
      return view(l, currentUser(request).id);
    },
  );

  app.post<{ Params: Static<typeof FileIdParams> }>(
    "/api/statement-mapping/:fileId/hold",
    {
      config: staff,
      schema: {
        tags,
        summary: `Take the mapping (a soft lock for ${HOLD_MINUTES} minutes, renewed by every save)`,
        description:
          'Someone else holding it answers 409 "Held by <name> since <time>" with heldBy and holdExpiresAt.',
        params: FileIdParams,
        response: { 200: MappingRecord, ...errors },
      },
    },
    async (request) => recordToApi(await takeHold(db, request.params.fileId, currentUser(request).id)),
  );

  app.delete<{ Params: Static<typeof FileIdParams>; Querystring: Static<typeof ReleaseQuery> }>(
    "/api/statement-mapping/:fileId/hold",
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Let the mapping go (force=true releases another staff member's hold, recorded in the history)",
        params: FileIdParams,
        querystring: ReleaseQuery,
        response: { 200: MappingRecord, ...errors },
      },
    },
    async (request) =>
      recordToApi(
        await releaseHold(db, request.params.fileId, currentUser(request).id, request.query.force ?? false),
      ),
  );

  app.put<{ Params: Static<typeof FileIdParams>; Body: Static<typeof SaveBody> }>(
    "/api/statement-mapping/:fileId",
    {
      config: staff,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: "Save the mapping document, naming the version it was based on",
        description:
          "400 names every problem (a field of another form, a split whose parts do not add up, a line that does not " +
          "exist). 409 when someone else holds the mapping, when it is marked ready, or when the version is stale: " +
          "then `current` is the record now, `difference` what saving yours would change in it ([{ path, from, to }]) " +
          "and `changesSince` who changed what since your version.",
        params: FileIdParams,
        body: SaveBody,
        response: { 200: MappingView, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const l = await saveMapping(db, request.params.fileId, me, request.body);
      return view(l, me);
    },
  );

  app.get<{ Params: Static<typeof FileIdParams> }>(
    "/api/statement-mapping/:fileId/audit-report",
    {
      config: staff,
      schema: {
        tags,
        summary: "An uploaded audit report's fields suggested from its text, and whether it supports a TC309",
        description:
          "For a file uploaded as an audit report: the firm, CPA licence, opinion, audited period and totals read from " +
          "its text (with the line each came from), the problems that stop it from supporting the TC309 certification, " +
          "and whether the TC309 applies with the property's AAV as the tentative AAV. 409 for another document type " +
          "or a file not extracted.",
        params: FileIdParams,
        response: { 200: AuditReportResponse, ...errors },
      },
    },
    async (request) => auditReportSuggestion(db, request.params.fileId),
  );

  app.put<{ Params: Static<typeof LineParams>; Body: Static<typeof CorrectAmountBody> }>(
    "/api/statement-mapping/:fileId/lines/:lineId/amount",
    {
      config: staff,
      schema: {
        tags,
        summary: "Correct one line's amount in place (a misread figure), naming the version it was based on",
        description:
          "The amount counts in the document's column from then on (mapping, reconciliation, the statement's totals); " +
          "the extracted original stays. Recorded in the history as `correct_amount` (who, when, before → after); " +
          "`amount: null` takes the correction back. 400 for a line the file does not have; 409 as for a save.",
        params: LineParams,
        body: CorrectAmountBody,
        response: { 200: MappingView, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const l = await correctAmount(db, request.params.fileId, me, {
        lineId: request.params.lineId,
        ...request.body,
      });
      return view(l, me);
    },
  );

  app.post<{ Params: Static<typeof FileIdParams>; Body: Static<typeof VersionBody> }>(
    "/api/statement-mapping/:fileId/ready",
    {
      config: staff,
      schema: {
        tags,
        summary: "Mark the mapping ready to file",
        description:
          "Refused with 422 and `flags` while a reconciliation flag is neither resolved nor explained. On success the " +
          "mapping's label → field pairs are added to the learned table (once per mapping, however often it is " +
          "reopened) and the property's template for the form is replaced by this mapping's. In the same transaction the " +
          "property's RPIE filing for the mapping's filing year, when it is in `mapping`, moves to `ready_to_file` " +
          "under the pipeline's rules (`filing` says what happened, with the filing's TC309 flags as the staff queue " +
          "shows them; a refusal leaves the filing and not the mapping).",
        params: FileIdParams,
        body: VersionBody,
        response: { 200: ReadyResponse, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const r = await markReady(db, request.params.fileId, me, request.body.version);
      const v = await view(r.loaded, me);
      return {
        record: v.record,
        reconciliation: v.reconciliation,
        learned: r.learned,
        templateEntries: r.templateEntries,
        filing: r.filing && { ...r.filing, flags: await tc309FlagsOf(db, { id: r.filing.id, kind: "rpie" }) },
      };
    },
  );

  app.post<{ Params: Static<typeof FileIdParams>; Body: Static<typeof ReopenBody> }>(
    "/api/statement-mapping/:fileId/reopen",
    {
      config: staff,
      schema: {
        tags,
        summary: "Reopen a mapping marked ready (optionally saying why)",
        params: FileIdParams,
        body: ReopenBody,
        response: { 200: MappingRecord, ...errors },
      },
    },
    async (request) =>
      recordToApi(
        await reopen(
          db,
          request.params.fileId,
          currentUser(request).id,
          request.body.version,
          request.body.reason,
        ),
      ),
  );

  app.get<{ Params: Static<typeof FileIdParams> }>(
    "/api/statement-mapping/:fileId/history",
    {
      config: staff,
      schema: {
        tags,
        summary: "Every change to the mapping: who, when, what, and old → new per changed path",
        params: FileIdParams,
        response: { 200: HistoryResponse, ...errors },
      },
    },
    async (request) => {
      const l = await loadFile(db, request.params.fileId);
      return { events: l.mapping ? await history(db, l.mapping.id) : [] };
    },
  );

  app.get<{ Params: Static<typeof FileIdParams> }>(
    "/api/statement-mapping/:fileId/compare",
    {
      config: staff,
      schema: {
        tags,
        summary: "This mapping's figures beside last year's for the same property and form",
        description:
          "Per field: last year, this year, change (totals recomputed). lastYear is null when there is none.",
        params: FileIdParams,
        response: { 200: CompareResponse, ...errors },
      },
    },
    async (request) => {
      const l = await ensureMapping(db, await loadFile(db, request.params.fileId));
      const m = l.mapping;
      if (!m) throw httpError(409, "Nothing is mapped yet");
      const form = m.form as MappableForm;
      const prev = await lastYearMapping(db, m);
      const pm = prev?.mapping ?? null;
      return withCatalogue(() => {
        const now = mappedFigures(documentOf(m), l.lines, form, m.filingYear).amounts;
        const last =
          prev && pm
            ? {
                year: pm.filingYear,
                amounts: mappedFigures(documentOf(pm), prev.lines, form, pm.filingYear).amounts,
              }
            : null;
        return {
          form,
          filingYear: m.filingYear,
          lastYear: pm
            ? { fileId: pm.fileId, mappingId: pm.id, filingYear: pm.filingYear, status: pm.status }
            : null,
          rows: compareFigures(form, m.filingYear, now, last),
        };
      });
    },
  );

  app.post<{ Params: Static<typeof FileIdParams>; Body: Static<typeof ApplyTemplateBody> }>(
    "/api/statement-mapping/:fileId/apply-template",
    {
      config: staff,
      schema: {
        tags,
        summary: "Apply a saved template (label → field from an earlier year's mapping) to this statement",
        description:
          "By default the template of this file's property and the mapping's form; templateId picks another. Lines " +
          "already assigned keep their target unless overwrite is true. Saved as a new version like PUT.",
        params: FileIdParams,
        body: ApplyTemplateBody,
        response: { 200: ApplyTemplateResponse, ...errors },
      },
    },
    async (request) => {
      const r = await applyTemplateTo(db, request.params.fileId, currentUser(request).id, request.body);
      return {
        record: recordToApi(r.loaded),
        template: { id: r.template.id, sourceYear: r.template.sourceYear, propertyId: r.template.propertyId },
        applied: r.applied,
      };
    },
  );

  app.get<{ Params: Static<typeof OutputParams> }>(
    "/api/statement-mapping/:fileId/outputs/:kind",
    {
      config: staff,
      schema: {
        tags,
        summary: "The mapped figures as the form's worksheet: pdf, csv, xlsx, or the TC309 checklist (tc309)",
        description:
          "Made by src/server/outputs from the lines as mapped (totals recomputed). 422 names every figure the form " +
          "cannot carry (a negative field, a missing address); tc309 answers 404 when the certification does not apply.",
        params: OutputParams,
        response: { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const l = await loadFile(db, request.params.fileId);
      assertMappable(l);
      if (!l.mapping) throw httpError(409, "Nothing is mapped yet");
      const report = await storedAuditReportFor(db, {
        companyId: l.file.companyId,
        propertyId: l.file.propertyId,
        filingYear: l.mapping.filingYear,
      });
      const out = await renderOutput(l, request.params.kind, l.updater?.displayName ?? null, report);
      return reply
        .header("content-type", out.contentType)
        .header("content-disposition", `attachment; filename="${out.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(Buffer.from(out.bytes));
    },
  );
}
