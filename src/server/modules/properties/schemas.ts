import { type TSchema, Type } from "@sinclair/typebox";
import { ExclusionSchema, FormSchema } from "../rpie/schemas";

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const SORT_FIELDS = ["bbl", "address", "ownerName", "aav", "createdAt", "updatedAt"] as const;

export const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    sortBy: Type.Union(
      SORT_FIELDS.map((f) => Type.Literal(f)),
      { default: "bbl" },
    ),
    sortDir: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "asc" }),
  },
  { additionalProperties: false },
);

export const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
export const LookupParams = Type.Object(
  { bbl: Type.String({ maxLength: 60 }) },
  { additionalProperties: false },
);

const Dollars = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 });
const Units = Type.Integer({ minimum: 0, maximum: 100_000 });

/** The editable fields; POST needs bbl, PATCH needs version. Empty text clears a field. */
const editable = {
  address: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  ownerName: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  taxClass: Type.Optional(
    Nullable(
      Type.String({ pattern: "^(1[A-Da-d]?|2[A-Ca-c]?|3|4)?$", description: "1, 1A–1D, 2, 2A–2C, 3 or 4" }),
    ),
  ),
  buildingClass: Type.Optional(
    Nullable(Type.String({ pattern: "^([A-Za-z][0-9A-Za-z])?$", description: "Two characters, e.g. D4" })),
  ),
  residentialUnits: Type.Optional(Units),
  commercialUnits: Type.Optional(Units),
  commercialSqFt: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))),
  aav: Type.Optional(Nullable(Dollars)),
  finalAav: Type.Optional(Nullable(Dollars)),
  fiscalYearEnd: Type.Optional(Type.String({ pattern: "^\\d{2}-\\d{2}$", description: "MM-DD, e.g. 12-31" })),
  isCoop: Type.Optional(Type.Boolean()),
  isCondoUnit: Type.Optional(Type.Boolean()),
  ownerOccupied: Type.Optional(Type.Boolean()),
  relatedPartyOnly: Type.Optional(Type.Boolean()),
  fullyExempt: Type.Optional(Type.Boolean()),
  vacant: Type.Optional(Type.Boolean()),
  vacantLand: Type.Optional(Type.Boolean()),
  fullYearOwned: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 5_000 }))),
};

export const CreateBody = Type.Object(
  { bbl: Type.String({ minLength: 1, maxLength: 60 }), ...editable },
  { additionalProperties: false },
);

export const PatchBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: "The version this change is based on" }),
    bbl: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    ...editable,
  },
  { additionalProperties: false },
);

const AssessmentSchema = Type.Object({
  filingYear: Type.Integer(),
  obligation: Type.Union([
    Type.Literal("must-file"),
    Type.Literal("claim-of-exclusion"),
    Type.Literal("not-required"),
  ]),
  mustFile: Type.Boolean(),
  claimOfExclusion: Type.Boolean(),
  exclusion: Nullable(ExclusionSchema),
  form: Nullable(FormSchema),
  rentRollAddendum: Type.Boolean(),
  deadline: Type.String({ format: "date" }),
  daysLeft: Type.Integer({ description: "Days from today (New York) to the deadline; negative once passed" }),
  penaltyIfLate: Type.Integer(),
  reasons: Type.Array(Type.String()),
});

const PropertyFile = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  documentType: Type.String(),
  statementYear: Nullable(Type.Integer()),
  status: Type.String(),
  createdAt: Type.String(),
});

export const PropertySchema = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  bbl: Type.String(),
  bblFormatted: Type.String(),
  borough: Type.Integer(),
  block: Type.Integer(),
  lot: Type.Integer(),
  address: Nullable(Type.String()),
  ownerName: Nullable(Type.String()),
  taxClass: Nullable(Type.String()),
  buildingClass: Nullable(Type.String()),
  residentialUnits: Type.Integer(),
  commercialUnits: Type.Integer(),
  commercialSqFt: Nullable(Type.Integer()),
  aav: Nullable(Type.Integer()),
  finalAav: Nullable(Type.Integer()),
  fiscalYearEnd: Type.String(),
  isCoop: Type.Boolean(),
  isCondoUnit: Type.Boolean(),
  ownerOccupied: Type.Boolean(),
  relatedPartyOnly: Type.Boolean(),
  fullyExempt: Type.Boolean(),
  vacant: Type.Boolean(),
  vacantLand: Type.Boolean(),
  fullYearOwned: Type.Boolean(),
  notes: Nullable(Type.String()),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** null until the AAV is known. */
  assessment: Nullable(AssessmentSchema),
});

export const PropertyWithFiles = Type.Object({
  ...PropertySchema.properties,
  files: Type.Array(PropertyFile),
});

export const PropertyPage = Type.Object({
  rows: Type.Array(PropertySchema),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
});

export const LookupResponse = Type.Object({
  bbl: Type.String(),
  bblFormatted: Type.String(),
  address: Nullable(Type.String()),
  ownerName: Nullable(Type.String()),
  borough: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  taxClass: Nullable(Type.String()),
  buildingClass: Nullable(Type.String()),
  residentialUnits: Nullable(Type.Integer()),
  commercialUnits: Nullable(Type.Integer()),
  commercialSqFt: Nullable(Type.Integer()),
  aav: Nullable(Type.Integer()),
  yearBuilt: Nullable(Type.Integer()),
  isCondoUnit: Type.Boolean(),
  vacantLand: Type.Boolean(),
});
