import { boroughName, formatBbl, formatBblDashed, parseBbl } from "../../domain/properties/bbl";
import {
  CatalogueYearError,
  computeTotals,
  type FieldDef,
  fieldById,
  fieldsFor,
  MAPPABLE_FORMS,
  type MappableForm,
  validateAmounts,
} from "../../domain/statement-mapping";
import {
  type InputProblem,
  type ItemisedAmount,
  type OutputInput,
  OutputInputError,
  type RowKind,
  type Schedule,
  type Worksheet,
  type WorksheetRow,
  type WorksheetSection,
} from "./types";

const FORM_TITLES: Record<MappableForm, string> = {
  rpie: "RPIE income and expense statement — worksheet",
  tc201: "TC201 income and expense schedule — rent-producing property",
  tc203: "TC203 income and expense schedule — co-operatives and condominiums",
};

/** Section headings and XLSX sheet names; a section a later catalogue adds falls back to its name. */
const SECTION_TITLES: Record<string, { title: string; sheet: string }> = {
  "rpie:J": { title: "Section J — Income from real estate", sheet: "J Income" },
  "rpie:K": { title: "Section K — Business income", sheet: "K Business income" },
  "rpie:L(I)": { title: "Section L(I) — Operating expenses", sheet: "L(I) Operating expenses" },
  "rpie:L(II)": { title: "Section L(II) — Reserves", sheet: "L(II) Reserves" },
  "rpie:Excluded": { title: "Not included in totals — excluded items", sheet: "Excluded items" },
  "tc201:Part 6": { title: "Part 6 — Income", sheet: "Part 6 Income" },
  "tc201:Part 7": { title: "Part 7 — Expenses", sheet: "Part 7 Expenses" },
  "tc201:Part 8": { title: "Part 8 — Net profit", sheet: "Part 8 Net profit" },
  "tc201:Part 9": { title: "Part 9 — Itemisation", sheet: "Part 9 Itemisation" },
  "tc201:Part 10": { title: "Part 10 — Tenants' electricity", sheet: "Part 10 Electricity" },
  "tc203:Part 6": { title: "Part 6 — Income", sheet: "Part 6 Income" },
  "tc203:Part 7": { title: "Part 7 — Expenses", sheet: "Part 7 Expenses" },
  "tc203:Part 8": { title: "Part 8 — Commercial detail", sheet: "Part 8 Commercial" },
  "tc203:Part 9": { title: "Part 9 — Itemisation", sheet: "Part 9 Itemisation" },
};

/** Where the form itself asks for an itemisation: its Part 9 line → the itemised line. */
const PLACED_SCHEDULES: Record<string, string> = {
  "tc201.9.other-income": "tc201.6.k",
  "tc201.9.misc-expenses": "tc201.7.l",
  "tc203.9.other-income": "tc203.6.e",
  "tc203.9.misc-expenses": "tc203.7.i",
};

/** The lines whose sum is the income the TC309 test looks at. */
const INCOME_TOTALS: Record<MappableForm, readonly string[]> = {
  rpie: ["rpie.J.12", "rpie.K.3"],
  tc201: ["tc201.6.l"],
  tc203: ["tc203.6.f"],
};

