/**
 * Prerenders the public pages to static HTML at build time (package.json build:app, after
 * `vite build`, before precompress.ts), so their first paint does not wait for JavaScript.
 *
 * 1. `vite build --ssr` of src/app/ssr/prerender-entry.tsx into a temporary directory, with the
 *    app's own plugins (TanStack route splitting, Lingui macros) and TanStack Router bundled in
 *    its browser build (`isServer` false): the router then renders the same Suspense boundaries
 *    the browser's hydration expects.
 * 2. For each path in PRERENDERED_PATHS: render() it, and write dist/app/prerendered/<name>.html:
 *    the built index.html with `<div id="root" data-prerendered>` holding the page, its title,
 *    inlined CSS (the route chunks' CSS modules and the Mantine component styles the HTML uses
 *    beyond critical-styles.ts), and instead of the entry <script> the island loader
 *    (island-loader.ts): the page works as HTML, and the entry, its chunks, the route's chunks
 *    (main.tsx loads them before hydrating) and the whole Mantine stylesheet are fetched only
 *    when the visitor reaches for a button, field or form.
 * 3. dist/app/prerendered/routes.json maps each path to its file; the server (src/server/app.ts)
 *    sends those files for those paths and index.html for every other one.
 * 4. The article pages' templates (ARTICLE_TEMPLATES): /articles and an article prerendered the
 *    same way, each with its slot holding SERVER_SLOT (features/articles/server-slot.ts); the
 *    server (src/server/modules/articles/pages.ts) fills the slot and the head on each request.
 *
 * Usage: tsx scripts/prerender.ts [appDir]   (default dist/app)
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import type { Prerendered } from "../src/app/ssr/prerender-entry";
import { ARTICLE_TEMPLATES, SERVER_SLOT } from "../src/domain/articles/public";
import { islandLoader } from "./island-loader";
import { closure, type Manifest, type ManifestChunk } from "./vite-manifest";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * Public pages that render the same for every guest: the landing, sign-in and the public
 * site's reading pages. The contact, demo-request and registration forms stay client-rendered:
 * text typed into a prerendered form before it hydrates is not in React's state; main.tsx
 * hands plain text inputs over (tested for the login form), not every kind of input.
 */
export const PRERENDERED_PATHS = [
  "/",
  "/auth/google/login",
  "/pricing",
  "/faq",
  "/about-us",
  "/policy",
  "/terms-service",
  "/penalty-removal",
] as const;

export const PRERENDER_DIR = "prerendered";
export const ROUTES_FILE = "routes.json";

/** "/_public/" → src/app/routes/_public/index.tsx, "/auth/google" → src/app/routes/auth/google.tsx. */
export function routeFile(routeId: string): string {
  if (routeId === "__root__") return "src/app/routes/__root.tsx";
  const path = routeId.replace(/^\//, "");
  return `src/app/routes/${path === "" || path.endsWith("/") ? `${path}index` : path}.tsx`;
}

/** Chunks (JS and CSS files) a page's matched routes load, beyond what index.html already links. */
export function routeAssets(manifest: Manifest, routeIds: string[]) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry) as string;
  const inEntry = closure(manifest, [entryKey]);
  const files = routeIds.map(routeFile);
  const routeKeys = Object.keys(manifest).filter((k) => files.includes(k.split("?")[0] as string));
  const keys = [...closure(manifest, routeKeys)].filter((k) => !inEntry.has(k));
  // ui/theme/full-styles.ts: a shared chunk ("_full-styles-<hash>.js") or its own entry.
  const fullStylesKey = Object.keys(manifest).find((k) =>
    /(^_full-styles-[\w-]+\.js|src\/app\/ui\/theme\/full-styles\.ts)$/.test(k),
  );
  const fullStyles = fullStylesKey
    ? [...closure(manifest, [fullStylesKey])].flatMap((k) => manifest[k]?.css ?? [])
    : [];
  return {
    js: keys.map((k) => (manifest[k] as ManifestChunk).file).filter((f) => f.endsWith(".js")),
    /** The route chunks' own stylesheets (CSS modules: a few hundred bytes each). */
    css: [...new Set(keys.flatMap((k) => manifest[k]?.css ?? []))].filter((f) => !fullStyles.includes(f)),
    /** The whole Mantine stylesheet (~24 KB gz): never render-blocking on a prerendered page. */
    fullStyles,
  };
}

const MANTINE_STYLES = join(ROOT, "node_modules/@mantine/core/styles");

