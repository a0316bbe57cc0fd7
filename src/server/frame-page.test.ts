import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FRAME_AREAS, loadFramePage, preloadLinks, withLinks } from "./frame-page";

const dirs: string[] = [];
function build(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "blocklot-frame-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const FRAME =
  '<head><link rel="modulepreload" crossorigin href="/assets/frame-1.js">\n<link rel="manifest" href="/m"></head>';

describe("the page sent for the signed-in frame's areas", () => {
  it("names a route's own chunks for its path, the most specific route first, parameters and all", () => {
    const page = loadFramePage(
      build({
        "frame.html": FRAME,
        "frame-routes.json": JSON.stringify([
          { path: "/dashboard/shop/$itemId", scripts: ["assets/item-1.js"], styles: ["assets/item-1.css"] },
          { path: "/dashboard/shop/new", scripts: ["assets/new-1.js"], styles: [] },
          { path: "/dashboard", scripts: ["assets/home-1.js"], styles: [] },
          { path: "/admin/article/$", scripts: ["assets/article-1.js"], styles: [] },
        ]),
      }),
    );
    if (!page) throw new Error("no frame page");
    const item = page("/dashboard/shop/0190f0a0?tab=photos");
    expect(item).toContain('<link rel="modulepreload" crossorigin href="/assets/item-1.js">');
    expect(item).toContain('<link rel="preload" as="style" crossorigin href="/assets/item-1.css">');
    expect(item.indexOf("item-1.js")).toBeLessThan(item.indexOf('rel="manifest"'));
    expect(item).toContain("frame-1.js");
    expect(page("/dashboard/shop/new")).toContain("new-1.js");
    expect(page("/dashboard/shop/new")).not.toContain("item-1.js");
    expect(page("/dashboard/")).toContain("home-1.js");
    expect(page("/admin/article/a/b")).toContain("article-1.js");
    // a path no route matches, or a malformed one, gets the frame's links only
    for (const url of ["/dashboard/nothing/here", "/dashboard/%E0%A4%A", "/dashboard/shop/a/b"]) {
      const html = page(url);
      expect(html, url).toBe(FRAME);
    }
  });

  it("leaves out entries that are not the build's files, and survives a missing or broken route list", () => {
    const page = loadFramePage(
      build({
        "frame.html": FRAME,
        "frame-routes.json": JSON.stringify([
          {
            path: "/dashboard",
            scripts: ['assets/x.js"><script>alert(1)</script>', "https://evil.test/a.js"],
            styles: [],
          },
          { path: 42 },
          null,
        ]),
      }),
    );
    expect(page?.("/dashboard")).toBe(FRAME);
    expect(
      loadFramePage(build({ "frame.html": FRAME, "frame-routes.json": "{not json" }))?.("/dashboard"),
    ).toBe(FRAME);
    expect(loadFramePage(build({ "frame.html": FRAME }))?.("/dashboard")).toBe(FRAME);
    expect(loadFramePage(build({ "index.html": "<p>" }))).toBeNull();
  });

  it("is for the frame's areas only, and puts links before the web manifest link", () => {
    for (const url of ["/dashboard", "/dashboard/x", "/admin?x=1", "/marketplace/"])
      expect(FRAME_AREAS.test(url), url).toBe(true);
    for (const url of ["/dashboards", "/administration", "/", "/auth/google/login"])
      expect(FRAME_AREAS.test(url), url).toBe(false);
    expect(withLinks('<link rel="manifest">', preloadLinks({ scripts: ["assets/a.js"], styles: [] }))).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a.js">\n    <link rel="manifest">',
    );
    expect(() => withLinks("<head></head>", "x")).toThrow(/manifest/);
  });
});
