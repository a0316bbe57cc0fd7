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

export const StaffFile = Type.Composite([
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

export const LineItemSchema = Type.Object({
  page: Type.Integer(),
  section: Type.Union([Type.String(), Type.Null()]),
  label: Type.String(),
  amounts: Type.Array(Type.Number()),
  isTotal: Type.Boolean(),
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
  notes: Type.Array(Type.String(), { description: "e.g. hidden sheets that were skipped" }),
});

export const ErrorResponse = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String({ description: "Stable reason (src/domain/errors.ts)" })),
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
