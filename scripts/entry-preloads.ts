/**
 * Preload lists without what every page already has.
 *
 * Vite gives each lazy import the list of chunks to fetch beside it (`__vite__mapDeps`), and
 * those lists live in the entry chunk: with ~130 route parts of ~30 shared chunks each they came
 * to a third of the entry's gzipped size. The chunks the entry imports statically are loaded
 * before any route renders, so listing them again only costs bytes. This plugin collects the
 * entry's static closure once the bundle is written (its `generateBundle` runs before Vite's
 * import analysis, which calls `resolveDependencies`), and `resolveDependencies` drops them.
 */
import type { Plugin, Rollup } from "vite";
import { staticClosure } from "./static-closure";

export function entryPreloads() {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: "blocklot:entry-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
      const roots = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      for (const name of staticClosure(chunks, roots)) loaded.add(name);
    },
  };
  return {
    plugin,
    resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => !loaded.has(dep)),
  };
}
