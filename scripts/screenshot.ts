/**
 * `npm run screenshot`: retakes docs/screenshot-dashboard.png, the README's picture of the
 * dashboard with demo data. Runs the built product (npm run build first) on a throw-away data
 * directory, seeds the demo company with the built `npm run seed` while the server runs, signs
 * in as the demo company admin in Debian's Chromium (CHROMIUM_PATH) and photographs the
 * properties page. Nothing is downloaded; the server and its data are gone afterwards.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { freePort } from "./free-port";

const root = resolve(import.meta.dirname, "..");
const OUT = join(root, "docs/screenshot-dashboard.png");
const PAGE = "/dashboard/properties";
/** The row the page must show before the picture is taken. */
const ROW = "118 West 27th Street";

async function waitHealthy(url: string, child: ChildProcess) {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} did not start within 120 s`);
}

async function main() {
  if (!existsSync(join(root, "dist/server/main.js")) || !existsSync(join(root, "dist/app/index.html"))) {
    throw new Error("Build the product first: npm run build");
  }
  const work = mkdtempSync(join(tmpdir(), "blocklot-screenshot-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(work, "data"),
    PUBLIC_URL: url,
    SMTP_URL: "",
    // An administrator from the settings: the picture is of the demo company, not of /setup.
    ADMIN_EMAIL: "screenshot-admin@blocklot.test",
    ADMIN_PASSWORD: `screenshot-${Math.random().toString(36).slice(2)}`,
    LOG_LEVEL: "warn",
    NYC_OPEN_DATA_URL: "http://127.0.0.1:9",
  };
  const server = spawn(process.execPath, [join(root, "dist/server/main.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    await waitHealthy(url, server);
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, "dist/server/seed.js")], {
      cwd: root,
      env,
      timeout: 300_000,
    });
    const password = stdout.match(/^\s+admin@demo-realty\.example\s+(\S+)\s/m)?.[1];
    if (!password) throw new Error(`the seed printed no company admin:\n${stdout}`);

    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1200, height: 720 },
      locale: "en-US",
      colorScheme: "light",
    });
    await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
    const page = await context.newPage();
    await page.goto("/auth/google/login");
    await page.getByLabel(/^Email address\s*\*?$/).fill("admin@demo-realty.example");
    await page.getByLabel(/^Password\s*\*?$/).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"), { timeout: 60_000 });
    await page.goto(PAGE);
    await page.getByText(ROW).first().waitFor({ timeout: 60_000 });
    // Let notifications and images settle.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: OUT, type: "png" });
    await context.close();
    console.log(`${OUT}: ${Math.round(statSync(OUT).size / 1024)} KB`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
