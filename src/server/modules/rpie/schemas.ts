import { Type } from "@sinclair/typebox";
import { EXCLUSIONS } from "../../../domain/rpie";

const Dollars = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: "Whole dollars" });
const Units = Type.Integer({ minimum: 0, maximum: 100_000 });

/** A property's facts for the RPIE rules (POST /api/rpie/assess). */
export const AssessBody = Type.Object(
  {
    filingYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
    aav: Dollars,
    finalAav: Type.Optional(Dollars),
    buildingClass: Type.Optional(Type.String({ pattern: "^[A-Za-z][0-9A-Za-z]$" })),
    residentialUnits: Units,
    commercialUnits: Units,
    commercialSqFt: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    isCoop: Type.Optional(Type.Boolean()),
    isCondoUnit: Type.Optional(Type.Boolean()),
    ownerOccupied: Type.Optional(Type.Boolean()),
    relatedPartyOnly: Type.Optional(Type.Boolean()),
    fullyExempt: Type.Optional(Type.Boolean()),
    vacant: Type.Optional(Type.Boolean()),
    vacantLand: Type.Optional(Type.Boolean()),
    fullYearOwned: Type.Optional(Type.Boolean()),
    consecutiveYearsNotFiled: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const ExclusionSchema = Type.Union(EXCLUSIONS.map((e) => Type.Literal(e)));
export const FormSchema = Type.Union([
  Type.Literal("long"),
  Type.Literal("short"),
  Type.Literal("exclusion"),
]);

export const AssessResponse = Type.Object({
  mustFile: Type.Boolean(),
  claimOfExclusion: Type.Boolean(),
  exclusion: Type.Union([ExclusionSchema, Type.Null()]),
  form: Type.Union([FormSchema, Type.Null()]),
  rentRollAddendum: Type.Boolean(),
  deadline: Type.String({ format: "date" }),
  penaltyIfLate: Type.Integer(),
  reasons: Type.Array(Type.String()),
});
