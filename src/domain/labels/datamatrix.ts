/**
 * Data Matrix (ECC 200, square) for labels: bwip-js (BWIPP) encodes the text, and its drawing
 * interface hands back the dark areas as outlines on the module grid, which become a module
 * matrix here (even-odd fill, tested against bwip-js's own raw output in datamatrix.test.ts),
 * so the label draws the symbol itself like the QR code. Only bwip-js's `datamatrix` encoder
 * is imported (its per-symbol export), so the bundle carries one symbology, not a hundred.
 * Still ~55 KB gzipped: the label page imports this module only when a label needs it
 * (features/inventory/labels/datamatrix-loader.ts), never statically.
 */
import { datamatrix } from "bwip-js/browser";
import { type DataMatrixEncoder, dataMatrixCanCarry } from "./datamatrix-limits";

type Point = [number, number];

/** Whether the module centred at (x, y) is inside an odd number of the outlines. */
function inside(polygons: readonly Point[][], x: number, y: number): boolean {
  let odd = false;
  for (const poly of polygons) {
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i] as Point;
      const [xj, yj] = poly[j] as Point;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/**
 * The dark modules of `text` as a square Data Matrix, row by row (top first), without the
 * quiet zone; null when the text is not plain ASCII (a label's code must read back exactly as
 * it is stored, and Data Matrix's default character set is Latin-1) or cannot be encoded.
 */
export const encodeDataMatrix: DataMatrixEncoder = (text) => {
  if (!dataMatrixCanCarry(text)) return null;
  let width = 0;
  let height = 0;
  const polygons: Point[][] = [];
  try {
    datamatrix(
      { bcid: "datamatrix", text, scale: 1, paddingwidth: 0, paddingheight: 0 },
      {
        scale: () => [1, 1],
        measure: () => ({ width: 0, ascent: 0, descent: 0 }),
        init: (w, h) => {
          width = w;
          height = h;
        },
        line: () => {},
        polygon: (pts) => {
          polygons.push(pts.map(([x, y]) => [x, y] as Point));
        },
        hexagon: () => {},
        ellipse: () => {},
        fill: () => {},
        text: () => {},
        end: () => null,
      },
    );
  } catch {
    return null;
  }
  if (width === 0 || width !== height) return null;
  return Array.from({ length: height }, (_, r) =>
    Array.from({ length: width }, (_, c) => inside(polygons, c + 0.5, r + 0.5)),
  );
};