const cents = (n: number) => Math.round(n * 100) / 100;
const hasFractionOfCent = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) > 1e-6;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(s: unknown): s is string {
  if (typeof s !== "string") return false;
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function rowKind(field: FieldDef): RowKind {
  switch (field.kind) {
    case "income":
    case "expense":
      return "line";
    case "total":
      return "total";
    case "excluded":
      return "excluded";
    default:
      if (PLACED_SCHEDULES[field.id]) return "schedule";
      if (field.valueType === "count") return "count";
      if ((field.valueType ?? "amount") === "amount") return "info-amount";
      return "text";
  }
}

const isItemisedLine = (f: FieldDef) => Boolean(f.itemised) && (f.kind === "income" || f.kind === "expense");

function scheduleTitle(field: FieldDef): string {
  const where = field.section.startsWith("Part") ? field.line : `${field.section} ${field.line}`;
  return `${field.label.replace(/\s*\(itemi[sz]e[^)]*\)|\s*\(itemi[sz]ed\)/i, "")} (line ${where})`;
}

/**
 * Checks an input and lays it out in the form's order: every line of the form for the
 * filing year, the given amounts, totals recomputed with `computeTotals` (a figure passed
 * for a total is ignored), excluded items in their own section, itemisations as schedules.
 * Throws `OutputInputError` listing every problem (negative figures, another form's
 * fields, a bad BBL or period, itemisations that do not add up to their line, ...).
 */
export function prepareWorksheet(input: OutputInput): Worksheet {
  const problems: InputProblem[] = [];
  const form = input?.form;
  if (!MAPPABLE_FORMS.includes(form as MappableForm))
    throw new OutputInputError(String(form), [
      { path: "form", message: `Unknown form "${String(form)}"; expected rpie, tc201 or tc203` },
    ]);

  let fields: FieldDef[];
  try {
    fields = fieldsFor(form, input.filingYear);
  } catch (err) {
    if (err instanceof CatalogueYearError)
      throw new OutputInputError(form, [{ path: "filingYear", message: err.message }]);
    throw err;
  }
  const year = input.filingYear;

  // Property and period
  const bblParsed = parseBbl(String(input.property?.bbl ?? ""));
  if (!bblParsed.ok) problems.push({ path: "property.bbl", message: `BBL: ${bblParsed.message}` });
  const address = String(input.property?.address ?? "").trim();
  const ownerName = String(input.property?.ownerName ?? "").trim();
  if (!address) problems.push({ path: "property.address", message: "The property's address is missing" });
  if (!ownerName) problems.push({ path: "property.ownerName", message: "The owner's name is missing" });
  const { start, end } = input.period ?? { start: "", end: "" };
  if (!isIsoDate(start) || !isIsoDate(end))
    problems.push({ path: "period", message: "The period must be two dates written YYYY-MM-DD" });
  else if (start > end)
    problems.push({ path: "period", message: `The period ends (${end}) before it starts (${start})` });

  // Amounts: the catalogue's rules, then what an output needs besides
  const amounts: Record<string, number> = { ...(input.amounts ?? {}) };
  for (const p of validateAmounts(form, year, amounts))
    problems.push({ path: p.fieldId, message: p.message });
  for (const [id, value] of Object.entries(amounts)) {
    const field = fieldById(id, year);
    if (!field || field.form !== form || typeof value !== "number" || !Number.isFinite(value)) continue;
    if (field.valueType === "count" && !Number.isInteger(value))
      problems.push({ path: id, message: `"${field.label}" must be a whole number (${value})` });
    else if (hasFractionOfCent(value))
      problems.push({ path: id, message: `"${field.label}" has a fraction of a cent (${value})` });
  }

  // Itemisations: only on itemised lines of this form, items add up to the line
  const schedules = new Map<string, Schedule>();
  for (const [id, items] of Object.entries(input.itemisations ?? {})) {
    const field = fieldById(id, year);
    if (!field || field.form !== form || !isItemisedLine(field)) {
      const other = field && field.form !== form ? ` (a ${field.form.toUpperCase()} field)` : "";
      problems.push({
        path: `itemisations.${id}`,
        message: `"${id}"${other} is not an itemised line of the ${form.toUpperCase()}; itemisations go on ${fields
          .filter(isItemisedLine)
          .map((f) => f.id)
          .join(", ")}`,
      });
      continue;
    }
    if (!Array.isArray(items)) {
      problems.push({
        path: `itemisations.${id}`,
        message: `The itemisation of "${field.label}" must be a list`,
      });
      continue;
    }
    let ok = true;
    const clean: ItemisedAmount[] = [];
    items.forEach((item, i) => {
      const where = `itemisations.${id}[${i}]`;
      const label = typeof item?.label === "string" ? item.label.trim() : "";
      const amount = item?.amount;
      if (!label) {
        problems.push({ path: where, message: `Item ${i + 1} of "${field.label}" has no label` });
        ok = false;
      }
      if (typeof amount !== "number" || !Number.isFinite(amount)) {
        problems.push({
          path: where,
          message: `Item ${i + 1} of "${field.label}" must have a number as amount`,
        });
        ok = false;
      } else if (amount < 0) {
        problems.push({
          path: where,
          message: `Item "${label}" of "${field.label}" is negative (${amount}); negative figures are not allowed on the form`,
        });
        ok = false;
      } else if (hasFractionOfCent(amount)) {
        problems.push({
          path: where,
          message: `Item "${label}" of "${field.label}" has a fraction of a cent`,
        });
        ok = false;
      }
      if (ok) clean.push({ label, amount });
    });
    if (!ok) continue;
    const total = cents(clean.reduce((s, x) => s + x.amount, 0));
    const given = amounts[id];
    if (given === undefined) amounts[id] = total;
    else if (typeof given === "number" && Math.abs(cents(given) - total) >= 0.005)
      problems.push({
        path: `itemisations.${id}`,
        message: `The itemisation of "${field.label}" adds up to ${total.toFixed(2)}, not the line's ${given.toFixed(2)}`,
      });
    schedules.set(id, { field, title: scheduleTitle(field), items: clean, total });
  }

  // Details: text, date and choice fields
  const details: Record<string, string> = {};
  for (const [id, raw] of Object.entries(input.details ?? {})) {
    const field = fieldById(id, year);
    const type = field?.valueType ?? "amount";
    if (
      !field ||
      field.form !== form ||
      field.kind !== "info" ||
      field.itemised ||
      !["text", "date", "choice"].includes(type)
    ) {
      problems.push({
        path: `details.${id}`,
        message: field
          ? `"${field.label}" (${id}) is not a text, date or choice field of the ${form.toUpperCase()}`
          : `Unknown field "${id}" for filing year ${year}`,
      });
      continue;
    }
    const value = typeof raw === "string" ? raw.trim() : "";
    if (type === "date" && value && !isIsoDate(value))
      problems.push({ path: `details.${id}`, message: `"${field.label}" must be a date written YYYY-MM-DD` });
    else if (type === "choice" && value && !field.choices?.includes(value))
      problems.push({
        path: `details.${id}`,
        message: `"${field.label}" must be one of: ${(field.choices ?? []).join(", ")}`,
      });
    else if (value) details[id] = value;
  }

  if (input.audit) {
    const aav = input.audit.tentativeAav;
    if (typeof aav !== "number" || !Number.isFinite(aav) || aav < 0)
      problems.push({
        path: "audit.tentativeAav",
        message: "The tentative AAV must be a non-negative amount",
      });
  }
  const generatedAt = input.generatedAt ?? new Date();
  if (!(generatedAt instanceof Date) || Number.isNaN(generatedAt.getTime()))
    problems.push({ path: "generatedAt", message: "generatedAt must be a valid date" });

  if (problems.length || !bblParsed.ok) throw new OutputInputError(form, problems);

  // Lay out
  const totals = computeTotals(form, year, amounts);
  const sections: WorksheetSection[] = [];
  const placed = new Set<string>();
  for (const field of fields) {
    let section = sections.at(-1);
    if (!section || section.section !== field.section) {
      const names = SECTION_TITLES[`${form}:${field.section}`] ?? {
        title: field.section,
        sheet: field.section,
      };
      section = { section: field.section, ...names, excluded: field.kind === "excluded", rows: [] };
      sections.push(section);
    }
    const kind = rowKind(field);
    const row: WorksheetRow = { field, kind, value: null };
    if (kind === "total") row.value = totals[field.id] ?? 0;
    else if (kind === "text") row.text = details[field.id] ?? null;
    else if (kind === "schedule") {
      const target = PLACED_SCHEDULES[field.id] as string;
      const targetField = fieldById(target, year);
      row.schedule =
        schedules.get(target) ??
        (targetField && { field: targetField, title: scheduleTitle(targetField), items: [], total: 0 });
      row.value = row.schedule?.total ?? 0;
      placed.add(target);
    } else row.value = amounts[field.id] ?? null;
    section.rows.push(row);
  }

  const trailingSchedules = [...schedules.values()].filter((s) => !placed.has(s.field.id));
  const missingItemisations = fields.filter(
    (f) => isItemisedLine(f) && (amounts[f.id] ?? 0) > 0 && !(schedules.get(f.id)?.items.length ?? 0),
  );
  const totalIncome = cents(INCOME_TOTALS[form].reduce((s, id) => s + (totals[id] ?? 0), 0));
  const bbl = bblParsed.value;

  return {
    form,
    formTitle: FORM_TITLES[form],
    filingYear: year,
    property: {
      bbl: formatBbl(bbl),
      bblDashed: formatBblDashed(bbl),
      borough: boroughName(bbl.borough) ?? "",
      address,
      ownerName,
      taxClass: input.property.taxClass?.trim() || null,
      buildingClass: input.property.buildingClass?.trim() || null,
    },
    period: { start, end },
    sections,
    trailingSchedules,
    missingItemisations,
    totals,
    totalIncome,
    preparedBy: input.preparedBy?.trim() || null,
    generatedAt,
  };
}