/**
 * Mantine's per-component stylesheets that a page's HTML uses and critical-styles.ts (in the
 * entry's render-blocking CSS) does not carry: a component's file is chosen when one of its
 * `m_xxxxxxxx` classes is in the HTML. Inlined, so inputs, tables, accordions... are laid out
 * in the first paint while the whole stylesheet loads without blocking it.
 */
export function mantineStylesFor(html: string): string[] {
  const critical = new Set(
    [
      ...readFileSync(join(ROOT, "src/app/ui/theme/critical-styles.ts"), "utf8").matchAll(
        /styles\/([\w-]+\.layer\.css)/g,
      ),
    ].map((m) => m[1] as string),
  );
  const used = new Set(html.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
  const all = readFileSync(join(MANTINE_STYLES, "../styles.layer.css"), "utf8");
  return readdirSync(MANTINE_STYLES)
    .filter((f) => f.endsWith(".layer.css") && !critical.has(f))
    .map((f) => ({ f, css: readFileSync(join(MANTINE_STYLES, f), "utf8") }))
    .filter(({ css }) => (css.match(/\bm_[0-9a-f]{8}\b/g) ?? []).some((c) => used.has(c)))
    .map(({ f, css }) => ({ css, at: all.indexOf((css.match(/\.m_[0-9a-f]{8}/) ?? [""])[0]), f }))
    .sort((a, b) => a.at - b.at)
    .map(({ css }) => css);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** index.html with the page in #root and its title, styles and chunks in <head>. */
export function pageHtml(
  template: string,
  page: Prerendered,
  assets: ReturnType<typeof routeAssets>,
  inlineCss: string,
): string {
  const root = /<div id="root">[\s\S]*?<\/div><\/div>/;
  if (!root.test(template)) throw new Error('index.html: no <div id="root"> with the boot splash');
  // The entry script and its modulepreloads leave <head>: the island loader below fetches them,
  // and the whole Mantine stylesheet, only when the visitor reaches for the app (island-loader.ts),
  // so a page that is only read never downloads or runs ~150 KB of JavaScript.
  const entry = template.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/);
  if (!entry) throw new Error("index.html: no entry <script type=module>");
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const scripts = [...preloads.map((m) => m[1] as string), ...assets.js.map((f) => `/${f}`)];
  const loader = `<script type="module">${islandLoader(
    entry[1] as string,
    scripts,
    assets.fullStyles.map((f) => `/${f}`),
  )}</script>`;
  const head = [
    `<style>${inlineCss}</style>`,
    // The rest of Mantine's styles come with the app (island-loader.ts); without
    // JavaScript they load here.
    ...assets.fullStyles.map((f) => `<noscript><link rel="stylesheet" href="/${f}"></noscript>`),
  ].join("\n    ");
  // The boot shell's font preload (index.html) serves signed-in pages only.
  const fontPreload = /\s*<!--[^>]*-->\s*<link rel="preload" as="font"[^>]*\bdata-boot-shell\b[^>]*>/;
  if (!fontPreload.test(template)) throw new Error("index.html: no boot shell font preload");
  let html = template.replace(entry[0], "").replace(fontPreload, "");
  for (const m of preloads) html = html.replace(m[0], "");
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace("</head>", `  ${head}\n  </head>`)
    .replace(root, () => `<div id="root" data-prerendered>${page.html}</div>`)
    .replace("</body>", `  ${loader}\n  </body>`);
}

const SHELL_HEADINGS_BLOCK = '<script type="application/json" id="shell-headings">{}</script>';

/** index.html with the boot shell's headings in its data block (`<` escaped: it stays one block). */
export function withShellHeadings(
  template: string,
  headings: Record<string, Record<string, string>>,
): string {
  if (!template.includes(SHELL_HEADINGS_BLOCK)) throw new Error("index.html: no empty #shell-headings block");
  const json = JSON.stringify(headings).replace(/</g, "\\u003c");
  return template.replace(SHELL_HEADINGS_BLOCK, () => SHELL_HEADINGS_BLOCK.replace("{}", json));
}

/**
 * The service worker precaches index.html under the MD5 of the file `vite build` wrote (Workbox's
 * revision): after it changed here, its entry gets the new file's, so an installed app fetches it.
 */
export function restampPrecachedIndex(appDir: string, before: string, after: string): void {
  const md5 = (s: string) => createHash("md5").update(s).digest("hex");
  const swFile = join(appDir, "sw.js");
  const entry = (html: string) => `{"revision":"${md5(html)}","url":"index.html"}`;
  const sw = readFileSync(swFile, "utf8");
  if (sw.split(entry(before)).length !== 2) throw new Error("sw.js: no single precache entry for index.html");
  writeFileSync(
    swFile,
    sw.replace(entry(before), () => entry(after)),
  );
}

export const fileFor = (path: string) =>
  path === "/" ? "index.html" : `${path.slice(1).replace(/\//g, "_")}.html`;

async function buildEntry(outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    plugins: [
      tanstackRouter({
        target: "react",
        autoCodeSplitting: true,
        routesDirectory: "src/app/routes",
        generatedRouteTree: "src/app/routeTree.gen.ts",
        quoteStyle: "double",
      }),
      react({ babel: { plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] } }),
      lingui(),
    ],
    resolve: {
      alias: [
        {
          // The browser build of TanStack Router (see the header comment).
          find: /^@tanstack\/router-core\/isServer$/,
          replacement: resolve(ROOT, "node_modules/@tanstack/router-core/dist/esm/isServer/client.js"),
        },
      ],
    },
    ssr: { noExternal: [/^@tanstack\//] },
    build: {
      ssr: "src/app/ssr/prerender-entry.tsx",
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: "prerender-entry.mjs" } },
    },
  });
  return join(outDir, "prerender-entry.mjs");
}

