import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port";
import { launchBrowser } from "./browser";

/**
 * A newcomer's first run (issue 24), on its own server: the built product on an empty data
 * directory with no ADMIN_EMAIL and no SMTP_URL, exactly what `npm start` gives after the
 * README's two commands. The product's address leads to the setup page, the code the server
 * printed creates the first super admin, `npm run seed` (the built seed.js) hands the demo
 * company to the running server, and every dashboard page of the demo company shows rows.
 */

const root = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

const SETUP_CODE = /^\s+([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\s*$/m;

let work: string;
let server: ChildProcess;
let baseUrl: string;
let env: NodeJS.ProcessEnv;
let output = "";
let browser: Browser;

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blocklot-first-run-"));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    ...process.env,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(work, "data"),
    PUBLIC_URL: baseUrl,
    SMTP_URL: "",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    LOG_LEVEL: "warn",
    NYC_OPEN_DATA_URL: "http://127.0.0.1:9",
  };
  server = spawn(process.execPath, [join(root, "dist/server/main.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => {
    output += d;
  });
  server.stderr?.on("data", (d) => {
    output += d;
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

async function page(context: BrowserContext): Promise<Page> {
  await context.addInitScript(() => localStorage.setItem("acceptedCookies", "true"));
  return context.newPage();
}

const label = (p: Page, name: string) => p.getByLabel(new RegExp(`^${name}\\s*\\*?$`));

describe("a newcomer's first run", () => {
  let accounts: Map<string, string>;

  it("starts with the setup page and a code on the console, and the code makes the first super admin", async () => {
    const code = await waitFor("setup code on the console", () => output.match(SETUP_CODE)?.[1]);
    // The code is printed just before the server listens.
    await waitFor("a healthy server", async () =>
      (await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok ? true : undefined,
    );
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const p = await page(context);
    await p.goto("/");
    await p.waitForURL((u) => u.pathname === "/setup");
    await expect
      .poll(() => p.getByRole("heading", { name: "Set up Blocklot" }).isVisible(), { timeout: 30_000 })
      .toBe(true);

    await label(p, "Setup code").fill(code.toLowerCase());
    await label(p, "Your name").fill("First Admin");
    await label(p, "Email address").fill("first-admin@blocklot.test");
    await label(p, "Password").fill("first-admin-password-1");
    await p.getByRole("button", { name: "Create the administrator" }).click();
    // Signed in at once, on the page that seeds the demo company.
    await p.waitForURL((u) => u.pathname === "/admin/demo-data", { timeout: 60_000 });
    await expect
      .poll(() => p.getByRole("heading", { name: "Demo data", level: 1 }).isVisible(), { timeout: 30_000 })
      .toBe(true);

    // Never again: the setup page only says the product is set up.
    await p.goto("/setup");
    await expect
      .poll(() => p.getByRole("heading", { name: "Blocklot is set up" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await context.close();
  }, 180_000);

  it("seeds with npm run seed while the server runs, printing one account per line", async () => {
    const { stdout } = await run(process.execPath, [join(root, "dist/server/seed.js")], {
      cwd: root,
      env,
      timeout: 240_000,
    });
    expect(stdout).toMatch(/the running server at/);
    accounts = new Map();
    for (const m of stdout.matchAll(/^\s+(\S+@\S+)\s{2,}(\S+)\s{2,}(ROLE_\S.*)$/gm)) {
      accounts.set(m[1] as string, m[2] as string);
    }
    expect([...accounts.keys()].sort()).toEqual([
      "admin@demo-realty.example",
      "employee@demo-realty.example",
      "seller@demo-realty.example",
      "superadmin@demo-realty.example",
    ]);
  }, 300_000);

  it("shows rows, not an empty state, on every page of the demo company", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const p = await page(context);
    await p.goto("/auth/google/login");
    await label(p, "Email address").fill("admin@demo-realty.example");
    await label(p, "Password").fill(accounts.get("admin@demo-realty.example") as string);
    await p.getByRole("button", { name: "Log in", exact: true }).click();
    await p.waitForURL((u) => u.pathname.startsWith("/dashboard"), { timeout: 60_000 });

    // Each page and a row of the demo company it must show.
    const pages: [string, RegExp][] = [
      ["/dashboard/properties", /118 West 27th Street/],
      ["/dashboard/import-file", /operating statement/],
      ["/dashboard/filings", /254 Prospect Place|1-00845-0021|118 West 27th Street/],
      ["/dashboard/invoices", /\$\d/],
      ["/dashboard/inventory-info", /Liquidation pallet #14/],
      ["/dashboard/listing", /DR-\d-\d{4}|coffee mug|table lamp|film camera/i],
      ["/dashboard/product/list", /coffee mug|table lamp|film camera|glass vase/i],
      ["/dashboard/calendar", /Walk-through|Call the accountant|Estate sale pickup|Label printer rolls/],
    ];
    for (const [path, row] of pages) {
      await p.goto(path);
      await expect
        .poll(() => p.getByText(row).first().isVisible(), {
          timeout: 60_000,
          message: `${path} shows ${row}`,
        })
        .toBe(true);
    }

    // Labels: the demo items are there to choose (the search finds them by SKU).
    await p.goto("/dashboard/print-inventory-label");
    await p.getByLabel("Search items").fill("DR-3-");
    await expect
      .poll(
        () =>
          p
            .getByText(/DR-3-\d{4}/)
            .first()
            .isVisible(),
        { timeout: 60_000, message: "label items" },
      )
      .toBe(true);

    // A batch's items: from the inventory dashboard's batch list.
    await p.goto("/dashboard/inventory-info");
    await p.getByRole("link", { name: "Liquidation pallet #14" }).click();
    await p.waitForURL((u) => u.pathname.startsWith("/dashboard/item/"));
    await expect
      .poll(
        () =>
          p
            .getByText(/DR-2-\d{4}/)
            .first()
            .isVisible(),
        { timeout: 60_000, message: "batch items" },
      )
      .toBe(true);
    await context.close();
  }, 300_000);
});
