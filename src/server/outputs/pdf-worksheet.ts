import { formatMoney, formatRowValue, lineText } from "./format";
import { newDocument, Writer } from "./layout";
import type { OutputInput, Schedule, Worksheet, WorksheetRow } from "./types";
import { prepareWorksheet } from "./worksheet";

const EXCLUDED_NOTE =
  "Reported so the statement reconciles with the owner's books; not included in any total on the form.";

function scheduleItems(out: Writer, schedule: Schedule, indent: number) {
  if (!schedule.items.length) {
    out.note("No items given.", { indent });
    return;
  }
  schedule.items.forEach((item, i) => {
    out.row({ line: "", label: `${i + 1}. ${item.label}`, value: formatMoney(item.amount), indent });
  });
  out.row({
    label: `Total of items (${schedule.items.length})`,
    value: formatMoney(schedule.total),
    bold: true,
    indent,
    ruleAbove: true,
  });
}

function formRow(out: Writer, row: WorksheetRow) {
  const line = lineText(row.field.line);
  if (row.kind === "schedule" && row.schedule) {
    out.row({ line: "", label: row.field.label, value: formatMoney(row.schedule.total), bold: true });
    scheduleItems(out, row.schedule, 14);
    return;
  }
  out.row({
    line,
    label: row.field.label,
    value: formatRowValue(row),
    bold: row.kind === "total",
    ruleAbove: row.kind === "total",
    valueWidth: row.kind === "text" ? 200 : undefined,
  });
}

/** Draws a prepared worksheet; see `renderWorksheetPdf`. */
export async function drawWorksheetPdf(w: Worksheet): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(w, w.formTitle);
  const out = new Writer(doc, fonts);
  for (const section of w.sections) {
    out.section(section.title, { right: "Amount (USD)" });
    if (section.excluded) out.note(EXCLUDED_NOTE);
    for (const row of section.rows) formRow(out, row);
  }
  for (const schedule of w.trailingSchedules) {
    out.section(`Schedule — ${schedule.title}`, { right: "Amount (USD)" });
    scheduleItems(out, schedule, 0);
  }
  if (w.missingItemisations.length) {
    out.section("Itemisations still needed");
    for (const field of w.missingItemisations)
      out.note(`${field.label} (line ${field.line}): the form asks for its items; none were given.`);
  }
  return out.finish(w, w.formTitle);
}

/**
 * The filled worksheet of an RPIE, TC201 or TC203 as a PDF: the form's sections and lines
 * in the catalogue's order with amounts right-aligned, totals recomputed, excluded items in
 * their own "not included in totals" section, itemisation schedules, and the property and
 * period in the header of every page ("Page n of N" in the footer).
 * Throws `OutputInputError` for input that cannot go on the form.
 */
export async function renderWorksheetPdf(input: OutputInput): Promise<Uint8Array> {
  return drawWorksheetPdf(prepareWorksheet(input));
}
