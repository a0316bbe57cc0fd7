import { type AuditReport, type MappableForm, mappedFigures } from "../../../domain/statement-mapping";
import {
  OUTPUT_TYPES,
  type OutputInput,
  OutputInputError,
  type OutputKind,
  outputFileName,
  prepareWorksheet,
  renderCsv,
  renderTc309Checklist,
  renderWorksheetPdf,
  renderXlsx,
  tc309Decision,
} from "../../outputs";
import { httpError } from "../../plugins/errors";
import { documentOf, type Loaded, withCatalogue } from "./store/load";

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The statement's period: the document's when staff set one, else the fiscal year ending in
 * the statement year on the property's fiscal year end (12-31 → the calendar year).
 */
function periodOf(l: Loaded): { start: string; end: string } {
  const m = l.mapping;
  const set = m ? documentOf(m).period : undefined;
  if (set) return set;
  const year = l.file.statementYear ?? (m ? m.filingYear - 1 : new Date().getUTCFullYear() - 1);
  const [mm, dd] = (l.property.fiscalYearEnd || "12-31").split("-").map(Number);
  const end = new Date(Date.UTC(year, (mm ?? 12) - 1, dd ?? 31));
  const start = new Date(Date.UTC(year - 1, (mm ?? 12) - 1, (dd ?? 31) + 1));
  return { start: iso(start), end: iso(end) };
}

/**
 * What the outputs library is given: the mapped figures of the file's mapping, and for the TC309
 * the property's AAV as the tentative AAV with the audit report facts stored for the filing.
 */
export function outputInput(
  l: Loaded,
  preparedBy: string | null,
  report: AuditReport | null = null,
): OutputInput {
  const m = l.mapping;
  if (!m) throw httpError(409, "Nothing is mapped yet");
  const form = m.form as MappableForm;
  const figures = withCatalogue(() => mappedFigures(documentOf(m), l.lines, form, m.filingYear));
  return {
    form,
    filingYear: m.filingYear,
    property: {
      bbl: l.property.bbl,
      address: l.property.address ?? "",
      ownerName: l.property.ownerName ?? l.companyName,
      taxClass: l.property.taxClass,
      buildingClass: l.property.buildingClass,
    },
    period: periodOf(l),
    amounts: figures.amounts,
    itemisations: figures.itemisations,
    preparedBy,
    audit: l.property.aav !== null ? { tentativeAav: l.property.aav, report } : null,
  };
}

/** Renders one output; bad figures answer 422 naming every problem, a TC309 that does not apply 404. */
export async function renderOutput(
  l: Loaded,
  kind: OutputKind,
  preparedBy: string | null,
  report: AuditReport | null = null,
): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  const input = outputInput(l, preparedBy, report);
  try {
    const w = prepareWorksheet(input);
    const name = (ext: string) => outputFileName(w, ext);
    switch (kind) {
      case "pdf":
        return {
          bytes: await renderWorksheetPdf(input),
          fileName: name("pdf"),
          contentType: OUTPUT_TYPES.pdf,
        };
      case "csv":
        return { bytes: renderCsv(input), fileName: name("csv"), contentType: OUTPUT_TYPES.csv };
      case "xlsx":
        return { bytes: await renderXlsx(input), fileName: name("xlsx"), contentType: OUTPUT_TYPES.xlsx };
      case "tc309": {
        const bytes = await renderTc309Checklist(input);
        if (!bytes)
          throw httpError(
            404,
            `The TC309 certification does not apply: ${tc309Decision(w, input.audit).reason}`,
          );
        return { bytes, fileName: `tc309-checklist-${name("pdf")}`, contentType: OUTPUT_TYPES.tc309 };
      }
    }
  } catch (err) {
    if (err instanceof OutputInputError) throw httpError(422, err.message, { problems: err.problems });
    throw err;
  }
}
