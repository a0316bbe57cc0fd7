import { Type } from "@sinclair/typebox";
import { FIRST_CATALOGUE_YEAR, FORMS, MAPPABLE_FORMS } from "../../../domain/statement-mapping";

export const MAX_LABELS = 2000;
export const MAX_LABEL_LENGTH = 300;

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const Year = Type.Integer({
  minimum: FIRST_CATALOGUE_YEAR,
  maximum: 2100,
  description: `Filing year of the catalogue (${FIRST_CATALOGUE_YEAR} on); defaults to this year`,
});

export const FieldsQuery = Type.Object({ year: Type.Optional(Year) }, { additionalProperties: false });

const FieldSchema = Type.Object({
  id: Type.String({ description: 'Stable id, e.g. "rpie.J.1a", "tc201.7.m"' }),
  form: literals(FORMS),
  section: Type.String(),
  line: Type.String(),
  label: Type.String(),
  kind: literals(["income", "expense", "total", "excluded", "info"] as const),
  totalOf: Type.Optional(Type.Array(Type.String())),
  less: Type.Optional(Type.Array(Type.String())),
  allowsNegative: Type.Boolean(),
  itemised: Type.Optional(Type.Boolean()),
  valueType: Type.Optional(literals(["amount", "count", "text", "date", "choice"] as const)),
  choices: Type.Optional(Type.Array(Type.String())),
});

export const FieldList = Type.Object({
  form: literals(FORMS),
  year: Type.Integer({ description: "The filing year asked for" }),
  catalogueYear: Type.Integer({ description: "First filing year of the catalogue version that applies" }),
  fields: Type.Array(FieldSchema),
});

export const AuditFieldList = Type.Object({
  ...FieldList.properties,
  tc309: Type.Object({
    minTentativeAav: Type.Integer({ description: "TC309 required when the tentative AAV is at least this…" }),
    incomeOver: Type.Integer({ description: "…and the income is more than this" }),
    requiredOpinion: Type.Literal("unmodified"),
  }),
});

export const SuggestBody = Type.Object(
  {
    form: literals(MAPPABLE_FORMS),
    labels: Type.Array(Type.String({ maxLength: MAX_LABEL_LENGTH }), { minItems: 1, maxItems: MAX_LABELS }),
    year: Type.Optional(Year),
  },
  { additionalProperties: false },
);

const Candidate = Type.Object({
  field: Type.Object({
    id: Type.String(),
    form: literals(FORMS),
    line: Type.String(),
    label: Type.String(),
  }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  reason: Type.String({
    description:
      'Why: "your earlier mapping", "learned from 12 confirmed mappings", "keyword \'payroll\'", "similar to \'Wages and payroll\'"',
  }),
  source: literals(["prior", "learned", "keyword", "fuzzy"] as const),
});

export const SuggestResponse = Type.Object({
  suggestions: Type.Array(
    Type.Object({ label: Type.String(), candidates: Type.Array(Candidate, { maxItems: 5 }) }),
  ),
});
