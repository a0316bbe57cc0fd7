import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the migrations are: beside the source, or the copy the bundled server carries next to
 * itself. Used by openDatabase (client.ts) and by the build's PGlite template (pglite-template.ts).
 */
export function migrationsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, "migrations"), resolve(here, "../../src/server/db/migrations")];
  const found = candidates.find((c) => existsSync(resolve(c, "meta/_journal.json")));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}
