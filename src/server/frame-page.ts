/**
 * The page sent for the signed-in frame's areas (docs/frontend.md, "What a cold signed-in load
 * does before React"): the build's frame.html (index.html naming the frame's chunks,
 * scripts/frame-shell.ts) with, for a path one of frame-routes.json's routes matches, that
 * route's own chunks named too. The browser fetches them while it parses the page, before the
 * app runs; the app then finds the links there and does not add them itself.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The paths drawn in the signed-in frame (DashboardLayout). */
export const FRAME_AREAS = /^\/(dashboard|admin|marketplace)(\/|$|\?)/;

export interface PreloadFiles {
  scripts: string[];
  styles: string[];
}

/** What the build's files may be called: nothing else goes into the page. */
const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/** `<link>`s that fetch without running or applying: module scripts, and styles as preloads. */
export function preloadLinks(files: PreloadFiles): string {
  return [
    ...files.scripts
      .filter((f) => ASSET.test(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...files.styles
      .filter((f) => ASSET.test(f))
      .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ].join("\n    ");
}

/** `html` with `links` before its web manifest link (after the entry's stylesheet). */
export function withLinks(html: string, links: string): string {
  const at = html.indexOf('<link rel="manifest"');
  if (at < 0) throw new Error('the page has no <link rel="manifest"> to put the preload links before');
  return links ? `${html.slice(0, at)}${links}\n    ${html.slice(at)}` : html;
}

/** A TanStack full path as a pattern: `$name` one segment, a final `$` the rest. */
function patternOf(path: string): RegExp {
  const body = path
    .split("/")
    .map((seg) =>
      seg === "$" ? ".*" : seg.startsWith("$") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${body}/?$`);
}

/**
 * The frame page for a request's URL, from the build in `staticDir`; null when the build has no
 * frame.html. Read once; a missing or unreadable frame-routes.json leaves the frame's links only.
 */
export function loadFramePage(staticDir: string): ((url: string) => string) | null {
  const file = join(staticDir, "frame.html");
  if (!existsSync(file)) return null;
  const html = readFileSync(file, "utf8");
  let routes: { pattern: RegExp; statics: number; html: string }[] = [];
  try {
    const listed = JSON.parse(readFileSync(join(staticDir, "frame-routes.json"), "utf8")) as unknown;
    if (Array.isArray(listed))
      routes = listed
        .filter(
          (r): r is PreloadFiles & { path: string } =>
            typeof r?.path === "string" && Array.isArray(r.scripts) && Array.isArray(r.styles),
        )
        .map((r) => ({
          pattern: patternOf(r.path),
          // the most specific route first: more fixed segments, then fewer parameters
          statics:
            r.path.split("/").filter((seg) => seg && !seg.startsWith("$")).length * 100 -
            r.path.split("$").length,
          html: withLinks(html, preloadLinks(r)),
        }))
        .sort((a, b) => b.statics - a.statics);
  } catch {
    routes = [];
  }
  return (url) => {
    const raw = url.split(/[?#]/)[0] ?? "/";
    let path = raw;
    try {
      path = decodeURI(raw);
    } catch {
      // a malformed escape: matched as sent (the app shows its own not-found page)
    }
    return routes.find((r) => r.pattern.test(path))?.html ?? html;
  };
}
