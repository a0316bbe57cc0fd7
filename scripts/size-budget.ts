/**
 * Size budgets of the front end (deterministic; run in CI after `npm run build`).
 *
 * 1. Public pages before interaction (issue #19): the script each prerendered public page
 *    evaluates before the visitor reaches for the app: its inline scripts (index.html's boot
 *    script, the island loader of scripts/island-loader.ts), gzipped. Budget 30 KB.
 * 2. App start: what the app needs when it starts (the first click on a public page, the
 *    first load of a dashboard page): from dist/app/.vite/manifest.json, the gzipped entry
 *    chunk and its static imports, the landing route's chunks (the app hydrates that page), the
 *    English catalog and every stylesheet those bring. No public page pays it before
 *    interaction any more; it is still every signed-in user's first load. Budget 180 KB
 *    (Devias's sign-in: 179 KB of first-load JavaScript alone, ANCHORS.md).
 * Fails (exit 1) above either budget. Also prints what the service worker precaches.
 *
 * Usage: tsx scripts/size-budget.ts [--json] [--budget-kb=180]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { ARTICLE_TEMPLATES } from "../src/domain/articles/public";

export const APP_START_BUDGET_KB = 180;
export const PUBLIC_SCRIPT_BUDGET_KB = 30;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizeReport {
  /** Files of the landing page's critical path with their gzipped bytes, largest first. */
  files: { file: string; bytes: number; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
  budgetBytes: number;
  precache: { entries: number; bytes: number };
  /** Each prerendered public page: the script it evaluates before interaction, and its HTML, gzipped. */
  publicPages: { path: string; scriptGzip: number; htmlGzip: number }[];
  publicScriptBudgetBytes: number;
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

/** The static-import closure of manifest keys (dynamic imports are not followed). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imp of chunk.imports ?? []) stack.push(imp);
  }
  return seen;
}

/**
 * The route chunks "/" renders: src/app/routes/index.tsx, or an index inside pathless layouts
 * (routes/_public/index.tsx) together with those layouts (routes/_public.tsx).
 */
function landingRouteKeys(manifest: Manifest): string[] {
  const keys = Object.keys(manifest);
  const file = (k: string) => k.split("?")[0] as string;
  const index = keys.map(file).find((f) => /^src\/app\/routes\/(_[^/]+\/)*index\.tsx$/.test(f));
  if (!index) throw new Error("no landing route (src/app/routes/[_layout/]index.tsx) in the Vite manifest");
  const files = [index];
  const layouts = index.slice("src/app/routes/".length).split("/").slice(0, -1);
  for (let i = 1; i <= layouts.length; i++) files.push(`src/app/routes/${layouts.slice(0, i).join("/")}.tsx`);
  return keys.filter((k) => files.includes(file(k)));
}

/** Entries of the Workbox precache manifest injected into sw.js. */
function precacheEntries(appDir: string): string[] {
  const sw = readFileSync(join(appDir, "sw.js"), "utf8");
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string);
  const fallback = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1] as string);
  return urls.length ? urls : fallback;
}

/**
 * The inline scripts of each prerendered page (scripts/prerender.ts writes them and routes.json)
 * and of the article pages' templates, which the server fills.
 */
function publicPages(appDir: string): SizeReport["publicPages"] {
  const dir = join(appDir, "prerendered");
  const routes = JSON.parse(readFileSync(join(dir, "routes.json"), "utf8")) as Record<string, string>;
  const templates = Object.values(ARTICLE_TEMPLATES).map(({ path, file }) => [path, file] as const);
  return [...Object.entries(routes), ...templates].map(([path, file]) => {
    const html = readFileSync(join(dir, file), "utf8");
    if (/<script[^>]*\ssrc=/.test(html)) throw new Error(`${file}: a <script src> runs before interaction`);
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");
    return { path, scriptGzip: gz(Buffer.from(scripts)), htmlGzip: gz(Buffer.from(html)) };
  });
}

export function measure(
  appDir = resolve(import.meta.dirname, "../dist/app"),
  budgetKb = APP_START_BUDGET_KB,
) {
  const manifestPath = join(appDir, ".vite/manifest.json");
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} missing: run npm run build (build.manifest)`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error("no entry chunk in the Vite manifest");
  const landingKeys = landingRouteKeys(manifest);
  const catalogKey = Object.keys(manifest).find((k) => /locales\/en\/messages\.po$/.test(k));

  const keys = closure(manifest, [entryKey, ...landingKeys, ...(catalogKey ? [catalogKey] : [])]);
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }

  const rows = [...files].map((file) => {
    const buf = readFileSync(join(appDir, file));
    return { file, bytes: buf.length, gzip: gz(buf) };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const jsGzip = rows.filter((r) => r.file.endsWith(".js")).reduce((s, r) => s + r.gzip, 0);
  const cssGzip = rows.filter((r) => r.file.endsWith(".css")).reduce((s, r) => s + r.gzip, 0);

  const entries = precacheEntries(appDir);
  const precacheBytes = entries.reduce((s, url) => {
    const p = join(appDir, url.split("?")[0] as string);
    return s + (existsSync(p) ? statSync(p).size : 0);
  }, 0);

  const report: SizeReport = {
    files: rows,
    jsGzip,
    cssGzip,
    totalGzip: jsGzip + cssGzip,
    budgetBytes: budgetKb * 1024,
    precache: { entries: entries.length, bytes: precacheBytes },
    publicPages: publicPages(appDir),
    publicScriptBudgetBytes: PUBLIC_SCRIPT_BUDGET_KB * 1024,
  };
  return report;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function main() {
  const args = process.argv.slice(2);
  const budgetArg = args.find((a) => a.startsWith("--budget-kb="));
  const budgetKb = budgetArg ? Number(budgetArg.split("=")[1]) : APP_START_BUDGET_KB;
  const report = measure(undefined, budgetKb);
  if (args.includes("--json")) {
    console.log(JSON.stringify(report));
  } else {
    console.log("Public pages, gzipped: script evaluated before interaction (HTML with inline CSS):");
    for (const p of report.publicPages)
      console.log(`  ${kb(p.scriptGzip).padStart(9)}  ${p.path}  (${kb(p.htmlGzip)})`);
    console.log(`  budget ${kb(report.publicScriptBudgetBytes)} each`);
    console.log("App start, gzipped (first interaction on a public page, a dashboard's first load):");
    for (const r of report.files) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file}`);
    console.log(
      `  JS ${kb(report.jsGzip)} + CSS ${kb(report.cssGzip)} = ${kb(report.totalGzip)} (budget ${kb(report.budgetBytes)})`,
    );
    console.log(
      `Precache: ${report.precache.entries} entries, ${kb(report.precache.bytes)} uncompressed (service worker manifest)`,
    );
  }
  let over = false;
  for (const p of report.publicPages.filter((p) => p.scriptGzip > report.publicScriptBudgetBytes)) {
    console.error(
      `${p.path} over budget: ${kb(p.scriptGzip)} of script before interaction > ${kb(report.publicScriptBudgetBytes)}`,
    );
    over = true;
  }
  if (report.totalGzip > report.budgetBytes) {
    console.error(`App start over budget: ${kb(report.totalGzip)} > ${kb(report.budgetBytes)}`);
    over = true;
  }
  if (over) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
