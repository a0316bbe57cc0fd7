import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

/** Debian's Chromium, driven by playwright-core; no browser is ever downloaded. */
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** `extraArgs`: more Chromium flags, e.g. the fake camera's (see fake-camera.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      ...extraArgs,
    ],
  });
}

export const baseUrl = () => inject("baseUrl");
export const mailDir = () => inject("mailDir");

/** A fresh browser context (its own storage) at a given viewport. */
export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    locale?: string;
    touch?: boolean;
    /** "block": no service worker, so page.route sees every request (and nothing is precached). */
    serviceWorkers?: "allow" | "block";
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.locale ?? "en-US",
    // a phone: touch events and a mobile viewport meta honoured
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
    serviceWorkers: opts.serviceWorkers ?? "allow",
  });
  const page = await context.newPage();
  return { context, page };
}

/** A unique email for one test run. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
