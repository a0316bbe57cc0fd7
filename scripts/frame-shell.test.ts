import { describe, expect, it } from "vitest";
import { frameFiles, frameShell, type Manifest } from "./frame-shell";

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
});
