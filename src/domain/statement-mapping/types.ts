/** The forms a statement's lines are mapped onto. */
export const FORMS = ["rpie", "tc201", "tc203", "audit"] as const;
export type Form = (typeof FORMS)[number];

/** The forms that have income and expense lines to map statement labels onto. */
export const MAPPABLE_FORMS = ["rpie", "tc201", "tc203"] as const;
export type MappableForm = (typeof MAPPABLE_FORMS)[number];

/**
 * - income / expense: an amount a statement line is mapped to, counted in its totals
 * - total: computed from `totalOf` (less `less`); a statement's own total may be mapped to it for reconciliation
 * - excluded: an amount kept on the worksheet but never in any total (RPIE: real estate taxes, bad debt, ...)
 * - info: not an amount to add up (unit counts, names, dates, choices)
 */
export type FieldKind = "income" | "expense" | "total" | "excluded" | "info";

/** What an info field holds; amounts are whole or fractional dollars. */
type ValueType = "amount" | "count" | "text" | "date" | "choice";

export interface FieldDef {
  /** Stable across catalogue versions while the line means the same thing, e.g. "rpie.J.1a". */
  id: string;
  form: Form;
  /** e.g. "J", "L(I)", "Part 7". */
  section: string;
  /** The line as printed on the form, e.g. "1a", "10c", "m". */
  line: string;
  label: string;
  kind: FieldKind;
  /** For totals: the fields added up (all on the same form). */
  totalOf?: readonly string[];
  /** For net figures: the fields subtracted after `totalOf` is added up. */
  less?: readonly string[];
  /**
   * Negative figures are not allowed on the forms. The only exceptions are the TC201's
   * computed net profit lines, where a loss is a negative result, never an entered figure.
   */
  allowsNegative: boolean;
  /** The form asks for an itemised list behind this line (other income, miscellaneous expenses). */
  itemised?: boolean;
  /** For info fields: what they hold (defaults to "amount"). */
  valueType?: ValueType;
  /** For choice fields: the allowed values. */
  choices?: readonly string[];
}

/** A catalogue version: the fields of every form for filing years from `fromYear` on. */
export interface CatalogueVersion {
  fromYear: number;
  fields: readonly FieldDef[];
}
