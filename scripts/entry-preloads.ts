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

export function entryPreloads() {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: "blocklot:entry-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const stack = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      while (stack.length) {
        const name = stack.pop() as string;
        if (loaded.has(name)) continue;
        loaded.add(name);
        stack.push(...(byName.get(name)?.imports ?? []));
      }
    },
  };
  return {
    plugin,
    resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => !loaded.has(dep)),
  };
}
