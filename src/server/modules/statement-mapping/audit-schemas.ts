import { type TSchema, Type } from "@sinclair/typebox";
import { FILE_STATUSES } from "../../../domain/files/statuses";
import { AUDIT_OPINIONS } from "../../../domain/statement-mapping";

/**
 * Request and answer shapes of the filing's audit report routes (audit-routes.ts), and the audit
 * report pieces record-schemas.ts shares (the suggested fields, the TC309 flag).
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const IsoDate = Type.String({ format: "date", description: "YYYY-MM-DD" });
const Amount = Type.Number({ minimum: 0, maximum: 1e12, description: "Dollars and cents, not negative" });

export const FilingIdParams = Type.Object(
  { filingId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);
export const AuditViewQuery = Type.Object(
  { fileId: Type.Optional(Type.String({ format: "uuid", description: "The audit report to suggest from" })) },
  { additionalProperties: false },
);

const factFields = {
  auditor: Nullable(Type.String({ maxLength: 200 })),
  cpaLicence: Nullable(Type.String({ maxLength: 50 })),
  opinion: Nullable(literals(AUDIT_OPINIONS)),
  periodStart: Nullable(IsoDate),
  periodEnd: Nullable(IsoDate),
  totalIncome: Nullable(Amount),
  totalExpenses: Nullable(Amount),
};

export const SaveAuditBody = Type.Object(
  {
    version: Type.Integer({
      minimum: 0,
      description: "The saved facts' version you read; 0 when none were saved",
    }),
    fileId: Nullable(Type.String({ format: "uuid", description: "The audit report the facts come from" })),
    ...factFields,
  },
  { additionalProperties: false },
);

/**
 * An audit report's fields as read from its text (absent or null: not found): the suggestion of
 * the audit report view here and the answer of GET /api/statement-mapping/{fileId}/audit-report.
 */
export const AuditFields = Type.Object({
  auditor: Type.Optional(Nullable(Type.String())),
  cpaLicence: Type.Optional(Nullable(Type.String())),
  opinion: Type.Optional(Nullable(Type.String())),
  periodStart: Type.Optional(Nullable(Type.String())),
  periodEnd: Type.Optional(Nullable(Type.String())),
  totalIncome: Type.Optional(Nullable(Type.Number())),
  totalExpenses: Type.Optional(Nullable(Type.Number())),
});

/** A filing's TC309 flag (store/filing-audit.ts's Tc309Flag): here and in the ready answer's `filing`. */
export const Tc309FlagSchema = Type.Object({
  code: literals([
    "tc309_no_audit_report",
    "tc309_facts_not_saved",
    "tc309_audit_problem",
    "tc309_audit_difference",
  ] as const),
  message: Type.String(),
});

export const AuditView = Type.Object({
  filing: Type.Object({
    id: Type.String(),
    companyId: Type.String(),
    companyName: Type.String(),
    propertyId: Type.String(),
    bbl: Type.String(),
    address: Nullable(Type.String()),
    year: Type.Integer(),
    state: Type.String(),
  }),
  files: Type.Array(
    Type.Object({
      fileId: Type.String(),
      fileName: Type.String(),
      status: literals(FILE_STATUSES),
      statementYear: Nullable(Type.Integer()),
    }),
    { description: "The property's uploaded audit reports for the statement year, newest first" },
  ),
  fileId: Nullable(Type.String({ description: "The audit report suggested from" })),
  suggestion: Nullable(
    Type.Object({
      fields: AuditFields,
      evidence: Type.Record(Type.String(), Type.String(), {
        description: "The line each field was read from",
      }),
      problems: Type.Array(Type.String()),
    }),
  ),
  suggestionError: Nullable(
    Type.String({ description: "Why the audit report could not be read (e.g. still being read)" }),
  ),
  saved: Nullable(
    Type.Object({
      fileId: Nullable(Type.String()),
      ...factFields,
      opinion: Nullable(Type.String()),
      version: Type.Integer(),
      updatedAt: Type.String(),
      updatedBy: Nullable(Type.Object({ id: Type.String(), displayName: Type.String() })),
    }),
  ),
  tc309: Type.Object({
    tentativeAav: Nullable(Type.Number({ description: "The property's AAV, taken as the tentative AAV" })),
    income: Nullable(Type.Number()),
    incomeFrom: Nullable(literals(["mapping", "audit_report"] as const)),
    required: Nullable(Type.Boolean({ description: "Null while the AAV or the income is unknown" })),
    reason: Type.String(),
    minTentativeAav: Type.Number(),
    incomeOver: Type.Number(),
  }),
  flags: Type.Array(Tc309FlagSchema),
});
