import type { CatalogueVersion, FieldDef, FieldKind, Form } from "./types";

/**
 * The field catalogue: every line of the RPIE income and expense statement, the Tax
 * Commission's TC201 and TC203 income and expense schedules, and the audit report fields
 * (for the TC309 certification), versioned by filing year. See docs/statement-mapping.md.
 *
 * Ids are stable ("rpie.J.1a", "tc201.7.m"): a later version keeps an id while the line
 * means the same thing and gives a changed line a new id, so saved mappings stay valid.
 */

type Extra = Partial<
  Pick<FieldDef, "totalOf" | "less" | "itemised" | "valueType" | "choices" | "allowsNegative">
>;

function f(
  id: string,
  form: Form,
  section: string,
  line: string,
  label: string,
  kind: FieldKind,
  extra: Extra = {},
): FieldDef {
  return { id, form, section, line, label, kind, allowsNegative: false, ...extra };
}

const rpie = (section: string, line: string, label: string, kind: FieldKind, extra?: Extra, id?: string) =>
  f(
    id ?? `rpie.${section === "L(I)" ? "L" : section === "L(II)" ? "LII" : section}.${line}`,
    "rpie",
    section,
    line,
    label,
    kind,
    extra,
  );

const J_INCOME_LINES = ["2", "3", "4", "5", "6", "7", "8", "9"] as const;
const J_ANCILLARY = ["10a", "10b", "10c", "10d", "10e", "10f", "10g"] as const;
const L_EXPENSE_LINES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"] as const;

/** RPIE income and expense statement (Sections J, K, L and the excluded items). */
const RPIE_2020: FieldDef[] = [
  // Section J — income from real estate
  rpie("J", "1a", "Residential — rent regulated (stabilised, controlled)", "income"),
  rpie("J", "1a.units", "Residential — rent regulated: number of units", "info", { valueType: "count" }),
  rpie("J", "1b", "Residential — unregulated (market rate)", "income"),
  rpie("J", "1b.units", "Residential — unregulated: number of units", "info", { valueType: "count" }),
  rpie("J", "1c", "Total residential", "total", { totalOf: ["rpie.J.1a", "rpie.J.1b"] }),
  rpie("J", "2", "Office", "income"),
  rpie("J", "3", "Retail", "income"),
  rpie("J", "4", "Loft", "income"),
  rpie("J", "5", "Factory", "income"),
  rpie("J", "6", "Warehouse", "income"),
  rpie("J", "7", "Storage", "income"),
  rpie("J", "8", "Garage and parking", "income"),
  rpie("J", "9", "Owner-occupied or related-party space", "income"),
  rpie("J", "10a", "Ancillary — operating escalation", "income"),
  rpie("J", "10b", "Ancillary — real estate tax escalation", "income"),
  rpie("J", "10c", "Ancillary — sale of utility services", "income"),
  rpie("J", "10d", "Ancillary — sale of other services", "income"),
  rpie("J", "10e", "Ancillary — government rent subsidies", "income"),
  rpie("J", "10f", "Ancillary — signage", "income"),
  rpie("J", "10g", "Ancillary — cell sites", "income"),
  rpie("J", "10", "Total ancillary income", "total", { totalOf: J_ANCILLARY.map((l) => `rpie.J.${l}`) }),
  rpie("J", "11", "Other income (itemised)", "income", { itemised: true }),
  rpie("J", "12", "Total income from real estate", "total", {
    totalOf: ["rpie.J.1c", ...J_INCOME_LINES.map((l) => `rpie.J.${l}`), "rpie.J.10", "rpie.J.11"],
  }),
  // Section K — business income (hotels, owner-operated garages, theatres, department stores)
  rpie("K", "1", "Gross receipts from business operations", "income"),
  rpie("K", "2", "Other business income", "income"),
  rpie("K", "3", "Total business income", "total", { totalOf: ["rpie.K.1", "rpie.K.2"] }),
  // Section L(I) — operating expenses
  rpie("L(I)", "1", "Fuel", "expense"),
  rpie("L(I)", "2", "Light and power", "expense"),
  rpie("L(I)", "3", "Cleaning contracts", "expense"),
  rpie("L(I)", "4", "Wages and payroll", "expense"),
  rpie("L(I)", "5", "Repairs and maintenance", "expense"),
  rpie("L(I)", "6", "Management and administration", "expense"),
  rpie("L(I)", "7", "Insurance", "expense"),
  rpie("L(I)", "8", "Water and sewer", "expense"),
  rpie("L(I)", "9", "Advertising", "expense"),
  rpie("L(I)", "10", "Interior painting and decorating", "expense"),
  rpie("L(I)", "11", "Amortised leasing costs", "expense"),
  rpie("L(I)", "12", "Tenant improvement costs", "expense"),
  rpie("L(I)", "13", "Miscellaneous (itemised)", "expense", { itemised: true }),
  rpie("L(I)", "14", "Total operating expenses", "total", {
    totalOf: L_EXPENSE_LINES.map((l) => `rpie.L.${l}`),
  }),
  // Section L(II) — reserves (reported apart from operating expenses)
  rpie("L(II)", "15", "Reserves for replacement", "expense"),
  // Excluded items: reported so the statement reconciles, never in a total
  rpie("Excluded", "—", "Real estate taxes", "excluded", {}, "rpie.excluded.real-estate-taxes"),
  rpie("Excluded", "—", "Bad debt", "excluded", {}, "rpie.excluded.bad-debt"),
  rpie("Excluded", "—", "Depreciation and amortisation", "excluded", {}, "rpie.excluded.depreciation"),
  rpie(
    "Excluded",
    "—",
    "Mortgage interest and debt service",
    "excluded",
    {},
    "rpie.excluded.mortgage-interest",
  ),
];

