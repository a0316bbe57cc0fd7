/**
 * One chunk for the libraries the landing page needs before it is interactive.
 *
 * Left alone, Rolldown puts each library module that several lazy routes share into a common
 * chunk of its own, so the landing page downloaded ~50 files of a few hundred bytes each (one
 * per Mantine component, icon or hook), each gzipped on its own: the per-file overhead alone
 * came to several KB (scripts/size-budget.ts). After the build has resolved the module graph,
 * this plugin collects the node_modules code statically reachable from the entry and from the
 * "/" route (its index route under the pathless layouts, e.g. routes/_public/index.tsx and
 * routes/_public.tsx, with TanStack's ?tsr-split parts); the `codeSplitting` group in
 * vite.config.ts puts exactly that code into one chunk.
 *
 * Library barrels (`@mantine/core`, `@tabler/icons-react`, ... whose index only re-exports) are
 * followed by name: `import { Button } from "@mantine/core"` reaches Button's module, not the
 * other 300 exports of the package, so components only other pages use (tables, pickers,
 * comboboxes, dropzone...) stay out of the chunk and lazy. Anything the parser does not
 * understand is followed whole (a larger chunk, never a missing module).
 *
 * The signed-in frame (the `/dashboard` layout route and what it imports statically: the
 * navigation, the top bar, the query and sync providers, and their Mantine components) gets a
 * chunk of its own the same way, library and app code together, less what the landing's chunk
 * and the entry already hold: a cold dashboard load fetched ~60 files of a few KB for it, each a
 * round trip on a phone's network (docs/benchmarks.md, issue 19). The libraries the dashboard's
 * pages import (tables, inputs, selects, modals, forms) go into one more, so a page's own chunk
 * is what is left to fetch.
 */
import type { Plugin, Rollup } from "vite";

const ROUTES = "/src/app/routes/";
const LANDING = /\/src\/app\/routes\/(_[^/]+\/)*index\.tsx(\?|$)/;
const LIBRARY = /[\\/]node_modules[\\/]/;
const FRAME = /\/src\/app\/routes\/dashboard\.tsx$/;
const DASHBOARD_PAGES = /\/src\/app\/routes\/dashboard\//;
/**
 * The UI libraries every dashboard page draws with (Mantine's components and what they stand
 * on, the icons). Heavier libraries only some pages use (charts, Dexie, barcodes, spreadsheets,
 * PDF) stay in those pages' chunks.
 */
const PAGE_UI =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|form)|@floating-ui|@tabler[\\/]icons-react|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|clsx|react-textarea-autosize|react-number-format|@babel[\\/]runtime)[\\/]/;

/** `import ... from "x"`, `export ... from "x"` and `import "x"` statements of a module. */
const STATEMENT = /(?:^|[;\n}])\s*(import|export)\s*([\w$*{}\s,]*?)\s*(?:from\s*)?["']([^"']+)["']/g;
/** A module that only re-exports (comments, directives and side-effect imports aside). */
const BARREL_LINE =
  /^(export\s*(\{[^}]*\}|\*(\s+as\s+[\w$]+)?)\s*from\s*["'][^"']+["']|import\s*(\*\s*as\s+[\w$]+\s*from\s*)?["'][^"']+["']|export\s*\{[^}]*\});?$/;
/** `import * as local from "x"` ... `export { local as name }`: a namespace re-exported by a barrel. */
const NAMESPACE_IMPORT = /import\s*\*\s*as\s+([\w$]+)\s*from\s*["']([^"']+)["']/g;
const LOCAL_EXPORT = /export\s*\{([^}]*)\}\s*(?:;|\n|$)/g;

interface Edge {
  spec: string;
  kind: "import" | "export";
  /** Names taken from the target (its export names); null: the whole module. */
  names: string[] | null;
  /** export { a as b } from: b → a. */
  renames?: Map<string, string>;
  /** `import "x"`. */
  sideEffect?: boolean;
}

/** The names an import/export clause takes from its source; null for `* as` and side-effect imports. */
function parseClause(kind: "import" | "export", clause: string): Pick<Edge, "names" | "renames"> {
  const text = clause.trim();
  // `import "x"`: no binding. A barrel brings nothing then (Mantine's modules import
  // "@mantine/hooks" like that); any other module is followed whole anyway.
  if (!text && kind === "import") return { names: [] };
  if (text.includes("*")) return { names: null };
  const names: string[] = [];
  const renames = new Map<string, string>();
  const braces = text.match(/\{([^}]*)\}/);
  const head = text
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, " ")
    .trim();
  if (head && kind === "import") names.push("default");
  for (const part of (braces?.[1] ?? "").split(",")) {
    const [from, as] = part.trim().split(/\s+as\s+/);
    if (!from) continue;
    names.push(from);
    renames.set(as ?? from, from);
  }
  return { names, renames };
}

function parseEdges(code: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of code.matchAll(STATEMENT)) {
    const kind = m[1] as "import" | "export";
    const clause = m[2] ?? "";
    if (kind === "export" && !clause.trim()) continue;
    edges.push({ spec: m[3] as string, kind, sideEffect: !clause.trim(), ...parseClause(kind, clause) });
  }
  return edges;
}