export async function prerenderApp(appDir: string): Promise<{ path: string; file: string; bytes: number }[]> {
  const template = readFileSync(join(appDir, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(join(appDir, ".vite/manifest.json"), "utf8")) as Manifest;
  // Inside the project so the bundle's external imports (react, Mantine...) resolve.
  mkdirSync(join(ROOT, "node_modules/.cache"), { recursive: true });
  const work = mkdtempSync(join(ROOT, "node_modules/.cache/prerender-"));
  try {
    const entry = await buildEntry(work);
    const { render, shellHeadings } = (await import(
      pathToFileURL(entry).href
    )) as typeof import("../src/app/ssr/prerender-entry");
    const outDir = join(appDir, PRERENDER_DIR);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const routes: Record<string, string> = {};
    const written: { path: string; file: string; bytes: number }[] = [];
    const write = async (path: string, file: string) => {
      const page = await render(path);
      if (page.notFound) throw new Error(`prerender: ${path} matches no route`);
      const assets = routeAssets(manifest, page.routeIds);
      const inlineCss = [
        ...mantineStylesFor(page.html),
        ...assets.css.map((f) => readFileSync(join(appDir, f), "utf8")),
      ].join("\n");
      const html = pageHtml(template, page, assets, inlineCss);
      writeFileSync(join(outDir, file), html);
      written.push({ path, file: relative(appDir, join(outDir, file)), bytes: Buffer.byteLength(html) });
      return html;
    };
    for (const path of PRERENDERED_PATHS) {
      await write(path, fileFor(path));
      routes[path] = fileFor(path);
    }
    // Not routes of their own: the server fills them (src/server/modules/articles/pages.ts).
    for (const { path, file } of Object.values(ARTICLE_TEMPLATES)) {
      // The slot must be in <main>: every part is rendered in place (ssr/prerender-entry.tsx).
      const html = await write(path, file);
      if (!/<main[^>]*>(?:(?!<\/main>)[\s\S])*<!--server-slot-->/.test(html))
        throw new Error(`prerender: ${path} has its slot outside <main>`);
      if (html.split(SERVER_SLOT).length !== 2)
        throw new Error(`prerender: ${path} must hold its slot (${SERVER_SLOT}) once`);
    }
    writeFileSync(join(outDir, ROUTES_FILE), `${JSON.stringify(routes, null, 2)}\n`);
    // The boot shell's headings (src/app/shell/boot-shell.ts) go into the app's own index.html
    // only: the prerendered pages above are public and never show it.
    const index = withShellHeadings(template, await shellHeadings());
    writeFileSync(join(appDir, "index.html"), index);
    restampPrecachedIndex(appDir, template, index);
    return written;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const appDir = resolve(process.argv[2] ?? join(ROOT, "dist/app"));
  if (!existsSync(join(appDir, "index.html")))
    throw new Error(`${appDir}/index.html missing: run vite build first`);
  prerenderApp(appDir).then(
    (pages) => {
      for (const p of pages)
        console.log(`prerendered ${p.path} -> ${p.file} (${(p.bytes / 1024).toFixed(1)} KB)`);
      // The rendered app leaves timers (toasts store, Lingui) that would keep Node alive.
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
