import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "./migrations-dir";
import { pgliteExtensions as extensions } from "./pglite-extensions";

/**
 * A fresh PGlite data directory costs an initdb inside WebAssembly (seconds on a small
 * machine). The build writes an initialised and migrated data directory as a tarball
 * next to the bundled server; a first start unpacks it instead (see openDatabase).
 */
export const TEMPLATE_FILE = "pglite-template.tgz";

function templatePath(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const found = [resolve(here, TEMPLATE_FILE), resolve(here, "../../../dist/server", TEMPLATE_FILE)].find(
    (p) => existsSync(p),
  );
  return found ?? null;
}

export function readTemplate(): Blob | null {
  const path = templatePath();
  return path ? new Blob([readFileSync(path)]) : null;
}

/**
 * Writes the template (run by `npm run build:server`; the tests' global setup writes an
 * uncompressed one, quicker to load, that each test server copies).
 */
export async function writeTemplate(outFile: string, compression: "gzip" | "none" = "gzip") {
  const pg = new PGlite({ extensions });
  await pg.waitReady;
  await migrate(drizzle(pg), { migrationsFolder: migrationsDir() });
  const blob = await pg.dumpDataDir(compression);
  await pg.close();
  writeFileSync(outFile, Buffer.from(await blob.arrayBuffer()));
}
