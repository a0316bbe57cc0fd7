import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TEMPLATE_FILE, writeTemplate } from "./pglite-template";

/** `npm run build:server` step: dist/server/pglite-template.tgz (see pglite-template.ts). */
const out = process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), TEMPLATE_FILE);
writeTemplate(out).then(
  () => console.log(`PGlite template written to ${out}`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
