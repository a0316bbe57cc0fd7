import { describe, expect, it } from "vitest";
import {
  cellPosition,
  clampStart,
  LABEL_SIZES,
  labelsPerPage,
  layoutPages,
  pageCount,
  titleCharBudget,
  truncateTitle,
} from "./label-layout";

const avery = LABEL_SIZES["avery-5160"];
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe("Avery 5160 sheet", () => {
  it("fills US Letter exactly: 3 × 10 labels of 2.625 × 1 in with the template's margins", () => {
    expect(labelsPerPage(avery)).toBe(30);
    const width = 2 * avery.marginLeft + 3 * avery.labelWidth + 2 * avery.gapX;
    const height = 2 * avery.marginTop + 10 * avery.labelHeight;
    close(width, 8.5);
    close(height, 11);
  });

  it("places cells row by row from the top left", () => {
    expect(cellPosition(avery, 0)).toEqual({ x: 0.1875, y: 0.5 });
    expect(cellPosition(avery, 1)).toEqual({ x: 0.1875 + 2.75, y: 0.5 });
    expect(cellPosition(avery, 2)).toEqual({ x: 0.1875 + 5.5, y: 0.5 });
    expect(cellPosition(avery, 3)).toEqual({ x: 0.1875, y: 1.5 });
    const last = cellPosition(avery, 29);
    close(last.x + avery.labelWidth, 8.5 - 0.1875);
    close(last.y + avery.labelHeight, 11 - 0.5);
  });

  it("starts at the chosen position on a partly used sheet and continues on fresh sheets", () => {
    const pages = layoutPages(avery, 5, 28);
    expect(pages).toHaveLength(2);
    expect(pages[0]?.labels.map((l) => [l.cell, l.label])).toEqual([
      [27, 0],
      [28, 1],
      [29, 2],
    ]);
    expect(pages[1]?.labels.map((l) => [l.cell, l.label])).toEqual([
      [0, 3],
      [1, 4],
    ]);
    // position 8 = row 3, column 2
    const [first] = layoutPages(avery, 1, 8)[0]?.labels ?? [];
    expect(first).toMatchObject({ cell: 7, x: 0.1875 + 2.75, y: 2.5 });
  });

  it("counts sheets with the start offset", () => {
    expect(pageCount(avery, 30)).toBe(1);
    expect(pageCount(avery, 31)).toBe(2);
    expect(pageCount(avery, 30, 2)).toBe(2);
    expect(pageCount(avery, 300, 1)).toBe(10);
    expect(pageCount(avery, 0, 5)).toBe(0);
    expect(layoutPages(avery, 0)).toEqual([]);
  });

  it("keeps the start position within 1…30", () => {
    expect(clampStart(avery, 0)).toBe(1);
    expect(clampStart(avery, 31)).toBe(30);
    expect(clampStart(avery, 7.6)).toBe(7);
    expect(clampStart(avery, Number.NaN)).toBe(1);
  });
});

describe("thermal labels", () => {
  it.each(["thermal-2x1", "thermal-2.25x1.25"] as const)("%s: one label per page at the corner", (id) => {
    const size = LABEL_SIZES[id];
    expect(size.pageWidth).toBe(size.labelWidth);
    expect(size.pageHeight).toBe(size.labelHeight);
    const pages = layoutPages(size, 3, 9); // a start position means nothing on a roll
    expect(pages.map((p) => p.labels)).toEqual([
      [{ cell: 0, x: 0, y: 0, label: 0 }],
      [{ cell: 0, x: 0, y: 0, label: 1 }],
      [{ cell: 0, x: 0, y: 0, label: 2 }],
    ]);
  });

  it("has the sizes sold for Zebra, DYMO and Rollo printers", () => {
    expect([LABEL_SIZES["thermal-2x1"].pageWidth, LABEL_SIZES["thermal-2x1"].pageHeight]).toEqual([2, 1]);
    expect([LABEL_SIZES["thermal-2.25x1.25"].pageWidth, LABEL_SIZES["thermal-2.25x1.25"].pageHeight]).toEqual(
      [2.25, 1.25],
    );
  });
});

describe("title truncation", () => {
  it("keeps a short title whole (spaces collapsed)", () => {
    expect(truncateTitle("  Brass   desk lamp ", 40)).toBe("Brass desk lamp");
  });

  it("cuts at a word boundary near the end and adds an ellipsis", () => {
    const out = truncateTitle("Vintage brass desk lamp with green glass shade", 30);
    expect(out).toBe("Vintage brass desk lamp with…");
    expect(out.length).toBeLessThanOrEqual(30);
  });

  it("cuts inside a very long word when no boundary is near", () => {
    const out = truncateTitle("Supercalifragilisticexpialidocious", 12);
    expect(out).toBe("Supercalifr…");
    expect(out).toHaveLength(12);
  });

  it("budgets more characters on wider labels, two lines each", () => {
    const small = titleCharBudget(LABEL_SIZES["thermal-2x1"]);
    const wide = titleCharBudget(LABEL_SIZES["avery-5160"]);
    expect(small).toBeGreaterThanOrEqual(50);
    expect(small).toBeLessThanOrEqual(80);
    expect(wide).toBeGreaterThan(small);
  });
});
