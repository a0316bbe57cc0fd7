export {
  type Box,
  type Cell,
  type PageLineItem,
  parsePages,
  parseRows,
} from "./parse";
