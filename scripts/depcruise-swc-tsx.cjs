/**
 * Preloaded by `npm run lint:deps` (node --require) before dependency-cruiser.
 *
 * dependency-cruiser reads TypeScript with the TypeScript compiler API (TypeScript 7, which
 * this project uses, has none yet) or with swc, whose parse options it writes without JSX
 * ("TODO: {tj}sx" in dependency-cruiser/src/extract/swc/parse.mjs), so every .tsx file failed
 * to parse. This turns swc's TSX syntax on for .tsx files only; type-only imports stay visible.
 */
const swc = require("@swc/core");

const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) =>
  parseFileSync(file, { ...options, tsx: String(file).endsWith(".tsx") });
