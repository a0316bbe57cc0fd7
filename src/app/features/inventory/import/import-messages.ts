/**
 * The import parser (src/domain/inventory/import) explains problems in English, because it is
 * pure and shared. The screen shows them in the person's language: file messages by their
 * `code` (with the numbers taken from the message), cell messages by their shape, the shared
 * field rules through fieldErrorText. A message of an unknown shape is shown as it is rather
 * than hidden.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CellError } from "../../../../domain/inventory/import/build";
import type { ImportField } from "../../../../domain/inventory/import/mapping";
import { IMPORT_LIMITS, type ImportMessage } from "../../../../domain/inventory/import/types";
import { fieldErrorText } from "../field-errors";

export const IMPORT_FIELD_LABELS: Record<ImportField, MessageDescriptor> = {
  title: msg`Inventory title`,
  sku: msg`SKU`,
  barcode: msg`Barcode / UPC`,
  quantity: msg`Quantity`,
  price: msg`Price`,
  condition: msg`Condition`,
  description: msg`Description`,
  weight: msg`Weight`,
  weightUnit: msg`Weight unit`,
  dimensions: msg`Dimensions (L × W × H)`,
  length: msg`Length`,
  width: msg`Width`,
  height: msg`Height`,
  dimensionUnit: msg`Dimension unit`,
  location: msg`Storage location / bin`,
  notes: msg`Notes`,
};

/** Item fields the rules may name that are not import fields. */
const OTHER_FIELD_LABELS: Record<string, MessageDescriptor> = {
  status: msg`Status`,
  category: msg`Category`,
  batchId: msg`Batch`,
  productId: msg`Product`,
  photos: msg`Photos`,
  publicationStatus: msg`Publication status`,
};

export function fieldLabel(i18n: I18n, field: string): string {
  const d = IMPORT_FIELD_LABELS[field as ImportField] ?? OTHER_FIELD_LABELS[field];
  return d ? i18n._(d) : field;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A file-level message (error or warning) in the person's language. */
export function fileMessageText(i18n: I18n, m: ImportMessage, file: { name: string; size: number }): string {
  const nums = (m.message.match(/\d[\d,]*/g) ?? []).map((n) => Number(n.replaceAll(",", "")));
  const fmt = (n: number | undefined) => (n ?? 0).toLocaleString(i18n.locale);
  const name = file.name;
  switch (m.code) {
    case "not-supported":
      if (/\.xls\)/.test(m.message) || /old Excel/.test(m.message))
        return i18n._(
          msg`This is an old Excel (.xls) file. Save it as .xlsx or CSV in Excel and import that.`,
        );
      return i18n._(
        msg`“${name}” is not a CSV, TSV or XLSX file. Export your spreadsheet as CSV or XLSX and import that.`,
      );
    case "too-large": {
      const size = mb(file.size);
      const max = mb(IMPORT_LIMITS.maxBytes);
      return i18n._(
        msg`This file is ${size} MB; files up to ${max} MB can be imported. Split it into smaller files.`,
      );
    }
    case "empty":
      if (/no visible sheet/.test(m.message)) return i18n._(msg`This workbook has no visible sheet.`);
      if (/no rows/.test(m.message)) return i18n._(msg`This file has no rows.`);
      return i18n._(msg`This file is empty.`);
    case "header-only":
      return i18n._(msg`This file has a header row but no items below it.`);
    case "too-many-columns": {
      const [columns, max] = [fmt(nums[0]), fmt(nums[1])];
      return i18n._(
        msg`This file has ${columns} columns; at most ${max} can be read. Remove the columns you do not need.`,
      );
    }
    case "many-columns": {
      const columns = fmt(nums[0]);
      return i18n._(
        msg`This file has ${columns} columns. Only the columns mapped to item fields are imported; the others are ignored.`,
      );
    }
    case "too-many-rows": {
      const [rows, max] = [fmt(nums[0]), fmt(nums[1])];
      return i18n._(
        msg`This file has ${rows} rows; at most ${max} can be imported at once. Split it into smaller files.`,
      );
    }
    case "broken-quoting": {
      const line = /line (\d+)/.exec(m.message)?.[1];
      return line
        ? i18n._(
            msg`This file has a quotation mark that is never closed (the record starting on line ${line}), so its rows cannot be told apart. Fix the quotes in that row or export the file again.`,
          )
        : i18n._(
            msg`This file has a quotation mark that is never closed, so its rows cannot be told apart. Fix the quotes in that row or export the file again.`,
          );
    }
    case "encoding":
      return i18n._(
        msg`This file is not UTF-8; it was read as Windows-1252 (Excel's usual CSV encoding). Check that accented letters and symbols look right in the preview.`,
      );
    case "formula": {
      const count = nums[0] ?? 0;
      return count === 1
        ? i18n._(msg`1 cell holds a formula; the value Excel last calculated is imported.`)
        : i18n._(msg`${count} cells hold formulas; the values Excel last calculated are imported.`);
    }
    case "merged-cells": {
      const cells = /starting at ([^)]*)\)/.exec(m.message)?.[1] ?? "";
      return i18n._(
        msg`This sheet has merged cells (starting at ${cells}). Only the first cell of a merged area has its value; the other rows it covers are read as empty. Unmerge them in Excel and fill the values in if each row needs them.`,
      );
    }
    case "unreadable": {
      const sheet = /only the first, "(.*)", is imported/.exec(m.message)?.[1];
      if (sheet !== undefined)
        return i18n._(msg`This workbook has several sheets; only the first, "${sheet}", is imported.`);
      return i18n._(
        msg`This spreadsheet is damaged or is not a valid XLSX workbook. Open it in Excel, save it again and retry.`,
      );
    }
    case "duplicate-header": {
      const [a, b] = [nums[0] ?? 0, nums[1] ?? 0];
      const header = /both called "(.*)"/.exec(m.message)?.[1] ?? "";
      return i18n._(
        msg`Columns ${a} and ${b} are both called "${header}"; only one of them can be mapped to a field.`,
      );
    }
    default:
      return m.message;
  }
}

