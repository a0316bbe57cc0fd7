/**
 * Writes dist/app/frame.html: index.html with the signed-in frame's chunks named in its head,
 * and dist/app/frame-routes.json: each frame route's own chunks (package.json build:app, after
 * prerender.ts, before precompress.ts). The server sends frame.html for the areas drawn in the
 * frame (/dashboard, /admin, /marketplace), with the matched route's chunks named too
 * (src/server/frame-page.ts).
 *
 * Without it the frame's chunks were asked for by the app once it ran: ~1.5 s into a cold load
 * on a slow phone, and each preload link the app added cost its first-load task up to ~20–100 ms
 * of a 4× slower CPU (docs/benchmarks.md, #19). Named in the HTML, the browser fetches them
 * while it parses the page and before its first paint, and the app finds them already there
 * (Vite's preload helper skips links the document has).
 *
 * JavaScript is named with `modulepreload`; CSS with `preload as=style`, which fetches without
 * blocking the first paint (the app adds the stylesheet when the frame loads, as before).
 *
 * Usage: tsx scripts/frame-shell.ts [appDir]   (default dist/app)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { FRAME_AREAS, type PreloadFiles, preloadLinks, withLinks } from "../src/server/frame-page";
import { closure, type Manifest, type ManifestChunk } from "./vite-manifest";

/** The frame group's chunk (vite.config.ts codeSplitting groups). */
function frameKey(manifest: Manifest): string {
  const frame = Object.keys(manifest).find((key) => manifest[key]?.name === "frame" && !key.endsWith(".css"));
  if (!frame) throw new Error("the build has no chunk named frame (vite.config.ts codeSplitting groups)");
  return frame;
}

/** The entry's chunks and what they import. */
const entryClosure = (manifest: Manifest) =>
  closure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );

const stylesOf = (manifest: Manifest, keys: Set<string>) =>
  new Set([...keys].flatMap((key) => manifest[key]?.css ?? []));

/** The frame's files the entry does not load already: its scripts and its stylesheets. */
export function frameFiles(manifest: Manifest): PreloadFiles {
  const entry = entryClosure(manifest);
  return filesOf(manifest, [frameKey(manifest)], entry, stylesOf(manifest, entry));
}

/** The files of `roots`' static closure less `loaded` (keys): scripts and stylesheets. */
function filesOf(
  manifest: Manifest,
  roots: string[],
  loaded: Set<string>,
  loadedStyles: Set<string>,
): PreloadFiles {
  const own = [...closure(manifest, roots)].filter((key) => !loaded.has(key));
  return {
    scripts: own.map((key) => (manifest[key] as ManifestChunk).file),
    styles: [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter((f) => !loadedStyles.has(f)),
  };
}

/** A route of the frame's areas and the chunks it loads beyond the entry's and the frame's. */
export interface RoutePreload extends PreloadFiles {
  /** TanStack's full path: `$name` a parameter, a final `$` the rest of the path. */
  path: string;
}

/**
 * Each frame route's own chunks (its split component and loader, and those of the routes it
 * nests in), from routeTree.gen.ts (route file and full path) and the manifest: the server names
 * them in frame.html for that path, so the app does not append their preload links either.
 */
export function routePreloads(manifest: Manifest, routeTree: string, areas: RegExp): RoutePreload[] {
  const fileOf = new Map<string, string>();
  for (const m of routeTree.matchAll(/import \{ Route as (\w+) \} from "\.\/routes\/([^"]+)"/g))
    fileOf.set(m[1] as string, m[2] as string);
  // full path → route file; an index route's full path ends with "/" ("/dashboard/")
  const routes = new Map<string, string>();
  for (const m of routeTree.matchAll(/fullPath: "([^"]+)"\s+preLoaderRoute: typeof (\w+)/g)) {
    const file = fileOf.get(m[2] as string);
    if (file) routes.set(m[1] as string, file);
  }
  const loaded = new Set([...entryClosure(manifest), ...closure(manifest, [frameKey(manifest)])]);
  const loadedStyles = stylesOf(manifest, loaded);
  const chunksOf = (file: string) =>
    ["component", "loader"]
      .map((split) => `src/app/routes/${file}.tsx?tsr-split=${split}`)
      .filter((key) => manifest[key]);
  const out = new Map<string, RoutePreload>();
  for (const [fullPath, file] of routes) {
    const path = fullPath.length > 1 ? fullPath.replace(/\/$/, "") : fullPath;
    if (!areas.test(path)) continue;
    // A layout's path is its index page's too: the index page is what shows there.
    if (out.has(path) && !fullPath.endsWith("/")) continue;
    // the layouts it nests in: every other route whose full path is a prefix of it, by segments
    const layouts = [...routes]
      .filter(([p]) => !p.endsWith("/") && p !== path && path.startsWith(`${p}/`))
      .map(([, f]) => f);
    const files = filesOf(manifest, [file, ...layouts].flatMap(chunksOf), loaded, loadedStyles);
    if (files.scripts.length || files.styles.length) out.set(path, { path, ...files });
    else out.delete(path);
  }
  return [...out.values()];
}

/** index.html with the frame's links (the server adds a route's own when it sends the page). */
export function frameShell(indexHtml: string, files: PreloadFiles): string {
  return withLinks(indexHtml, preloadLinks(files));
}

function main() {
  const dir = resolve(process.argv[2] ?? "dist/app");
  const manifest = JSON.parse(readFileSync(join(dir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const files = frameFiles(manifest);
  writeFileSync(join(dir, "frame.html"), frameShell(readFileSync(join(dir, "index.html"), "utf8"), files));
  const routes = routePreloads(
    manifest,
    readFileSync(resolve(import.meta.dirname, "../src/app/routeTree.gen.ts"), "utf8"),
    FRAME_AREAS,
  );
  writeFileSync(join(dir, "frame-routes.json"), JSON.stringify(routes));
  console.log(
    `frame.html: ${files.scripts.length} scripts, ${files.styles.length} stylesheets named; frame-routes.json: ${routes.length} routes`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
