/**
 * Size budget of the landing page (deterministic; runs in CI after `npm run build`).
 *
 * Reads dist/app/.vite/manifest.json and adds up the gzipped JavaScript and CSS the
 * landing page must load before it is interactive: the entry chunk and its static imports,
 * the landing route chunk (and its static imports), the English catalog (loaded before the
 * first render) and every stylesheet those chunks bring. Fails (exit 1) above the budget.
 * Also prints what the service worker precaches.
 *
 * Usage: tsx scripts/size-budget.ts [--json] [--budget-kb=170]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const LANDING_BUDGET_KB = 170;

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

export function measure(appDir = resolve(import.meta.dirname, "../dist/app"), budgetKb = LANDING_BUDGET_KB) {
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
  };
  return report;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function main() {
  const args = process.argv.slice(2);
  const budgetArg = args.find((a) => a.startsWith("--budget-kb="));
  const budgetKb = budgetArg ? Number(budgetArg.split("=")[1]) : LANDING_BUDGET_KB;
  const report = measure(undefined, budgetKb);
  if (args.includes("--json")) {
    console.log(JSON.stringify(report));
  } else {
    console.log("Landing page, gzipped, before interactive:");
    for (const r of report.files) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file}`);
    console.log(
      `  JS ${kb(report.jsGzip)} + CSS ${kb(report.cssGzip)} = ${kb(report.totalGzip)} (budget ${kb(report.budgetBytes)})`,
    );
    console.log(
      `Precache: ${report.precache.entries} entries, ${kb(report.precache.bytes)} uncompressed (service worker manifest)`,
    );
  }
  if (report.totalGzip > report.budgetBytes) {
    console.error(`Landing page over budget: ${kb(report.totalGzip)} > ${kb(report.budgetBytes)}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
