import { Type } from "@sinclair/typebox";
import { DOCUMENT_TYPES, type DocumentType, FILE_STATUSES } from "../../../domain/files/statuses";

export { DOCUMENT_TYPES, type DocumentType };

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const FileStatusSchema = Type.Union(
  FILE_STATUSES.map((s) => Type.Literal(s)),
  { description: "uploaded → queued → extracting → extracted | failed" },
);

export const StatementFile = Type.Object({
  id: Type.String({ format: "uuid" }),
  fileName: Type.String(),
  bblId: Type.String({ format: "uuid", description: "The property (BBL record) the file belongs to" }),
  companyId: Type.String({ format: "uuid" }),
  documentType: Type.Union(DOCUMENT_TYPES.map((d) => Type.Literal(d))),
  statementYear: Type.Union([Type.Integer(), Type.Null()]),
  contentType: Type.String({ description: "Decided from the file's content, not its name" }),
  kind: Type.String({ description: "pdf, png, jpeg, tiff, heic, xlsx, xls or csv" }),
  size: Type.Integer({ description: "Bytes" }),
  sha256: Type.String(),
  status: FileStatusSchema,
  failureReason: Nullable(Type.String()),
  pageCount: Type.Union([Type.Integer(), Type.Null()]),
  uploadedBy: Nullable(Type.String()),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});

export const UploadResponse = Type.Composite([
  StatementFile,
  Type.Object({
    duplicate: Type.Boolean({
      description:
        "True when this company had already uploaded the same bytes: the earlier record is returned",
    }),
  }),
]);

const StaffFile = Type.Composite([
  StatementFile,
  Type.Object({ companyName: Type.String(), deletedAt: Type.Union([Type.String(), Type.Null()]) }),
]);

export const StaffList = Type.Object({
  items: Type.Array(StaffFile),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
});

export const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });

const LineItemSchema = Type.Object({
  page: Type.Integer(),
  section: Type.Union([Type.String(), Type.Null()]),
  label: Type.String(),
  account: Type.Optional(
    Type.String({ description: "The account number printed beside the name, kept out of the label" }),
  ),
  amounts: Type.Array(Type.Union([Type.Number(), Type.Null()]), {
    description: "By money column (layout.columns); null where the cell is blank",
  }),
  isTotal: Type.Boolean(),
  parts: Type.Optional(
    Type.Array(Type.Object({ line: Type.Integer(), sign: Type.Integer() }), {
      description: "For a total: the lines (by position) it adds up, signed",
    }),
  ),
  confidence: Type.Optional(Type.Number({ description: "OCR: mean confidence of the line's words, 0–100" })),
  reread: Type.Optional(Type.Integer({ description: "OCR: amounts read again from a sharper crop" })),
  box: Type.Optional(
    Type.Object(
      { x0: Type.Number(), y0: Type.Number(), x1: Type.Number(), y1: Type.Number() },
      {
        description:
          "Where the line sits on its page, as fractions of the page width/height (origin top-left); PDFs and images only",
      },
    ),
  ),
});

export const ColumnSchema = Type.Object({
  key: Type.String(),
  label: Type.String(),
  role: Type.Union([
    Type.Literal("actual"),
    Type.Literal("budget"),
    Type.Literal("variance"),
    Type.Literal("prior"),
  ]),
  period: Type.Union([
    Type.Literal("month"),
    Type.Literal("quarter"),
    Type.Literal("ytd"),
    Type.Literal("year"),
    Type.Literal("total"),
    Type.Null(),
  ]),
  year: Type.Union([Type.Integer(), Type.Null()]),
  month: Type.Union([Type.Integer(), Type.Null()]),
});

export const DefaultColumnSchema = Type.Object(
  {
    index: Type.Integer(),
    why: Type.Union(
      ["none", "only", "twelve-month-total", "total", "ytd", "statement-year", "year", "first-actual"].map(
        (w) => Type.Literal(w),
      ),
      { description: "Why, as a code the app words in the staff's language" },
    ),
    reason: Type.String({ description: "Why, in English" }),
  },
  { description: "The statement year's annual figure: the column mapping starts from, and why" },
);

const LayoutSchema = Type.Object({
  columns: Type.Array(ColumnSchema, {
    description: "Money columns, in order: line items' amounts follow them",
  }),
  skippedColumns: Type.Array(Type.Object({ label: Type.String(), kind: Type.String() }), {
    description: "Columns that are not money (percentages, ratios), left out of the amounts",
  }),
  year: Type.Union([Type.Integer(), Type.Null()], {
    description: "The year the statement reports, from its title",
  }),
  defaultColumn: DefaultColumnSchema,
});

const TotalCheckSchema = Type.Object({
  line: Type.Integer(),
  column: Type.Integer(),
  expected: Type.Number(),
  found: Type.Number(),
  difference: Type.Number(),
});

export const ExtractionResponse = Type.Object({
  status: FileStatusSchema,
  failureReason: Nullable(Type.String()),
  pages: Type.Array(
    Type.Object({
      number: Type.Integer(),
      text: Type.String(),
      source: Type.String({ description: "text (PDF text layer), ocr or sheet" }),
      name: Type.Union([Type.String(), Type.Null()], { description: "Sheet name for spreadsheets" }),
    }),
  ),
  lineItems: Type.Array(LineItemSchema),
  layout: LayoutSchema,
  failedTotals: Type.Array(TotalCheckSchema, {
    description: "Totals that do not equal the sum of their parts, by column (the section needs a look)",
  }),
  notes: Type.Array(Type.String(), { description: "e.g. hidden sheets that were skipped" }),
});

export const PageParams = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    n: Type.Integer({ minimum: 1, description: "Page number, from 1" }),
  },
  { additionalProperties: false },
);

export const PageImageQuery = Type.Object(
  {
    width: Type.Integer({
      minimum: 200,
      maximum: 1600,
      default: 1200,
      description: "Width of the image in pixels (images are never enlarged beyond their own width)",
    }),
  },
  { additionalProperties: false },
);
