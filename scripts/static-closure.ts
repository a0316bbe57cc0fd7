import type { Rollup } from "vite";

/** The file names of `roots` and every chunk they import statically, transitively. */
export function staticClosure(chunks: readonly Rollup.OutputChunk[], roots: readonly string[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const name = stack.pop() as string;
    if (found.has(name)) continue;
    found.add(name);
    stack.push(...(byName.get(name)?.imports ?? []));
  }
  return found;
}
