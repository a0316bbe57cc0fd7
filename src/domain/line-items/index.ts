export { isNumericLike, parseAmount, parsePercent } from "./amount";
export { type DefaultColumn, defaultColumn, layoutOf } from "./columns";
export { parseSheets, parseWordPages } from "./parse";
export type { ParsedStatement } from "./statement";
export { checkTotals, type TotalCheck } from "./structure";
export type {
  Cell,
  PageLineItem,
  SkippedColumn,
  StatementColumn,
  StatementLayout,
  Word,
  WordPage,
} from "./types";