const tc201 = (part: number | string, line: string, label: string, kind: FieldKind, extra?: Extra) =>
  f(`tc201.${part}.${line}`, "tc201", `Part ${part}`, line, label, kind, extra);

const TC201_INCOME = "abcdefghijk".split("");
const TC201_EXPENSES = "abcdefghijkl".split("");

/** TC201: income and expense schedule for rent-producing property (Tax Commission). */
const TC201_2020: FieldDef[] = [
  tc201(6, "a", "Apartments (residential rent)", "income"),
  tc201(6, "b", "Offices", "income"),
  tc201(6, "c", "Retail stores", "income"),
  tc201(6, "d", "Lofts", "income"),
  tc201(6, "e", "Factory and industrial", "income"),
  tc201(6, "f", "Warehouse and storage", "income"),
  tc201(6, "g", "Garage and parking", "income"),
  tc201(6, "h", "Signs and billboards", "income"),
  tc201(6, "i", "Sale of electricity and other utilities", "income"),
  tc201(6, "j", "Escalations (operating and real estate tax)", "income"),
  tc201(6, "k", "Other income (itemise in Part 9)", "income", { itemised: true }),
  tc201(6, "l", "Total income", "total", { totalOf: TC201_INCOME.map((l) => `tc201.6.${l}`) }),
  tc201(7, "a", "Fuel", "expense"),
  tc201(7, "b", "Light and power", "expense"),
  tc201(7, "c", "Wages and payroll", "expense"),
  tc201(7, "d", "Repairs and maintenance", "expense"),
  tc201(7, "e", "Cleaning contracts", "expense"),
  tc201(7, "f", "Management", "expense"),
  tc201(7, "g", "Administrative, legal and accounting", "expense"),
  tc201(7, "h", "Insurance", "expense"),
  tc201(7, "i", "Water and sewer", "expense"),
  tc201(7, "j", "Painting and decorating", "expense"),
  tc201(7, "k", "Leasing commissions and advertising", "expense"),
  tc201(7, "l", "Miscellaneous (itemise in Part 9)", "expense", { itemised: true }),
  tc201(7, "m", "Expenses before real estate taxes", "total", {
    totalOf: TC201_EXPENSES.map((l) => `tc201.7.${l}`),
  }),
  tc201(7, "n", "Real estate taxes", "expense"),
  tc201(7, "o", "Total expenses", "total", { totalOf: ["tc201.7.m", "tc201.7.n"] }),
  tc201(8, "before-taxes", "Net profit before real estate taxes", "total", {
    totalOf: ["tc201.6.l"],
    less: ["tc201.7.m"],
    allowsNegative: true,
  }),
  tc201(8, "after-taxes", "Net profit after real estate taxes", "total", {
    totalOf: ["tc201.6.l"],
    less: ["tc201.7.o"],
    allowsNegative: true,
  }),
  tc201(9, "other-income", "Itemisation of other income (line 6k)", "info", {
    valueType: "text",
    itemised: true,
  }),
  tc201(9, "misc-expenses", "Itemisation of miscellaneous expenses (line 7l)", "info", {
    valueType: "text",
    itemised: true,
  }),
  tc201(10, "tenants-electricity", "Tenants' electricity", "info", {
    valueType: "choice",
    choices: ["included in rent", "submetered", "paid by tenants directly"],
  }),
];

const tc203 = (part: number, line: string, label: string, kind: FieldKind, extra?: Extra) =>
  f(`tc203.${part}.${line}`, "tc203", `Part ${part}`, line, label, kind, extra);

const TC203_OPEX = "abcdefghi".split("");

