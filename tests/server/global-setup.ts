import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { writeTemplate } from "../../src/server/db/pglite-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once per run: each test server starts from a copy. */
    pgliteMigrated?: string;
  }
}

/**
 * An in-memory PGlite costs an initdb and every migration (3–5 s on a 2-core runner), and the
 * server suite starts a few hundred: they start from one migrated copy instead (about 1 s).
 * Not for the PostgreSQL pass (DATABASE_URL), whose servers make their own databases.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), "blocklot-pglite-migrated-"));
  const file = join(dir, "migrated.tar");
  await writeTemplate(file, "none");
  project.provide("pgliteMigrated", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
