import { DEMO_SEED_LOCAL_PATH } from "../domain/demo";
import { buildApp } from "./app";
import { type Config, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/data-dir-lock";
import { readLocalAddress } from "./local-address";
import type { SeededAccount } from "./modules/demo/demo-run";
import { type DemoSeedResult, seedDemoData } from "./modules/demo/seed";
import { SEED_TOKEN_HEADER, signSeedToken } from "./modules/demo/seed-token";

/**
 * `npm run seed` (or `node dist/server/seed.js`): the demo company in the database `npm start`
 * uses (DATA_DIR or DATABASE_URL), whether the server runs or not. When the server has the
 * embedded database open, the work is handed to it (DATA_DIR/server.json says where it listens;
 * a seed token signed with the server's key says this is its machine and settings); otherwise
 * the seed opens the database and runs the same steps itself. Prints the demo accounts, one per
 * line: "  email  password  roles".
 */
type Printed = Pick<DemoSeedResult, "company" | "steps" | "ms"> & {
  accounts: Pick<SeededAccount, "email" | "password" | "roles">[];
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seedHere(config: Config): Promise<{ result: Printed; where: string } | null> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError) return null;
    throw err;
  }
  const app = await buildApp({
    config: { ...config, staticDir: undefined },
    database,
    logger: { level: config.logLevel === "silent" ? "silent" : "warn" },
  });
  try {
    await app.ready();
    console.log("Seeding the demo company:");
    const result = await seedDemoData(app, {
      onStep: (step, ms) => console.log(`  ${step.name} (${seconds(ms)}): ${step.describe}`),
    });
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
    return { result, where };
  } finally {
    await app.close();
    await database.close();
  }
}

async function handToServer(config: Config): Promise<{ result: Printed; where: string }> {
  const address = readLocalAddress(config.dataDir);
  const url = address?.url ?? `http://127.0.0.1:${config.port}`;
  console.log(`The server at ${url} has the database open: it seeds the demo company (up to a minute).`);
  let res: Response;
  try {
    res = await fetch(`${url}${DEMO_SEED_LOCAL_PATH}`, {
      method: "POST",
      headers: { [SEED_TOKEN_HEADER]: await signSeedToken(config.jwtSecret) },
    });
  } catch (err) {
    throw new Error(
      `The embedded database in ${config.dataDir} is in use${address ? ` by process ${address.pid}` : ""}, but no Blocklot server answers at ${url} (${(err as Error).message}). Stop that process and seed again, or start the server and seed while it runs.`,
    );
  }
  const body = (await res.json().catch(() => ({}))) as Printed & { message?: string };
  if (!res.ok)
    throw new Error(
      `The server at ${url} did not seed (${res.status}): ${body.message ?? "no reason given"}`,
    );
  for (const step of body.steps) console.log(`  ${step.name} (${seconds(step.ms)}): ${step.describe}`);
  return { result: body, where: `the running server at ${url}` };
}

async function main() {
  const config = loadConfig();
  const done = (await seedHere(config)) ?? (await handToServer(config));
  const { result, where } = done;
  console.log(`\nDemo data ready (${where}, ${seconds(result.ms)}): company "${result.company}".`);
  console.log(`Sign in at ${config.publicUrl} with an e-mail and password (new passwords on every run):\n`);
  const width = Math.max(...result.accounts.map((a) => a.email.length));
  for (const a of result.accounts) {
    console.log(`  ${a.email.padEnd(width)}  ${a.password}  ${a.roles.join(", ")}`);
  }
  console.log("\nA super admin removes all demo data in one step at /admin/demo-data.");
}

main().catch((err) => {
  // A known refusal (bad setting, server not answering) is said in one line, not a stack.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
