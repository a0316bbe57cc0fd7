import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { AREA_ROLES } from "../../../domain/roles";
import {
  AUDIT_OPINIONS,
  type Form,
  TC309_INCOME_OVER,
  TC309_MIN_TENTATIVE_AAV,
} from "../../../domain/statement-mapping";
import { currentUser } from "../../plugins/auth";
import { auditReportRoutes } from "./audit-routes";
import { mappingRecordRoutes } from "./record-routes";
import {
  AuditFieldList,
  FieldList,
  FieldsQuery,
  MAX_LABEL_LENGTH,
  MAX_LABELS,
  SuggestBody,
  SuggestResponse,
} from "./schemas";
import { fieldList, type MappingMemory, suggest } from "./service";
import { dbMappingMemory } from "./store/memory";

/** Staff work: the admin area (/admin) is for super admins only (spec section 6). */
const staff = { auth: AREA_ROLES.admin };

/** Room for 2,000 labels of 300 characters even when every character is escaped in the JSON. */
const SUGGEST_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The field catalogue (RPIE, TC201, TC203, audit report), mapping suggestions and the
 * mapping records. `memory` supplies earlier and learned mappings; by default it reads
 * the mapping templates and the learned table (store/memory.ts).
 */
export async function statementMappingRoutes(app: FastifyInstance, opts: { memory?: MappingMemory } = {}) {
  const memory = opts.memory ?? dbMappingMemory(app.ctx.db);

  const listRoute = (path: string, form: Form, summary: string) =>
    app.get<{ Querystring: Static<typeof FieldsQuery> }>(
      path,
      {
        config: staff,
        schema: {
          tags: ["statement-mapping"],
          summary,
          description:
            "The form's fields for the filing year (versioned catalogue, src/domain/statement-mapping). " +
            "Totals name their parts in totalOf (less: subtracted); excluded items never count in a total; " +
            "negative figures are not allowed. See docs/statement-mapping.md.",
          querystring: FieldsQuery,
          response: { 200: FieldList },
        },
      },
      async (request) => fieldList(form, request.query.year),
    );

  listRoute(
    "/api/statement-mapping/get-tc203-fields",
    "tc203",
    "TC203 fields (co-operatives and condominiums): Parts 6–9",
  );
  listRoute(
    "/api/statement-mapping/get-tc201-fields",
    "tc201",
    "TC201 fields (rent-producing property): Parts 6–10",
  );
  listRoute(
    "/api/statement-mapping/get-rpie-fields",
    "rpie",
    "RPIE income and expense statement fields: Sections J, K, L(I), L(II) and the excluded items",
  );

  app.get<{ Querystring: Static<typeof FieldsQuery> }>(
    "/api/statement-mapping/get-audit-report-fields",
    {
      config: staff,
      schema: {
        tags: ["statement-mapping"],
        summary: "Audit report fields, and when the TC309 certification is required",
        description:
          "A TC309 is required when the tentative AAV is at least $5,000,000 and income is over $100,000; " +
          `the audit's opinion must be unmodified (opinions: ${AUDIT_OPINIONS.join(", ")}).`,
        querystring: FieldsQuery,
        response: { 200: AuditFieldList },
      },
    },
    async (request) => ({
      ...fieldList("audit", request.query.year),
      tc309: {
        minTentativeAav: TC309_MIN_TENTATIVE_AAV,
        incomeOver: TC309_INCOME_OVER,
        requiredOpinion: "unmodified" as const,
      },
    }),
  );

  app.post<{ Body: Static<typeof SuggestBody> }>(
    "/api/statement-mapping/suggest",
    {
      config: staff,
      bodyLimit: SUGGEST_BODY_LIMIT,
      schema: {
        tags: ["statement-mapping"],
        summary: "Suggested fields for statement labels, up to 5 per label, best first, each with its reason",
        description:
          `1–${MAX_LABELS} labels of at most ${MAX_LABEL_LENGTH} characters. Sources in order: earlier ` +
          "mappings, the learned table of confirmed mappings, the keyword dictionary, fuzzy match. " +
          "Confidence bands: earlier 0.95–0.99, learned 0.80–0.95, keyword 0.40–0.80, fuzzy below 0.40.",
        body: SuggestBody,
        response: { 200: SuggestResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const suggestions = await suggest(memory, {
        form: request.body.form,
        labels: request.body.labels,
        year: request.body.year,
        preparerId: user.id,
        companyId: null,
      });
      return { suggestions };
    },
  );

  await mappingRecordRoutes(app, memory);
  await auditReportRoutes(app);
}
