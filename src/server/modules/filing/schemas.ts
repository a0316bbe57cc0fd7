import { type TSchema, Type } from "@sinclair/typebox";
import { FILING_KINDS, FILING_STATES, INVOICE_STATUSES, QUOTE_ITEM_KINDS } from "../../../domain/filing";

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** A union of string literals that keeps its static type (T[number]). */
const literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

const FilingStateSchema = literals(FILING_STATES);
const FilingKindSchema = literals(FILING_KINDS);
const Uuid = Type.String({ format: "uuid" });
const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD" });
const Version = Type.Integer({ minimum: 1, description: "The version this change is based on" });
const Cents = Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: "US cents" });

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });

const FilingEventSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  actorRole: Type.String(),
  actorName: Nullable(Type.String()),
  fromState: Nullable(Type.String()),
  toState: Nullable(Type.String()),
  message: Nullable(Type.String()),
  createdAt: Type.String(),
});

const QuoteItemSchema = Type.Object({
  kind: literals(QUOTE_ITEM_KINDS),
  description: Type.String(),
  quantity: Type.Integer(),
  unitCents: Type.Integer(),
  amountCents: Type.Integer(),
});

const QuoteSchema = Type.Object({
  id: Type.String(),
  filingId: Type.String(),
  status: Type.String(),
  totalCents: Type.Integer(),
  note: Nullable(Type.String()),
  items: Type.Array(QuoteItemSchema),
  sentAt: Nullable(Type.String()),
  acceptedAt: Nullable(Type.String()),
  acceptedBy: Nullable(Type.String()),
  createdAt: Type.String(),
});

export const InvoiceSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  filingId: Type.String(),
  quoteId: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  propertyId: Type.String(),
  bbl: Type.String(),
  address: Nullable(Type.String()),
  year: Type.Integer(),
  kind: Type.String(),
  amountCents: Type.Integer(),
  paidCents: Type.Integer(),
  currency: Type.String(),
  status: literals(INVOICE_STATUSES),
  method: Nullable(Type.String()),
  paidAt: Nullable(Type.String()),
  overrideReason: Nullable(Type.String()),
  overriddenAt: Nullable(Type.String()),
  items: Type.Array(QuoteItemSchema),
  createdAt: Type.String(),
});

export const FilingSchema = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  propertyId: Type.String(),
  bbl: Type.String(),
  address: Nullable(Type.String()),
  year: Type.Integer(),
  kind: FilingKindSchema,
  state: FilingStateSchema,
  returnTo: Nullable(Type.String()),
  stateChangedAt: Type.String(),
  daysInState: Type.Integer(),
  deadline: Type.String({ format: "date", description: "The RPIE deadline of the filing year" }),
  question: Nullable(Type.String({ description: "While in needs_information: what staff asked" })),
  reason: Nullable(Type.String()),
  noticeFileId: Nullable(Type.String()),
  confirmationNumber: Nullable(Type.String()),
  filedOn: Nullable(Type.String()),
  filedBy: Nullable(Type.String()),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** What the caller may do next (owner or staff moves). */
  nextStates: Type.Array(Type.String()),
  events: Type.Array(FilingEventSchema),
  quote: Nullable(QuoteSchema),
  invoice: Nullable(InvoiceSchema),
});

/**
 * A filing as staff see it: every staff answer that carries a filing (queue, page, moves, quotes,
 * payments, override, filed) carries its flags, so an answer never drops what the queue shows.
 */
export const StaffFilingSchema = Type.Object({
  ...FilingSchema.properties,
  flags: Type.Array(Type.Object({ code: Type.String(), message: Type.String() }), {
    description:
      "The TC309 flags (audit report missing or not supporting the certification), [] once filed; " +
      "filing is refused while any is not explained",
  }),
});

export const OwnerListQuery = Type.Object(
  { propertyId: Type.Optional(Uuid), year: Type.Optional(Year), kind: Type.Optional(FilingKindSchema) },
  { additionalProperties: false },
);

export const CreateFilingBody = Type.Object(
  { propertyId: Uuid, year: Year, kind: Type.Optional(Type.Literal("rpie")) },
  { additionalProperties: false },
);

export const PenaltyRemovalBody = Type.Object(
  {
    propertyId: Uuid,
    year: Year,
    reason: Type.String({ minLength: 1, maxLength: 5000 }),
    noticeFileId: Type.String({
      format: "uuid",
      description: "The uploaded penalty notice (POST /api/file/upload)",
    }),
  },
  { additionalProperties: false },
);

export const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });

export const AnswerBody = Type.Object(
  {
    version: Version,
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    fileIds: Type.Optional(Type.Array(Uuid, { maxItems: 20, description: "Files uploaded with the answer" })),
  },
  { additionalProperties: false },
);

export const StaffQueueQuery = Type.Object(
  {
    state: Type.Optional(FilingStateSchema),
    kind: Type.Optional(FilingKindSchema),
    companyId: Type.Optional(Uuid),
    year: Type.Optional(Year),
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  },
  { additionalProperties: false },
);

export const StaffQueue = Type.Object({
  items: Type.Array(StaffFilingSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer(), {
    description: "Filings per state with the other filters applied",
  }),
});

export const TransitionBody = Type.Object(
  {
    to: FilingStateSchema,
    version: Version,
    message: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);

export const FiledBody = Type.Object(
  {
    version: Version,
    confirmationNumber: Type.String({ minLength: 1, maxLength: 100 }),
    filedOn: IsoDate,
    flagsExplanation: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description: "Why the filing is filed despite its flags (kept in the timeline)",
      }),
    ),
  },
  { additionalProperties: false },
);

export const QuoteBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          kind: literals(QUOTE_ITEM_KINDS),
          description: Type.Optional(Type.String({ maxLength: 300 })),
          quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
          unitCents: Cents,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    note: Type.Optional(Type.String({ maxLength: 5000 })),
    send: Type.Boolean({ default: true, description: "Send it to the owner now (false keeps a draft)" }),
  },
  { additionalProperties: false },
);

export const AcceptResponse = Type.Object({ quote: QuoteSchema, invoice: InvoiceSchema });

export const MarkReceivedBody = Type.Object(
  {
    method: Type.Union([Type.Literal("bank_transfer"), Type.Literal("check")]),
    reference: Type.Optional(
      Type.String({ maxLength: 200, description: "Transfer reference or check number" }),
    ),
    receivedOn: Type.Optional(IsoDate),
    amountCents: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  },
  { additionalProperties: false },
);

export const OverrideBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 2000 }) },
  { additionalProperties: false },
);

export const CheckoutResponse = Type.Union([
  Type.Object({ provider: Type.Literal("stripe"), sessionId: Type.String(), url: Type.String() }),
  Type.Object({
    provider: Type.Literal("manual"),
    instructions: Type.String(),
    reference: Type.String(),
    amountCents: Type.Integer(),
    currency: Type.String(),
  }),
]);

const FilingDocument = Type.Object({
  name: Type.String({ description: "The download name, e.g. rpie-2025-1011190036.pdf" }),
  kind: Type.Union([Type.Literal("pdf"), Type.Literal("csv"), Type.Literal("xlsx"), Type.Literal("tc309")]),
  contentType: Type.String(),
  size: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
});

export const FilingDocuments = Type.Object({ items: Type.Array(FilingDocument) });

export const DocumentParams = Type.Object(
  { id: Uuid, name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
