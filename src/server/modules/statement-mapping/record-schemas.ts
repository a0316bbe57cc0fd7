import { type TSchema, Type } from "@sinclair/typebox";
import { DOCUMENT_TYPES, FILE_STATUSES } from "../../../domain/files/statuses";
import { FIRST_CATALOGUE_YEAR, FORMS, MAPPABLE_FORMS } from "../../../domain/statement-mapping";
import { ColumnSchema, DefaultColumnSchema } from "../files/schemas";
import { AuditFields, Tc309FlagSchema } from "./audit-schemas";

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** Line ids are positions in the file's extraction: "0", "1", … */
const LINE_KEY = "^(0|[1-9][0-9]{0,5})$";
const MAX_LINES = 20_000;
const Money = Type.Number({ minimum: -1e12, maximum: 1e12, description: "Dollars and cents" });

const MAPPING_STATUSES = ["draft", "ready", "reopened"] as const;

export const FileIdParams = Type.Object(
  { fileId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);
export const LineParams = Type.Object(
  {
    fileId: Type.String({ format: "uuid" }),
    lineId: Type.String({ pattern: LINE_KEY, description: "The line's position in the extraction" }),
  },
  { additionalProperties: false },
);
export const CorrectAmountBody = Type.Object(
  {
    version: Type.Integer({ minimum: 0, description: "The version this change is based on" }),
    amount: Nullable(
      Type.Number({
        minimum: -1e12,
        maximum: 1e12,
        description: "The amount as printed, in the chosen column; null takes the correction back",
      }),
    ),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'Why: "OCR read 8 as 3"' })),
  },
  { additionalProperties: false },
);
export const OutputParams = Type.Object(
  { fileId: Type.String({ format: "uuid" }), kind: literals(["pdf", "csv", "xlsx", "tc309"] as const) },
  { additionalProperties: false },
);

const Correction = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    amount: Type.Optional(Money),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

const SplitPart = Type.Object(
  { fieldId: Type.String({ minLength: 1, maxLength: 80 }), amount: Money },
  { additionalProperties: false },
);

const IsoDate = Type.String({ format: "date" });

const MappingDocumentSchema = Type.Object(
  {
    column: Type.Integer({
      minimum: 0,
      maximum: 50,
      description: "Which amount column counts (0 = the first)",
    }),
    selection: Type.Object(
      {
        tables: Type.Array(Type.String({ maxLength: 400 }), {
          maxItems: 5_000,
          description: 'Selected tables: "<page>|<section>" (see the extraction\'s tables)',
        }),
        skippedLines: Type.Array(Type.String({ pattern: LINE_KEY }), { maxItems: MAX_LINES }),
      },
      { additionalProperties: false },
    ),
    corrections: Type.Record(Type.String({ pattern: LINE_KEY }), Correction, {
      maxProperties: MAX_LINES,
      additionalProperties: false,
      description: "By line id: the corrected label and/or amount (the extracted original is kept)",
    }),
    assignments: Type.Record(
      Type.String({ pattern: LINE_KEY }),
      Type.String({ minLength: 1, maxLength: 80 }),
      {
        maxProperties: MAX_LINES,
        additionalProperties: false,
        description: 'By line id: a field id of the form, "excluded", "ignore:subtotal" or "split"',
      },
    ),
    splits: Type.Record(
      Type.String({ pattern: LINE_KEY }),
      Type.Array(SplitPart, { minItems: 1, maxItems: 20 }),
      {
        maxProperties: MAX_LINES,
        additionalProperties: false,
        description: "By line id (assigned split): parts that add up to the line's amount",
      },
    ),
    explanations: Type.Record(
      Type.String({ pattern: "^[a-z-]+(:[A-Za-z0-9._-]+)?$" }),
      Type.String({ maxLength: 2_000 }),
      {
        maxProperties: MAX_LINES,
        additionalProperties: false,
        description: 'By reconciliation flag id ("difference:12", "unmapped:4"): why it is all right',
      },
    ),
    period: Type.Optional(
      Type.Object(
        { start: IsoDate, end: IsoDate },
        { additionalProperties: false, description: "The statement's period" },
      ),
    ),
  },
  { additionalProperties: false },
);

const PersonSchema = Type.Object({ id: Type.String(), displayName: Type.String() });

const RecordFields = {
  fileId: Type.String(),
  mappingId: Nullable(Type.String()),
  fileName: Type.String(),
  documentType: Type.String(),
  statementYear: Nullable(Type.Integer()),
  fileStatus: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  propertyId: Type.String(),
  bbl: Type.String(),
  bblFormatted: Type.String(),
  address: Nullable(Type.String()),
  form: literals(MAPPABLE_FORMS),
  filingYear: Type.Integer(),
  status: literals(["not_started", ...MAPPING_STATUSES] as const),
  version: Type.Integer({
    description: "0 until the mapping is first opened; send it back with every change",
  }),
  heldBy: Nullable(PersonSchema),
  heldAt: Nullable(Type.String()),
  holdExpiresAt: Nullable(Type.String()),
  updatedBy: Nullable(PersonSchema),
  updatedAt: Nullable(Type.String()),
  readyAt: Nullable(Type.String()),
};

