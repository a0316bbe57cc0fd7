import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compileHints } from "./scripts/compile-hints";
import { entryPreloads } from "./scripts/entry-preloads";
import { landingChunk } from "./scripts/landing-chunk";
import { mantineUseId } from "./scripts/mantine-use-id";

const landing = landingChunk();
const preloads = entryPreloads();

const apiTarget = process.env.VITE_API_PROXY ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    // Must come before the React plugin so route files are split before JSX transforms.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/app/routes",
      generatedRouteTree: "src/app/routeTree.gen.ts",
      quoteStyle: "double",
      // Route loaders (signed-in pages preload their data with preloadQuery) go in a chunk of
      // their own, fetched beside the page's code, so the route tree and the public pages never
      // carry the features' API modules or TanStack Query.
      codeSplittingOptions: {
        defaultBehavior: [["loader"], ["component"], ["errorComponent"], ["notFoundComponent"]],
      },
    }),
    // Keep the English source text in the bundle: a message missing from a catalog (not yet
    // extracted) then shows in English instead of as its hash id.
    react({ babel: { plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] } }),
    lingui(),
    mantineUseId(),
    landing.plugin,
    preloads.plugin,
    // The chunks every signed-in load runs are compiled off the main thread as they arrive.
    compileHints(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Blocklot",
        short_name: "Blocklot",
        description: "NYC RPIE filing and reseller inventory tools",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#2970ff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // wasm: the scanner's ZXing-C++ decoder, so scanning
        // works offline from the first visit (never fetched from a third-party host)
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest,wasm}"],
        // Route chunks and the Mantine bundle can exceed Workbox's 2 MiB default.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: "module" },
    }),
  ],
  // The inventory import's worker (src/app/features/inventory/import/import.worker.ts) is a module
  // worker that loads exceljs on demand: code-splitting needs ES output (the default IIFE cannot).
  worker: { format: "es" },
  build: {
    outDir: "dist/app",
    emptyOutDir: true,
    sourcemap: true,
    // dist/app/.vite/manifest.json: scripts/size-budget.ts follows the landing page's imports.
    manifest: true,
    // A lazy chunk's preload list leaves out what the entry has already loaded (scripts/entry-preloads.ts).
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        // The libraries of the landing page's critical path in one chunk instead of ~50 tiny
        // ones, the signed-in frame's code in one more, and the libraries of the dashboard's pages
        // in a third (see scripts/landing-chunk.ts).
        codeSplitting: {
          groups: [
            { name: "vendor-landing", test: landing.test, priority: 2 },
            // Only what the test names: by default a group also takes its modules' dependencies,
            // which would move the entry's own modules (auth, HTTP) into the frame's chunk.
            { name: "frame", test: landing.frameTest, priority: 1, includeDependenciesRecursively: false },
            { name: "vendor-dashboard", test: landing.pagesTest, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/auth-jwt": { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/auth-jwt": { target: apiTarget, changeOrigin: true },
    },
  },
});
