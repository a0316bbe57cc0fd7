import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/data-dir-lock";
import { DEMO_COMPANY, seedDemo } from "./modules/admin/demo-seed";

/**
 * `npm run seed` (or `node dist/server/seed.js`): demo company and accounts in the
 * same database `npm start` uses (DATA_DIR or DATABASE_URL). Prints the passwords;
 * running it again resets them.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { accounts } = await seedDemo(database.db);
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
    console.log(`Demo data ready in ${where}: company "${DEMO_COMPANY}".`);
    console.log("Sign in with email and password (new passwords on every run):\n");
    const width = Math.max(...accounts.map((a) => a.email.length));
    for (const a of accounts) {
      console.log(`  ${a.email.padEnd(width)}  ${a.password}  ${a.roles.join(", ")}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  // A known refusal (data directory in use, bad setting) is said in one line, not a stack.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