/** A cell problem of the preview in the person's language (without the field's name). */
export function cellErrorText(i18n: I18n, e: CellError): string {
  const text = e.message;
  const quoted = /^"(.*)" /.exec(text)?.[1] ?? "";
  const inBrackets = /\(([^()]*)\)$/.exec(text)?.[1] ?? "";
  if (/^Quantity is empty$/.test(text)) return i18n._(msg`The quantity is empty.`);
  if (/ cannot be negative \(/.test(text)) return i18n._(msg`Cannot be negative (${inBrackets}).`);
  if (/^Quantity must be a whole number \(/.test(text))
    return i18n._(msg`Must be a whole number (${inBrackets}).`);
  if (/" is not a number$/.test(text)) return i18n._(msg`"${quoted}" is not a number.`);
  if (/" is not a price$/.test(text)) return i18n._(msg`"${quoted}" is not a price.`);
  if (/" has more than two decimals or is too large$/.test(text))
    return i18n._(msg`"${quoted}" has more than two decimals or is too large.`);
  if (/" is not a condition; use New or Used$/.test(text))
    return i18n._(msg`"${quoted}" is not a condition; use New or Used.`);
  if (/" is not a weight unit/.test(text))
    return i18n._(msg`"${quoted}" is not a weight unit; use lb, kg, oz or g.`);
  if (/" is not a weight, /.test(text)) return i18n._(msg`"${quoted}" is not a weight, e.g. 2.5 or 2.5 lb.`);
  if (/" is not a length unit/.test(text))
    return i18n._(msg`"${quoted}" is not a length unit; use in, ft, cm or m.`);
  if (/" is not length × width × height/.test(text))
    return i18n._(msg`"${quoted}" is not length × width × height, e.g. 10x5x2 in.`);
  if (/scientific notation/.test(text))
    return i18n._(
      msg`This barcode was turned into a number in scientific notation; format the column as text and export again.`,
    );
  if (/formula without a saved result/.test(text))
    return i18n._(
      msg`This cell holds a formula without a saved result. Open the file in Excel, let it calculate, save and import again.`,
    );
  const formulaError = /^This formula gives the error (.*)\.$/.exec(text)?.[1];
  if (formulaError !== undefined) return i18n._(msg`This formula gives the error ${formulaError}.`);
  const cellError = /^This cell shows the error (.*)\.$/.exec(text)?.[1];
  if (cellError !== undefined) return i18n._(msg`This cell shows the error ${cellError}.`);
  const master = /^Part of the merged area starting at (\S+); read as empty\.$/.exec(text)?.[1];
  if (master !== undefined) return i18n._(msg`Part of the merged area starting at ${master}; read as empty.`);
  // the shared field rules (validate.ts), as the forms show them
  return fieldErrorText(i18n, text);
}
