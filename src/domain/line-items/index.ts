export { isNumericLike, isYearToken, parseAmount, parsePercent } from "./amount";
export {
  columnMeaning,
  type DefaultColumn,
  type DefaultColumnWhy,
  defaultColumn,
  fallbackLayout,
  layoutOf,
} from "./columns";
export {
  parsePages,
  parseRows,
  parseSheets,
  parseText,
  parseWordPages,
  sheetPage,
  textLineWords,
  textPage,
} from "./parse";
export { type ItemTrace, normaliseLine, type ParsedStatement, parseStatement } from "./statement";
export { checkTotals, partsSum, type TotalCheck } from "./structure";
export type {
  Box,
  Cell,
  ColumnPeriod,
  ColumnRole,
  LineItem,
  PageLineItem,
  SkippedColumn,
  StatementColumn,
  StatementLayout,
  TotalPart,
  Word,
  WordPage,
} from "./types";
export { isTotalLabel, sectionHeading, totalKind } from "./vocabulary";
