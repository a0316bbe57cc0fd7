import { describe, expect, it } from "vitest";
import { NOTICE_EDGE, NOTICE_GAP, noticeEdge, stackedBottom } from "./bottom-stack";

describe("bottom stack", () => {
  it("keeps the lowest notice at the edge when the page has no bottom bar", () => {
    expect(noticeEdge(0)).toBe(NOTICE_EDGE);
    expect(stackedBottom(0)).toBe(NOTICE_EDGE);
    expect(stackedBottom(120)).toBe(NOTICE_EDGE + 120 + NOTICE_GAP);
  });

  it("lifts the notices above the page's bottom bar instead of over it", () => {
    // A 101 px bar (the photo page's shutter row): the banner starts a gap above it.
    expect(noticeEdge(101)).toBe(101 + NOTICE_GAP);
    expect(noticeEdge(101)).toBeGreaterThan(101);
    // The card goes above the banner, itself above the bar.
    expect(stackedBottom(170, 101)).toBe(101 + NOTICE_GAP + 170 + NOTICE_GAP);
    expect(stackedBottom(0, 101)).toBe(101 + NOTICE_GAP);
  });
});
