import ExcelJS from "exceljs";
import { fieldById } from "../../domain/statement-mapping";
import { headerFacts, lineText } from "./format";
import type { OutputInput, Schedule, Worksheet, WorksheetRow } from "./types";
import { prepareWorksheet } from "./worksheet";

export const MONEY_FORMAT = "#,##0.00;-#,##0.00";
const COUNT_FORMAT = "#,##0";
/** Column of the amounts (C) in every sheet; A line, B label, D field id, E note. */
const AMOUNT_COL = "C";

const NOTES: Partial<Record<WorksheetRow["kind"], string>> = {
  total: "total (formula)",
  excluded: "not included in totals",
  count: "count",
  "info-amount": "for information",
  schedule: "itemisation (formula)",
};

type Planned =
  | { kind: "row"; row: WorksheetRow }
  | { kind: "item"; schedule: Schedule; index: number }
  | { kind: "items-total"; schedule: Schedule; first: number; last: number }
  | { kind: "note"; text: string };

interface SheetPlan {
  name: string;
  title: string;
  rows: Planned[];
}

/** Sheet name for a formula reference: quoted, quotes doubled. */
const sheetRef = (name: string) => `'${name.replace(/'/g, "''")}'`;

function scheduleRows(s: Schedule): Planned[] {
  return s.items.map((_, index) => ({ kind: "item", schedule: s, index }) as Planned);
}

/** One sheet per part of the form (and one for RPIE schedules), rows planned before writing. */
function plan(w: Worksheet): SheetPlan[] {
  const sheets: SheetPlan[] = w.sections.map((section) => {
    const rows: Planned[] = [];
    if (section.excluded) rows.push({ kind: "note", text: "Not included in totals." });
    for (const row of section.rows) {
      rows.push({ kind: "row", row });
      if (row.kind === "schedule" && row.schedule) rows.push(...scheduleRows(row.schedule));
    }
    return { name: section.sheet, title: section.title, rows };
  });
  if (w.trailingSchedules.length) {
    const rows: Planned[] = [];
    for (const s of w.trailingSchedules) {
      rows.push({ kind: "note", text: s.title });
      rows.push(...scheduleRows(s));
      rows.push({ kind: "items-total", schedule: s, first: 0, last: 0 });
    }
    sheets.push({ name: "Schedules", title: "Itemisation schedules", rows });
  }
  return sheets;
}

/**
 * Writes a prepared worksheet as a workbook; see `renderXlsx`. Totals are formulas over
 * the cells of their parts (across sheets where the form adds up parts: TC201 Part 8)
 * with the recomputed total stored as the formula's result, so the figure shows before
 * any recalculation and Excel's own calculation gives the same number.
 */