const RecordSummary = Type.Object(RecordFields);
export const MappingRecord = Type.Object({ ...RecordFields, document: MappingDocumentSchema });

export const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    companyId: Type.Optional(Type.String({ format: "uuid" })),
    propertyId: Type.Optional(Type.String({ format: "uuid" })),
    statementYear: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
    documentType: Type.Optional(literals(DOCUMENT_TYPES)),
    fileStatus: Type.Optional(literals(FILE_STATUSES)),
    mappingStatus: Type.Optional(literals(["not_started", ...MAPPING_STATUSES] as const)),
    heldBy: Type.Optional(
      Type.Union([Type.Literal("me"), Type.String({ format: "uuid" })], {
        description: '"me" or a user id: mappings that person holds now',
      }),
    ),
    q: Type.Optional(
      Type.String({ maxLength: 200, description: "Company, file name, address or BBL digits" }),
    ),
  },
  { additionalProperties: false },
);

export const RecordPage = Type.Object({
  items: Type.Array(RecordSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
});

const FieldRef = Type.Object({
  id: Type.String(),
  form: literals(FORMS),
  line: Type.String(),
  label: Type.String(),
});
const Candidate = Type.Object({
  field: FieldRef,
  confidence: Type.Number(),
  reason: Type.String(),
  source: literals(["prior", "learned", "keyword", "fuzzy"] as const),
});

const Flag = Type.Object({
  id: Type.String(),
  kind: literals([
    "difference",
    "form-difference",
    "unmapped",
    "negative-line",
    "negative-field",
    "empty",
  ] as const),
  message: Type.String(),
  lineId: Type.Optional(Type.String()),
  fieldId: Type.Optional(Type.String()),
  statementAmount: Type.Optional(Type.Number()),
  computedAmount: Type.Optional(Type.Number()),
  difference: Type.Optional(Type.Number()),
  explainable: Type.Boolean(),
  explanation: Nullable(Type.String()),
  resolved: Type.Boolean(),
});

const ReconciliationSchema = Type.Object({
  amounts: Type.Record(Type.String(), Type.Number()),
  totals: Type.Record(Type.String(), Type.Number()),
  sections: Type.Array(
    Type.Object({
      lineId: Type.String(),
      section: Nullable(Type.String()),
      label: Type.String(),
      statementTotal: Type.Number(),
      mapped: Type.Number(),
      difference: Type.Number(),
    }),
  ),
  flags: Type.Array(Flag),
  blocking: Type.Array(Flag),
  ready: Type.Boolean(),
});

export const MappingView = Type.Object({
  record: MappingRecord,
  catalogueYear: Type.Integer(),
  extraction: Type.Object({
    tables: Type.Array(
      Type.Object({
        id: Type.String(),
        page: Type.Integer(),
        section: Nullable(Type.String()),
        lines: Type.Array(Type.String()),
        selected: Type.Boolean(),
      }),
    ),
    lines: Type.Array(
      Type.Object({
        id: Type.String(),
        page: Type.Integer(),
        section: Nullable(Type.String()),
        isTotal: Type.Boolean(),
        amounts: Type.Array(Nullable(Type.Number()), {
          description: "By column (extraction.columns); null where the cell is blank",
        }),
        label: Type.String({ description: "The label that counts (the correction's, else the original)" }),
        amount: Nullable(Type.Number({ description: "The amount that counts, in the chosen column" })),
        originalLabel: Type.String(),
        originalAmount: Nullable(Type.Number()),
        corrected: Type.Boolean(),
        parts: Type.Array(
          Type.Object({ line: Type.Integer(), sign: Type.Union([Type.Literal(1), Type.Literal(-1)]) }),
          {
            description: "For a total: the lines it adds up (signed), as extraction read them",
          },
        ),
        confidence: Nullable(
          Type.Number({ description: "OCR: the mean confidence of the line's words (0–100)" }),
        ),
        account: Nullable(Type.String({ description: "The account number printed beside the label" })),
        selected: Type.Boolean(),
        target: Nullable(Type.String()),
      }),
    ),
    columns: Type.Array(ColumnSchema, {
      description: "The statement's money columns as extraction read them (lines' amounts follow them)",
    }),
    skippedColumns: Type.Array(Type.Object({ label: Type.String(), kind: Type.String() }), {
      description: "Columns that are not money (percentages), left out of the amounts",
    }),
    defaultColumn: DefaultColumnSchema,
    failedTotals: Type.Array(
      Type.Object({
        lineId: Type.String(),
        section: Nullable(Type.String()),
        label: Type.String(),
        expected: Type.Number({ description: "What the section's lines add up to (corrections applied)" }),
        found: Type.Number({ description: "What the total line says" }),
        difference: Type.Number(),
      }),
      { description: "Statement totals that do not add up in the chosen column: their sections need a look" },
    ),
  }),
  statementTotals: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal("income"), Type.Literal("expenses"), Type.Literal("noi")]),
      statement: Nullable(
        Type.Object({ lineId: Type.String(), label: Type.String(), amount: Type.Number() }),
      ),
      mapped: Type.Number(),
      difference: Nullable(Type.Number()),
    }),
    { description: "The statement's own income, expense and NOI totals beside the mapped form's" },
  ),
  suggestions: Type.Array(
    Type.Object({ lineId: Type.String(), label: Type.String(), candidates: Type.Array(Candidate) }),
  ),
  reconciliation: ReconciliationSchema,
});

