/**
 * Where an import may point (docs/architecture.md, "Layers"). `npm run lint` runs
 * `depcruise src sw` with these rules; any violation fails it.
 *
 * Layers, bottom to top; a file imports its own layer or lower ones:
 *   0  src/domain                                  pure rules, shared by client and server
 *   1  src/app/lib, src/app/i18n                   HTTP, session, settings, query client, languages
 *   2  src/app/offline, src/app/sync, src/sync     Dexie, outbox, sync engine
 *   3  src/app/ui                                  leaf components, theme, labels
 *   4  src/app/features                            one folder per feature (screens, hooks, api)
 *   5  src/app/shell, src/app/routes, src/app/ssr,  the app frame: composes features
 *      src/app/*.ts(x); sw/ (service worker)       (sw/ may use layers 0-2 only)
 * The server (src/server) imports src/domain besides itself; src/domain imports neither half.
 *
 * Known exceptions are listed below, each with the work that removes it. Do not add one to
 * get a change through: move the shared piece down instead.
 */

// Violations that other work in progress removes: each exact import is let through, nothing
// else. The lead deletes these entries when that work lands.
const KNOWN = {
  upward: {},
  featureTies: {},
  // Route files that still hold SQL (none: every route file calls its data file).
  routesWithSql: [],
};

const exact = (path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
const FRAME = "^(src/app/(shell|routes|ssr)/|src/app/[^/]+$)";
const SW = "^sw/";

/**
 * A layer rule: nothing matching `from` imports anything matching `to`. A source with known
 * exceptions gets a rule of its own that lets only those exact targets through.
 */
function layer(name, comment, from, to) {
  const rule = { name, comment, severity: "error", from: { path: from }, to: { path: to } };
  const sources = Object.keys(KNOWN.upward).filter((source) => new RegExp(from).test(source));
  if (sources.length === 0) return [rule];
  return [
    { ...rule, from: { path: from, pathNot: sources.map(exact) } },
    ...sources.map((source) => ({
      ...rule,
      from: { path: exact(source) },
      to: { path: to, pathNot: KNOWN.upward[source].map(exact) },
    })),
  ];
}

const layerRules = [
  layer(
    "domain-imports-neither-half",
    "src/domain holds pure rules both halves share: it imports nothing of the app, the server or the service worker.",
    "^src/domain/",
    "^(src/(app|server|sync)|sw)/",
  ),
  layer(
    "server-imports-only-domain",
    "The server imports src/domain besides itself, never the app or the service worker.",
    "^src/server/",
    "^(src/(app|sync)|sw)/",
  ),
  layer(
    "client-not-server",
    "The app and the service worker never import the server.",
    "^(src/(app|sync)|sw)/",
    "^src/server/",
  ),
  layer(
    "lib-imports-down",
    "src/app/lib and src/app/i18n (layer 1) import only src/domain and themselves.",
    "^src/app/(lib|i18n)/",
    `^src/app/(offline|sync|ui|features)/|^src/sync/|${FRAME}|${SW}`,
  ),
  layer(
    "offline-imports-down",
    "The offline layer and the sync engine (layer 2) know no screen: they import layers 0-2 only.",
    "^(src/app/(offline|sync)|src/sync)/",
    `^src/app/(ui|features)/|${FRAME}|${SW}`,
  ),
  layer(
    "ui-imports-down",
    "src/app/ui holds leaf components: it imports layers 0-3, never a feature or the frame.",
    "^src/app/ui/",
    `^src/app/features/|${FRAME}|${SW}`,
  ),
  layer(
    "features-import-down",
    "A feature never imports the app frame (shell, routes, ssr, App, router) or the service worker; the frame composes features.",
    "^src/app/features/",
    `${FRAME}|${SW}`,
  ),
  layer(
    "app-not-sw",
    "The service worker is its own bundle: the app talks to it by messages, never by import.",
    "^src/",
    SW,
  ),
  layer(
    "sw-imports-layers-0-2",
    "The service worker imports src/domain, src/app/lib, src/app/i18n, src/app/offline, src/app/sync and src/sync only.",
    SW,
    "^src/(app/(ui|features|shell|routes|ssr)/|app/[^/]+$)",
  ),
].flat();

/** No ring of feature folders; a feature with a known tie gets a rule that lets only that tie through. */
function featureTies() {
  const rule = {
    name: "no-feature-ties",
    comment:
      "Two features never import each other (directly or round a ring of features): merge what is one feature, move what both need down a layer, or let the frame compose them.",
    severity: "error",
    scope: "folder",
    from: { path: "^src/app/features/([^/]+)$" },
    to: { path: "^src/app/features/", pathNot: "^src/app/features/$1(/|$)", circular: true },
  };
  const tied = Object.keys(KNOWN.featureTies);
  return [
    { ...rule, from: { ...rule.from, pathNot: `^src/app/features/(${tied.join("|")})$` } },
    ...tied.map((feature) => ({
      ...rule,
      from: { path: `^src/app/features/(${feature})$` },
      to: {
        ...rule.to,
        pathNot: [rule.to.pathNot, ...KNOWN.featureTies[feature].map((f) => `^src/app/features/${f}(/|$)`)],
      },
    })),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    ...featureTies(),
    {
      name: "routes-call-their-store",
      comment:
        "A server route file validates, authorises and calls its module's data file (X-routes.ts calls X-store.ts, routes.ts calls store.ts); only data files import Drizzle and the schema.",
      severity: "error",
      from: {
        path: "^src/server/modules/[^/]+/[^/]*routes\\.ts$",
        pathNot: KNOWN.routesWithSql.map(exact),
      },
      to: { path: "^(node_modules/drizzle-orm/|src/server/db/schema\\.ts$)" },
    },
    {
      name: "no-circular",
      comment: "No file-level import cycle: split the shared piece out into a module both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-orphans",
      comment: "A module nothing imports and that imports nothing is dead: delete it or use it.",
      severity: "error",
      from: {
        orphan: true,
        // A worker is started with `new Worker(new URL("./x.worker.ts", import.meta.url))`, which
        // the cruiser does not follow; one that imports nothing would look dead.
        pathNot: [
          "\\.d\\.ts$",
          "(^|/)[^/]+\\.config\\.(js|cjs|mjs|ts)$",
          "^src/app/routeTree\\.gen\\.ts$",
          "\\.worker\\.ts$",
        ],
      },
      to: {},
    },
    {
      name: "not-to-unresolvable",
      comment: "Every relative import resolves to a file (otherwise the layer rules cannot see it).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^\\." },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^src/server/db/migrations/", "^dist/"] },
    // TypeScript 7 has no JavaScript compiler API yet; swc parses TypeScript and JSX here.
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
