import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port";
import { submitLogin } from "./auth-helpers";
import { launchBrowser } from "./browser";

/**
 * Microsoft Clarity behind the cookie banner (issue 21, spec section 7), on its own server with
 * CLARITY_PROJECT_ID set. There is no internet here: Clarity's hosts are routed to a stub tag
 * that, like the real one, sets the `_clck` cookie holding Clarity's user id.
 */
const root = resolve(import.meta.dirname, "../..");
const PROJECT = "e2eclarity1";
const CLARITY_USER = "stubuser42";
const ADMIN = { email: "clarity-admin@example.com", password: "clarity admin password" };
const STUB_TAG = `document.cookie = "_clck=${CLARITY_USER}%7C2%7Cf1%7C0%7C1; path=/; max-age=31536000";`;

let work: string;
let server: ChildProcess;
let baseUrl: string;
let output = "";
let browser: Browser;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blocklot-clarity-"));
  baseUrl = `http://127.0.0.1:${await freePort()}`;
  server = spawn(process.execPath, [join(root, "dist/server/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: new URL(baseUrl).port,
      HOST: "127.0.0.1",
      DATA_DIR: join(work, "data"),
      PUBLIC_URL: baseUrl,
      SMTP_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CLARITY_PROJECT_ID: PROJECT,
      LOG_LEVEL: "warn",
      NYC_OPEN_DATA_URL: "http://127.0.0.1:9",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => {
    output += d;
  });
  server.stderr?.on("data", (d) => {
    output += d;
  });
  const end = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > end) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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

/** A first visit (no choice stored) whose requests to Clarity's hosts are recorded and stubbed. */
async function visitor(): Promise<{ context: BrowserContext; page: Page; clarity: Request[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: "block" });
  const clarity: Request[] = [];
  await context.route(/^https:\/\/([a-z0-9-]+\.clarity\.ms|c\.bing\.com)\//, (route) => {
    clarity.push(route.request());
    const tag = route.request().url().includes(`/tag/${PROJECT}`);
    return route.fulfill({ status: 200, contentType: "application/javascript", body: tag ? STUB_TAG : "" });
  });
  const page = await context.newPage();
  return { context, page, clarity };
}

const clarityCookie = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => c.name.startsWith("_cl"));

async function signInHere(page: Page) {
  await page.goto("/auth/google/login");
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await page.waitForURL((u) => !u.pathname.startsWith("/auth/"));
}

describe("Microsoft Clarity loads only after analytics consent", () => {
  it("nothing before the choice; after accepting the tag loads, and sign-in posts Clarity's id", async () => {
    const { context, page, clarity } = await visitor();
    await page.goto("/", { waitUntil: "networkidle" });
    const banner = page.getByTestId("cookie-banner");
    await expect(banner.isVisible()).resolves.toBe(true);
    expect(clarity).toEqual([]);
    expect(await clarityCookie(context)).toEqual([]);

    const tag = page.waitForRequest((r) => r.url().startsWith(`https://www.clarity.ms/tag/${PROJECT}`));
    await banner.getByRole("button", { name: "Accept analytics" }).click();
    await tag;
    await expect.poll(() => clarityCookie(context).then((c) => c.length)).toBe(1);

    const posted = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith("/api/trade/user-property/clarity"),
    );
    await signInHere(page);
    const request = await posted;
    expect(request.postDataJSON()).toEqual({ clarityId: CLARITY_USER });
    expect((await request.response())?.status()).toBe(201);
    await context.close();
  }, 120_000);

  it("declining loads nothing and sets no Clarity cookie, also after sign-in", async () => {
    const { context, page, clarity } = await visitor();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/user-property/clarity")) posts.push(r.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Necessary only" }).click();
    await page.getByTestId("cookie-banner").waitFor({ state: "hidden" });
    await signInHere(page);
    await page.waitForLoadState("networkidle");
    expect(clarity).toEqual([]);
    expect(posts).toEqual([]);
    expect(await clarityCookie(context)).toEqual([]);
    await context.close();
  }, 120_000);
});