export async function worksheetXlsx(w: Worksheet): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = w.preparedBy ?? "Blocklot";
  book.created = w.generatedAt;
  book.modified = w.generatedAt;
  book.title = `${w.formTitle} — ${w.property.bblDashed}, ${w.filingYear}`;
  book.calcProperties.fullCalcOnLoad = true;

  const facts = headerFacts(w);
  const tableHeaderRow = facts.length + 3;
  const plans = plan(w);

  // Where each field's amount lives, for the formulas
  const cellOf = new Map<string, { sheet: string; row: number }>();
  for (const p of plans)
    p.rows.forEach((r, i) => {
      if (r.kind === "row") cellOf.set(r.row.field.id, { sheet: p.name, row: tableHeaderRow + 1 + i });
    });
  const ref = (id: string, from: string) => {
    const at = cellOf.get(id);
    if (!at) return null;
    const cell = `${AMOUNT_COL}${at.row}`;
    return at.sheet === from ? cell : `${sheetRef(at.sheet)}!${cell}`;
  };
  const counts = (id: string) => {
    const f = fieldById(id, w.filingYear);
    return Boolean(f && f.kind !== "excluded" && f.kind !== "info");
  };
  const totalFormula = (row: WorksheetRow, sheet: string) => {
    const refs = (ids: readonly string[] | undefined) =>
      (ids ?? [])
        .filter(counts)
        .map((id) => ref(id, sheet))
        .filter((x): x is string => x !== null);
    const minus = refs(row.field.less).map((m) => `-${m}`);
    return `${refs(row.field.totalOf).join("+") || "0"}${minus.join("")}`;
  };

  for (const p of plans) {
    const ws = book.addWorksheet(p.name, { views: [{ state: "frozen", ySplit: tableHeaderRow }] });
    ws.columns = [{ width: 8 }, { width: 62 }, { width: 18 }, { width: 28 }, { width: 24 }];
    ws.getCell("A1").value = `${w.formTitle}: ${p.title}`;
    ws.getCell("A1").font = { bold: true, size: 13 };
    facts.forEach(([k, v], i) => {
      ws.getCell(`A${i + 2}`).value = k;
      ws.getCell(`A${i + 2}`).font = { bold: true };
      ws.getCell(`B${i + 2}`).value = v;
    });
    const header = ws.getRow(tableHeaderRow);
    header.values = ["Line", "Label", "Amount (USD)", "Field id", "Note"];
    header.font = { bold: true };
    header.getCell(3).alignment = { horizontal: "right" };

    let scheduleFirst = 0;
    p.rows.forEach((planned, i) => {
      const r = tableHeaderRow + 1 + i;
      const row = ws.getRow(r);
      const amount = row.getCell(3);
      if (planned.kind === "note") {
        row.getCell(2).value = planned.text;
        row.getCell(2).font = { italic: true, bold: p.name === "Schedules" };
        scheduleFirst = r + 1;
        return;
      }
      if (planned.kind === "item") {
        const item = planned.schedule.items[planned.index];
        if (!item) return;
        if (planned.index === 0) scheduleFirst = r;
        row.getCell(1).value = lineText(planned.schedule.field.line);
        row.getCell(2).value = `${planned.index + 1}. ${item.label}`;
        row.getCell(2).alignment = { indent: 1 };
        amount.value = item.amount;
        amount.numFmt = MONEY_FORMAT;
        row.getCell(4).value = planned.schedule.field.id;
        row.getCell(5).value = "item";
        return;
      }
      if (planned.kind === "items-total") {
        const s = planned.schedule;
        row.getCell(1).value = lineText(s.field.line);
        row.getCell(2).value = `Total of items (${s.items.length})`;
        row.font = { bold: true };
        amount.value = s.items.length
          ? { formula: `SUM(${AMOUNT_COL}${scheduleFirst}:${AMOUNT_COL}${r - 1})`, result: s.total }
          : 0;
        amount.numFmt = MONEY_FORMAT;
        row.getCell(4).value = s.field.id;
        row.getCell(5).value = "itemisation (formula)";
        return;
      }
      const x = planned.row;
      row.getCell(1).value = lineText(x.field.line);
      row.getCell(2).value = x.field.label;
      row.getCell(4).value = x.field.id;
      row.getCell(5).value = NOTES[x.kind] ?? null;
      if (x.kind === "total") {
        amount.value = { formula: totalFormula(x, p.name), result: x.value ?? 0 };
        row.font = { bold: true };
      } else if (x.kind === "schedule" && x.schedule) {
        const n = x.schedule.items.length;
        amount.value = n
          ? { formula: `SUM(${AMOUNT_COL}${r + 1}:${AMOUNT_COL}${r + n})`, result: x.schedule.total }
          : 0;
        row.font = { bold: true };
      } else if (x.kind === "text") amount.value = x.text ?? null;
      else amount.value = x.value;
      amount.numFmt = x.kind === "count" ? COUNT_FORMAT : MONEY_FORMAT;
      if (x.kind === "text") amount.alignment = { horizontal: "right" };
    });
  }
  const buffer = await book.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/**
 * The worksheet as an Excel workbook: one sheet per part of the form (RPIE J, K, L(I),
 * L(II), excluded items and a Schedules sheet; TC201/TC203 Parts 6–10), each starting with
 * the property and period, then Line | Label | Amount (USD) | Field id | Note. Money is a
 * number with format `#,##0.00`; totals are formulas whose stored results are the
 * recomputed totals. Throws `OutputInputError` for input that cannot go on the form.
 */
export async function renderXlsx(input: OutputInput): Promise<Uint8Array> {
  return worksheetXlsx(prepareWorksheet(input));
}