/** TC203: income and expense schedule for co-operatives and condominiums (Tax Commission). */
const TC203_2020: FieldDef[] = [
  tc203(6, "a", "Income from unit owners (maintenance, common charges)", "income"),
  tc203(6, "b", "Commercial income — sponsor", "income"),
  tc203(6, "c", "Commercial income — master lease", "income"),
  tc203(6, "d", "Commercial income — direct leases", "income"),
  tc203(6, "e", "Other income", "income", { itemised: true }),
  tc203(6, "f", "Total income", "total", { totalOf: "abcde".split("").map((l) => `tc203.6.${l}`) }),
  tc203(7, "a", "Fuel", "expense"),
  tc203(7, "b", "Electricity", "expense"),
  tc203(7, "c", "Wages and payroll", "expense"),
  tc203(7, "d", "Repairs and maintenance", "expense"),
  tc203(7, "e", "Management", "expense"),
  tc203(7, "f", "Insurance", "expense"),
  tc203(7, "g", "Water and sewer", "expense"),
  tc203(7, "h", "Leasing commissions", "expense"),
  tc203(7, "i", "Miscellaneous (itemise in Part 9)", "expense", { itemised: true }),
  tc203(7, "j", "Total operating expenses", "total", { totalOf: TC203_OPEX.map((l) => `tc203.7.${l}`) }),
  tc203(7, "k", "Land or building rent", "expense"),
  tc203(7, "l", "Total expenses including land or building rent", "total", {
    totalOf: ["tc203.7.j", "tc203.7.k"],
  }),
  tc203(8, "tenant", "Commercial tenant", "info", { valueType: "text" }),
  tc203(8, "area", "Commercial area (square feet)", "info", { valueType: "count" }),
  tc203(8, "rent", "Commercial annual rent", "info", { valueType: "amount" }),
  tc203(8, "lease-ends", "Commercial lease expiration", "info", { valueType: "date" }),
  tc203(9, "other-income", "Itemisation of other income (line 6e)", "info", {
    valueType: "text",
    itemised: true,
  }),
  tc203(9, "misc-expenses", "Itemisation of miscellaneous expenses (line 7i)", "info", {
    valueType: "text",
    itemised: true,
  }),
];

/** Audit opinions; only an unmodified ("clean") opinion supports a TC309 certification. */
export const AUDIT_OPINIONS = ["unmodified", "qualified", "adverse", "disclaimer"] as const;
export type AuditOpinion = (typeof AUDIT_OPINIONS)[number];

const audit = (line: string, label: string, kind: FieldKind, extra?: Extra) =>
  f(`audit.${line}`, "audit", "Audit report", line, label, kind, extra);

/** The fields read off a certified audit report. */
const AUDIT_2020: FieldDef[] = [
  audit("auditor", "Auditor (firm)", "info", { valueType: "text" }),
  audit("cpa-licence", "CPA licence number", "info", { valueType: "text" }),
  audit("opinion", "Opinion type", "info", { valueType: "choice", choices: AUDIT_OPINIONS }),
  audit("period-start", "Period audited — from", "info", { valueType: "date" }),
  audit("period-end", "Period audited — to", "info", { valueType: "date" }),
  audit("total-income", "Audited total income", "total"),
  audit("total-expenses", "Audited total expenses", "total"),
];

/** Catalogue versions, oldest first. A new form revision adds a version with its first filing year. */
export const CATALOGUE_VERSIONS: readonly CatalogueVersion[] = [
  { fromYear: 2020, fields: [...RPIE_2020, ...TC201_2020, ...TC203_2020, ...AUDIT_2020] },
];

export const FIRST_CATALOGUE_YEAR = CATALOGUE_VERSIONS[0]?.fromYear ?? 2020;

export class CatalogueYearError extends RangeError {
  constructor(year: number) {
    super(`No field catalogue for filing year ${year}; the catalogue covers ${FIRST_CATALOGUE_YEAR} onward`);
  }
}

/** The catalogue version in force for a filing year (the latest starting on or before it). */
export function catalogueFor(
  year: number,
  versions: readonly CatalogueVersion[] = CATALOGUE_VERSIONS,
): CatalogueVersion {
  let found: CatalogueVersion | undefined;
  for (const v of versions) if (v.fromYear <= year && (!found || v.fromYear > found.fromYear)) found = v;
  if (!found || !Number.isInteger(year)) throw new CatalogueYearError(year);
  return found;
}

/** Every field of a form for a filing year, in the form's order. */
export function fieldsFor(
  form: Form,
  year: number,
  versions: readonly CatalogueVersion[] = CATALOGUE_VERSIONS,
): FieldDef[] {
  return catalogueFor(year, versions).fields.filter((x) => x.form === form);
}

const byIdCache = new WeakMap<CatalogueVersion, Map<string, FieldDef>>();

/** A field by id in a filing year's catalogue, or undefined. */
export function fieldById(
  id: string,
  year: number,
  versions: readonly CatalogueVersion[] = CATALOGUE_VERSIONS,
): FieldDef | undefined {
  const version = catalogueFor(year, versions);
  let map = byIdCache.get(version);
  if (!map) {
    map = new Map(version.fields.map((x) => [x.id, x]));
    byIdCache.set(version, map);
  }
  return map.get(id);
}

/** Fields a statement line can be mapped to: amounts (income, expense, total, excluded), not info fields. */
export function mappableFields(form: Form, year: number): FieldDef[] {
  return fieldsFor(form, year).filter((x) => x.kind !== "info");
}