function isBarrel(code: string): boolean {
  const lines = code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .split(/;?\s*\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^["']use \w+["'];?$/.test(l));
  return lines.length > 0 && lines.every((l) => BARREL_LINE.test(l));
}

/** The module ids of the `/dashboard` layout route (with its ?tsr-split parts). */
function frameModules(ids: string[]): string[] {
  return ids.filter((id) => FRAME.test(id.split("?")[0] as string));
}

/** The module ids of "/" and its pathless layouts (with their ?tsr-split parts). */
function landingModules(ids: string[]): string[] {
  const index = ids.map((id) => id.split("?")[0] as string).find((file) => LANDING.test(file));
  if (!index) return [];
  const root = index.slice(0, index.indexOf(ROUTES) + ROUTES.length);
  const layouts = index.slice(root.length).split("/").slice(0, -1);
  const files = [index];
  for (let i = 1; i <= layouts.length; i++) files.push(`${root}${layouts.slice(0, i).join("/")}.tsx`);
  return ids.filter((id) => files.includes(id.split("?")[0] as string));
}

/** Every module statically reachable from `roots`, barrels followed by name, into `critical`. */
async function collect(ctx: Rollup.PluginContext, critical: Set<string>, roots: string[]) {
  const whole = new Set<string>();
  const barrelNames = new Map<string, Set<string>>();
  const queue: [string, string[] | null][] = roots.map((id) => [id, null]);

  const resolve = async (spec: string, importer: string) => (await ctx.resolve(spec, importer))?.id;

  while (queue.length) {
    const [id, names] = queue.pop() as [string, string[] | null];
    const info = ctx.getModuleInfo(id);
    if (!info || whole.has(id)) continue;
    const code = info.code ?? "";
    if (names && isBarrel(code)) {
      // Only the requested names, each to the module that defines it.
      const seen = barrelNames.get(id) ?? new Set<string>();
      const fresh = names.filter((n) => !seen.has(n));
      if (!fresh.length) continue;
      for (const n of fresh) seen.add(n);
      barrelNames.set(id, seen);
      critical.add(id);
      const left = new Set(fresh);
      const stars: string[] = [];
      const namespaces = new Map([...code.matchAll(NAMESPACE_IMPORT)].map((m) => [m[1], m[2]]));
      for (const m of code.matchAll(LOCAL_EXPORT))
        for (const part of (m[1] ?? "").split(",")) {
          const [local, as] = part.trim().split(/\s+as\s+/);
          const spec = local && namespaces.get(local);
          if (!spec || !left.has(as ?? local)) continue;
          left.delete(as ?? local);
          const target = await resolve(spec, id);
          if (target) queue.push([target, null]);
        }
      for (const edge of parseEdges(code)) {
        if (edge.kind === "import") {
          // A namespace import is followed above, when a requested name re-exports it.
          if (!edge.sideEffect) continue;
          // A side-effect import of the barrel (a barrel it names brings nothing).
          const target = await resolve(edge.spec, id);
          if (target) queue.push([target, []]);
          continue;
        }
        if (!edge.names) {
          stars.push(edge.spec);
          continue;
        }
        const wanted = [...(edge.renames ?? [])].filter(([as]) => left.has(as));
        if (!wanted.length) continue;
        for (const [as] of wanted) left.delete(as);
        const target = await resolve(edge.spec, id);
        if (target) queue.push([target, wanted.map(([, from]) => from)]);
      }
      if (left.size)
        for (const spec of stars) {
          const target = await resolve(spec, id);
          if (target) queue.push([target, [...left]]);
        }
      continue;
    }
    // A real module: all of it, and what it imports (by name where it names them).
    whole.add(id);
    critical.add(id);
    const followed = new Set<string>();
    for (const edge of parseEdges(code)) {
      const target = await resolve(edge.spec, id);
      if (!target) continue;
      followed.add(target);
      queue.push([target, edge.names]);
    }
    for (const target of info.importedIds) if (!followed.has(target)) queue.push([target, null]);
  }
}

export function landingChunk() {
  const critical = new Set<string>();
  const frame = new Set<string>();
  const pages = new Set<string>();
  const plugin: Plugin = {
    name: "blocklot:landing-chunk",
    apply: "build",
    buildStart() {
      critical.clear();
      frame.clear();
      pages.clear();
    },
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      await collect(this, critical, [...entries, ...landingModules(ids)]);
      await collect(this, frame, frameModules(ids));
      await collect(
        this,
        pages,
        ids.filter((id) => DASHBOARD_PAGES.test(id.split("?")[0] as string)),
      );
    },
  };
  /** Library code on the landing page's critical path (known from buildEnd on). */
  const test = (id: string) => critical.has(id) && LIBRARY.test(id);
  /**
   * The signed-in frame's code that neither the entry nor the landing's chunk holds. Workers'
   * modules are left alone (a worker cannot load the page's chunks).
   */
  const frameTest = (id: string) => frame.has(id) && !critical.has(id) && !id.includes("?worker");
  /** The UI library code of the dashboard's pages that neither of the chunks above holds. */
  const pagesTest = (id: string) =>
    pages.has(id) && PAGE_UI.test(id) && !critical.has(id) && !frame.has(id) && !id.includes("?worker");
  return { plugin, test, frameTest, pagesTest };
}
