import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startEbayDouble } from "../server/doubles/ebay";
import { startMailbox } from "./mailbox";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    adminEmail: string;
    adminPassword: string;
    /** `npm run seed`'s demo accounts (email and printed password), keyed by role name. */
    demoAccounts: Record<"companyAdmin" | "employee" | "marketplace" | "superAdmin", DemoAccount>;
    /** The local eBay double the product is pointed at (its consent page and APIs). */
    ebayUrl: string;
  }
}

export interface DemoAccount {
  email: string;
  password: string;
}

/**
 * Runs the built `npm run seed` on the data directory before the server opens it (PGlite
 * allows one process at a time) and reads the accounts it prints: "  email  password  roles".
 */
function seedDemoAccounts(root: string, env: NodeJS.ProcessEnv) {
  const out = execFileSync(process.execPath, [join(root, "dist/server/seed.js")], {
    cwd: root,
    env,
  }).toString();
  const printed = new Map<string, DemoAccount>();
  for (const m of out.matchAll(/^\s+(\S+@\S+)\s+(\S+)\s/gm)) {
    printed.set(m[1] as string, { email: m[1] as string, password: m[2] as string });
  }
  const pick = (email: string) => {
    const account = printed.get(email);
    if (!account) throw new Error(`seed did not print ${email}:\n${out}`);
    return account;
  };
  return {
    companyAdmin: pick("admin@demo-realty.example"),
    employee: pick("employee@demo-realty.example"),
    marketplace: pick("seller@demo-realty.example"),
    superAdmin: pick("superadmin@demo-realty.example"),
  };
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a ? a.port : 0;
      s.close(() => res(port));
    });
  });
}

// 90 s: on the shared 2-core machine under load the server took 36 s to start (PGlite migrations)
async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server at ${url} did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts the built product (`node dist/server/main.js`) on a free loopback port with a
 * fresh data directory and a real SMTP server, for the browser tests.
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, "../..");
  if (!existsSync(join(root, "dist/server/main.js")) || !existsSync(join(root, "dist/app/index.html"))) {
    throw new Error("Build the product first: npm run build");
  }
  const work = mkdtempSync(join(tmpdir(), "blocklot-e2e-"));
  const mailDir = join(work, "mail");
  const mailbox = await startMailbox(mailDir);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // eBay is the local double (tests/server/doubles/ebay.ts): its consent page returns the
  // browser to the product's callback, as eBay does for the RuName.
  const ebay = await startEbayDouble();
  ebay.setAcceptUrl(`${baseUrl}/api/ebay/callback`);
  const adminEmail = "root@blocklot.test";
  const adminPassword = "e2e-super-admin-password";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(work, "data"),
    PUBLIC_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: "warn",
    // Nothing listens on the discard port: the PLUTO look-up is "unreachable" and the form stays manual.
    NYC_OPEN_DATA_URL: "http://127.0.0.1:9",
    ...ebay.env,
  };
  let demoAccounts: ReturnType<typeof seedDemoAccounts>;
  try {
    demoAccounts = seedDemoAccounts(root, env);
  } catch (err) {
    await mailbox.close();
    await ebay.close();
    throw err;
  }
  const child = spawn(process.execPath, [join(root, "dist/server/main.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitHealthy(baseUrl, child);
  } catch (err) {
    child.kill("SIGKILL");
    await mailbox.close();
    await ebay.close();
    throw err;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("mailDir", mailDir);
  project.provide("adminEmail", adminEmail);
  project.provide("adminPassword", adminPassword);
  project.provide("demoAccounts", demoAccounts);
  project.provide("ebayUrl", ebay.url);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    await mailbox.close();
    await ebay.close();
    rmSync(work, { recursive: true, force: true });
  };
}