const Version = Type.Integer({ minimum: 0, description: "The version this change is based on" });
const FilingYear = Type.Integer({ minimum: FIRST_CATALOGUE_YEAR, maximum: 2100 });

export const SaveBody = Type.Object(
  {
    version: Version,
    document: MappingDocumentSchema,
    form: Type.Optional(literals(MAPPABLE_FORMS)),
    filingYear: Type.Optional(FilingYear),
  },
  { additionalProperties: false },
);

export const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });
export const ReopenBody = Type.Object(
  { version: Version, reason: Type.Optional(Type.String({ maxLength: 2_000 })) },
  { additionalProperties: false },
);
export const ApplyTemplateBody = Type.Object(
  {
    version: Version,
    templateId: Type.Optional(Type.String({ format: "uuid" })),
    overwrite: Type.Optional(
      Type.Boolean({ description: "Replace targets already chosen (default: keep them)" }),
    ),
  },
  { additionalProperties: false },
);
export const ReleaseQuery = Type.Object(
  { force: Type.Optional(Type.Boolean({ description: "Release another staff member's hold" })) },
  { additionalProperties: false },
);

const ChangeSchema = Type.Object({ path: Type.String(), from: Type.Unknown(), to: Type.Unknown() });
export const HistoryResponse = Type.Object({
  events: Type.Array(
    Type.Object({
      id: Type.String(),
      action: Type.String(),
      version: Type.Integer(),
      at: Type.String(),
      by: Nullable(PersonSchema),
      changes: Type.Array(ChangeSchema),
    }),
  ),
});

export const ReadyResponse = Type.Object({
  record: MappingRecord,
  reconciliation: ReconciliationSchema,
  learned: Type.Integer({ description: "Label → field pairs added to the learned table" }),
  templateEntries: Type.Integer(),
  filing: Type.Union([
    Type.Null(),
    Type.Object(
      {
        id: Type.String(),
        state: Type.String(),
        moved: Type.Boolean({ description: "True when this moved the filing from mapping to ready to file" }),
        refusal: Type.Union([Type.String(), Type.Null()], {
          description: "Why the filing, waiting in mapping, could not move (the pipeline's refusal)",
        }),
        flags: Type.Array(Tc309FlagSchema, {
          description: "The filing's TC309 flags afterwards, as the staff queue shows them",
        }),
      },
      { description: "The property's RPIE filing of the mapping's filing year, if there is one" },
    ),
  ]),
});

export const ApplyTemplateResponse = Type.Object({
  record: MappingRecord,
  template: Type.Object({ id: Type.String(), sourceYear: Type.Integer(), propertyId: Type.String() }),
  applied: Type.Array(Type.Object({ lineId: Type.String(), label: Type.String(), target: Type.String() })),
});

export const CompareResponse = Type.Object({
  form: literals(MAPPABLE_FORMS),
  filingYear: Type.Integer(),
  lastYear: Nullable(
    Type.Object({
      fileId: Type.String(),
      mappingId: Type.String(),
      filingYear: Type.Integer(),
      status: Type.String(),
    }),
  ),
  rows: Type.Array(
    Type.Object({
      fieldId: Type.String(),
      section: Type.String(),
      line: Type.String(),
      label: Type.String(),
      kind: Type.String(),
      lastYear: Nullable(Type.Number()),
      thisYear: Nullable(Type.Number()),
      change: Nullable(Type.Number()),
      changeRatio: Nullable(Type.Number()),
    }),
  ),
});

export const AuditReportResponse = Type.Object({
  fileId: Type.String(),
  fields: AuditFields,
  evidence: Type.Record(Type.String(), Type.String(), { description: "The line each field was read from" }),
  problems: Type.Array(Type.String(), {
    description: "What stops the report from supporting a TC309; empty when it can",
  }),
  tc309: Type.Object({
    tentativeAav: Nullable(Type.Number({ description: "The property's AAV, taken as the tentative AAV" })),
    required: Nullable(
      Type.Boolean({
        description: "Whether the TC309 applies; null while the AAV or the audited income is unknown",
      }),
    ),
    minTentativeAav: Type.Number(),
    incomeOver: Type.Number(),
  }),
});
