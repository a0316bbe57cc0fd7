/**
 * Writes dist/app/frame.html: index.html with the signed-in frame's chunks named in its head
 * (package.json build:app, after prerender.ts, before precompress.ts). The server sends it for
 * the areas drawn in the frame (/dashboard, /admin, /marketplace: src/server/app.ts).
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

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The keys of `roots` and of every chunk they import statically. */
function closure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** The frame's files the entry does not load already: its scripts and its stylesheets. */
export function frameFiles(manifest: Manifest): { scripts: string[]; styles: string[] } {
  const frame = Object.keys(manifest).find((key) => manifest[key]?.name === "frame" && !key.endsWith(".css"));
  if (!frame) throw new Error("the build has no chunk named frame (vite.config.ts codeSplitting groups)");
  const entry = closure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );
  const own = [...closure(manifest, [frame])].filter((key) => !entry.has(key));
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  return {
    scripts: own.map((key) => (manifest[key] as ManifestChunk).file),
    styles: [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter((f) => !entryStyles.has(f)),
  };
}

/** index.html with the frame's links before its web manifest link (after the entry's stylesheet). */
export function frameShell(indexHtml: string, files: { scripts: string[]; styles: string[] }): string {
  const links = [
    ...files.scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...files.styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ].join("\n    ");
  const at = indexHtml.indexOf('<link rel="manifest"');
  if (at < 0) throw new Error('index.html has no <link rel="manifest"> to put the frame\'s links before');
  return `${indexHtml.slice(0, at)}${links}\n    ${indexHtml.slice(at)}`;
}

function main() {
  const dir = resolve(process.argv[2] ?? "dist/app");
  const manifest = JSON.parse(readFileSync(join(dir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const files = frameFiles(manifest);
  writeFileSync(join(dir, "frame.html"), frameShell(readFileSync(join(dir, "index.html"), "utf8"), files));
  console.log(`frame.html: ${files.scripts.length} scripts, ${files.styles.length} stylesheets named`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
