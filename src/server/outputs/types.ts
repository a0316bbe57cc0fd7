import type { AuditReport, FieldDef, MappableForm } from "../../domain/statement-mapping";

/** One entry of an itemisation schedule (other income, miscellaneous expenses). */
export interface ItemisedAmount {
  label: string;
  /** Dollars and cents, not negative. */
  amount: number;
}

/**
 * Everything the outputs are made from. Pure data: no database, no files. Amounts are
 * dollars and cents (as in `figures.ts`), keyed by catalogue field id.
 */
export interface OutputInput {
  form: MappableForm;
  filingYear: number;
  property: {
    /** Any spelling `parseBbl` accepts; printed as 1-01119-0036 (Manhattan). */
    bbl: string;
    address: string;
    ownerName: string;
    taxClass?: string | null;
    buildingClass?: string | null;
  };
  /** The statement's period, ISO dates (YYYY-MM-DD). */
  period: { start: string; end: string };
  /**
   * Amount per field id of `form`: income, expense and excluded lines, counts (unit
   * counts, square feet) and amount-valued info fields. Figures given for total fields
   * are the statement's own and are ignored: every total is recomputed.
   */
  amounts: Readonly<Record<string, number>>;
  /** Items behind itemised lines, keyed by the line's field id (e.g. "rpie.J.11", "tc201.7.l"). */
  itemisations?: Readonly<Record<string, readonly ItemisedAmount[]>>;
  /** Text, date and choice fields (TC201 Part 10, TC203 Part 8 tenant and lease end), by field id. */
  details?: Readonly<Record<string, string>>;
  /** Printed in the footer of every page. */
  preparedBy?: string | null;
  /** For the TC309 checklist: the tentative AAV and what the audit report says. */
  audit?: { tentativeAav: number; report?: AuditReport | null } | null;
  /** When the outputs were made (printed, and stored as the files' dates); defaults to now. */
  generatedAt?: Date;
}

export interface InputProblem {
  /** The part of the input at fault: a field id, "property.bbl", "period", "itemisations.rpie.J.11[2]", ... */
  path: string;
  message: string;
}

/** The input cannot become a form: negative figures, another form's fields, a bad BBL or period, ... */
export class OutputInputError extends Error {
  readonly problems: readonly InputProblem[];
  constructor(form: string, problems: readonly InputProblem[]) {
    super(`Cannot produce the ${form.toUpperCase()} outputs: ${problems.map((p) => p.message).join("; ")}`);
    this.name = "OutputInputError";
    this.problems = problems;
  }
}

/** How a row of the worksheet is shown and whether it counts. */
export type RowKind =
  /** an income or expense line, counted in its totals */
  | "line"
  /** a computed total */
  | "total"
  /** an excluded item: shown, never counted */
  | "excluded"
  /** a count (units, square feet) */
  | "count"
  /** an amount that is information only (TC203 commercial rent) */
  | "info-amount"
  /** text, a date or a choice */
  | "text"
  /** the heading of an itemisation schedule placed by the form (TC201/TC203 Part 9) */
  | "schedule";

export interface WorksheetRow {
  field: FieldDef;
  kind: RowKind;
  /** Money or count; null when not given (totals always have one). */
  value: number | null;
  /** For text rows. */
  text?: string | null;
  /** For schedule rows: the schedule placed here. */
  schedule?: Schedule;
}

export interface Schedule {
  /** The itemised line, e.g. rpie.J.11. */
  field: FieldDef;
  title: string;
  items: readonly ItemisedAmount[];
  /** Sum of the items (equal to the line's amount). */
  total: number;
}

export interface WorksheetSection {
  /** As in the catalogue: "J", "L(I)", "Part 7". */
  section: string;
  title: string;
  /** A worksheet name for XLSX (≤ 31 characters, none of []:*?/\). */
  sheet: string;
  /** The excluded items' section: listed apart, not in totals. */
  excluded: boolean;
  rows: WorksheetRow[];
}

/** A validated input laid out in the form's order, with every total recomputed. */
export interface Worksheet {
  form: MappableForm;
  formTitle: string;
  filingYear: number;
  property: {
    bbl: string;
    bblDashed: string;
    borough: string;
    address: string;
    ownerName: string;
    taxClass: string | null;
    buildingClass: string | null;
  };
  period: { start: string; end: string };
  sections: WorksheetSection[];
  /** Schedules the form does not place itself (RPIE): printed after the sections. */
  trailingSchedules: Schedule[];
  /** Every itemised line with amount but no items (the form asks for them). */
  missingItemisations: FieldDef[];
  /** Recomputed totals by field id. */
  totals: Readonly<Record<string, number>>;
  /** Total income for the TC309 test (RPIE J 12 + K 3, TC201 6l, TC203 6f). */
  totalIncome: number;
  preparedBy: string | null;
  generatedAt: Date;
}

/** The files a mapped statement is put out as, with their content types, in the order they are listed. */
export const OUTPUT_TYPES = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  tc309: "application/pdf",
} as const;
export type OutputKind = keyof typeof OUTPUT_TYPES;
