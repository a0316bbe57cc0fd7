import { describe, expect, it } from "vitest";
import { frameFiles, frameShell, routePreloads } from "./frame-shell";
import type { Manifest } from "./vite-manifest";

/** A build's manifest as Vite writes it: the entry, the frame group and what they import. */
const manifest: Manifest = {
  "index.html": {
    file: "assets/index-1.js",
    isEntry: true,
    imports: ["_vendor-1.js"],
    css: ["assets/index-1.css"],
  },
  "_vendor-1.js": { file: "assets/vendor-1.js", name: "vendor" },
  "_frame-1.js": {
    file: "assets/frame-1.js",
    name: "frame",
    imports: ["_vendor-1.js", "index.html", "_title-1.js", "_styles-1.js"],
    css: ["assets/frame-1.css"],
  },
  "_frame-1.css": { file: "assets/frame-1.css", name: "frame" },
  "_title-1.js": { file: "assets/title-1.js", imports: ["_styles-1.js"] },
  "_styles-1.js": { file: "assets/styles-1.js", css: ["assets/styles-1.css", "assets/index-1.css"] },
  "src/page.tsx": { file: "assets/page-1.js", imports: ["_frame-1.js"] },
};

describe("frame.html (the signed-in frame's chunks named in index.html)", () => {
  it("names the frame's chunk and what it imports, less what the entry loads and the pages' own chunks", () => {
    const files = frameFiles(manifest);
    expect(files.scripts.sort()).toEqual(["assets/frame-1.js", "assets/styles-1.js", "assets/title-1.js"]);
    expect(files.styles.sort()).toEqual(["assets/frame-1.css", "assets/styles-1.css"]);
  });

  it("puts the links in the head before the web manifest link, without blocking styles", () => {
    const html = frameShell(
      '<head><link rel="stylesheet" href="/assets/index-1.css"><link rel="manifest" href="/m"></head>',
      { scripts: ["assets/frame-1.js"], styles: ["assets/frame-1.css"] },
    );
    expect(html).toMatch(
      /index-1\.css">.*<link rel="modulepreload" crossorigin href="\/assets\/frame-1\.js">.*<link rel="preload" as="style" crossorigin href="\/assets\/frame-1\.css">.*rel="manifest"/s,
    );
    expect(html).not.toContain('rel="stylesheet" href="/assets/frame-1.css"');
  });

  it("fails the build when the frame chunk or the manifest link is gone", () => {
    expect(() => frameFiles({ "index.html": { file: "assets/index-1.js", isEntry: true } })).toThrow(/frame/);
    expect(() => frameShell("<head></head>", { scripts: [], styles: [] })).toThrow(/manifest/);
  });

  it("lists each frame route's own chunks (its page and the layouts it nests in), none of the entry's or the frame's", () => {
    const routeTree = `
import { Route as DashboardRouteImport } from "./routes/dashboard"
import { Route as DashboardIndexRouteImport } from "./routes/dashboard/index"
import { Route as DashboardShopRouteImport } from "./routes/dashboard/shop"
import { Route as DashboardShopItemRouteImport } from "./routes/dashboard/shop.$itemId"
import { Route as PricingRouteImport } from "./routes/pricing"
declare module "@tanstack/react-router" {
  interface FileRoutesByPath {
    "/dashboard": { id: "/dashboard"; path: "/dashboard"; fullPath: "/dashboard"
      preLoaderRoute: typeof DashboardRouteImport }
    "/dashboard/": { id: "/dashboard/"; path: "/"; fullPath: "/dashboard/"
      preLoaderRoute: typeof DashboardIndexRouteImport }
    "/dashboard/shop": { id: "/dashboard/shop"; path: "/shop"; fullPath: "/dashboard/shop"
      preLoaderRoute: typeof DashboardShopRouteImport }
    "/dashboard/shop/$itemId": { id: "/dashboard/shop/$itemId"; path: "/$itemId"; fullPath: "/dashboard/shop/$itemId"
      preLoaderRoute: typeof DashboardShopItemRouteImport }
    "/pricing": { id: "/pricing"; path: "/pricing"; fullPath: "/pricing"
      preLoaderRoute: typeof PricingRouteImport }
  }
}`;
    const routes: Manifest = {
      ...manifest,
      "src/app/routes/dashboard/index.tsx?tsr-split=component": {
        file: "assets/home-1.js",
        imports: ["_frame-1.js"],
      },
      "src/app/routes/dashboard/shop.tsx?tsr-split=component": {
        file: "assets/shop-1.js",
        imports: ["_lib-1.js"],
      },
      "src/app/routes/dashboard/shop.tsx?tsr-split=loader": {
        file: "assets/shop-loader-1.js",
        imports: ["_vendor-1.js"],
      },
      "src/app/routes/dashboard/shop.$itemId.tsx?tsr-split=component": {
        file: "assets/item-1.js",
        imports: ["_lib-1.js", "_title-1.js"],
        css: ["assets/item-1.css"],
      },
      "_lib-1.js": { file: "assets/lib-1.js" },
      "src/app/routes/pricing.tsx?tsr-split=component": { file: "assets/pricing-1.js" },
    };
    const byPath = new Map(routePreloads(routes, routeTree, /^\/dashboard(\/|$)/).map((r) => [r.path, r]));
    expect([...byPath.keys()].sort()).toEqual(["/dashboard", "/dashboard/shop", "/dashboard/shop/$itemId"]);
    // the index page is what shows at its layout's path
    expect(byPath.get("/dashboard")?.scripts).toEqual(["assets/home-1.js"]);
    expect(byPath.get("/dashboard/shop")?.scripts.sort()).toEqual([
      "assets/lib-1.js",
      "assets/shop-1.js",
      "assets/shop-loader-1.js",
    ]);
    // a nested page names its layout's chunks too, and nothing the frame already loads (title-1)
    expect(byPath.get("/dashboard/shop/$itemId")).toEqual({
      path: "/dashboard/shop/$itemId",
      scripts: expect.arrayContaining([
        "assets/item-1.js",
        "assets/lib-1.js",
        "assets/shop-1.js",
        "assets/shop-loader-1.js",
      ]),
      styles: ["assets/item-1.css"],
    });
    expect(byPath.get("/dashboard/shop/$itemId")?.scripts).not.toContain("assets/title-1.js");
  });
});
