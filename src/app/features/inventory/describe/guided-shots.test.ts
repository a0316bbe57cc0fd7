import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { clampStep, GUIDED_SHOT_IDS, guidedImage, swipeDirection } from "./guided-shots";

const publicDir = resolve(import.meta.dirname, "../../../../../public");

describe("guided shots", () => {
  it("has the seven shots in order: front, back, both sides, label, defects, measurements", () => {
    expect(GUIDED_SHOT_IDS).toEqual(["front", "back", "left", "right", "label", "defects", "measurements"]);
  });

  it.each(GUIDED_SHOT_IDS)("%s has a small SVG example under /images/guided/ with a title", (id) => {
    const file = resolve(publicDir, `.${guidedImage(id)}`);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(4096);
    const svg = readFileSync(file, "utf8");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 320 240"/);
    expect(svg).toMatch(/<title id="t">[^<]+<\/title>/);
  });

  it("keeps the step in range", () => {
    expect(clampStep(-1)).toBe(0);
    expect(clampStep(3.7)).toBe(3);
    expect(clampStep(99)).toBe(GUIDED_SHOT_IDS.length - 1);
    expect(clampStep(Number.NaN)).toBe(0);
  });

  it("turns a clear sideways swipe into a step, not a scroll", () => {
    expect(swipeDirection(-80, 10)).toBe("next");
    expect(swipeDirection(80, -5)).toBe("previous");
    expect(swipeDirection(-30, 0)).toBeNull();
    expect(swipeDirection(-80, 70)).toBeNull();
  });
});
