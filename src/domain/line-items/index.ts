export { isYearToken, parseAmount } from "./amount";
export {
  type Box,
  type Cell,
  isTotalLabel,
  type LineItem,
  normaliseLine,
  type PageLineItem,
  parsePages,
  parseRows,
  parseText,
  sectionHeading,
  splitLine,
} from "./parse";
