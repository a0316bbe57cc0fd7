/**
 * V8's explicit compile hint on the chunks every signed-in page runs at once (issue #19).
 *
 * V8 compiles a function lazily, on its first call, on the main thread, unless told otherwise:
 * on a cold dashboard load that was ~1.7 s of the main thread at 4× CPU slowdown (parsing and
 * compiling React's, Mantine's, the router's and the frame's functions as they were first
 * called), inside the long tasks TBT counts. A file that begins with the magic comment
 * `//# allFunctionsCalledOnLoad` (Chrome 136+) is compiled whole while it streams in, on a
 * background thread; browsers that do not know the comment read it as a comment.
 *
 * Only chunks whose functions mostly run on every signed-in load get it: the entry and its
 * runtime, the libraries of the app's start (vendor-landing), the signed-in frame, the
 * libraries every dashboard page draws with (vendor-dashboard) and the local database (Dexie,
 * opened by the frame's sync badge), each with the chunks it imports statically. A route's own
 * chunk and the heavy libraries a few pages use (spreadsheets, charts, barcodes) stay lazy:
 * compiling what never runs would only cost memory and the background thread's time. Public
 * pages evaluate none of these before interaction (scripts/size-budget.ts). Figures:
 * docs/benchmarks.md "Signed-in first load: compiled as it arrives".
 */
import type { Plugin } from "vite";
import { staticClosure } from "./static-closure";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The chunks, by their name in vite.config.ts's groups (or Rolldown's), compiled eagerly with
 * every chunk they import statically (evaluated with them: the HTTP client, the auth API...).
 */
const EAGER_CHUNKS = new Set(["vendor-landing", "frame", "vendor-dashboard", "db"]);

/**
 * Puts the hint on the first line of the entry, EAGER_CHUNKS and their static imports, once every
 * other plugin has written them (Vite's preload map goes on top of a chunk with lazy imports),
 * and moves their source maps down by that line.
 */
export function compileHints(): Plugin {
  return {
    name: "blocklot:compile-hints",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const roots = chunks.filter((c) => c.isEntry || EAGER_CHUNKS.has(c.name)).map((c) => c.fileName);
        const eager = staticClosure(chunks, roots);
        for (const chunk of chunks) {
          if (!eager.has(chunk.fileName)) continue;
          const file = chunk.fileName;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // In a source map's mappings, each ";" starts the next generated line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${file}.map`];
          if (mapFile?.type === "asset") {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
