/**
 * Data Matrix (ECC 200, square) for labels: bwip-js (BWIPP) encodes the text, and its drawing
 * interface hands back the dark areas as outlines on the module grid, which become a module
 * matrix here (even-odd fill, tested against bwip-js's own raw output in datamatrix.test.ts),
 * so the label draws the symbol itself like the QR code. Only bwip-js's `datamatrix` encoder
 * is imported (its per-symbol export), so the bundle carries one symbology, not a hundred.
 */
import { datamatrix } from "bwip-js/browser";

/** Quiet zone around a Data Matrix, in modules (ISO/IEC 16022 asks for 1; 2 spares a thermal edge). */
export const DATAMATRIX_QUIET_MODULES = 2;

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
export function encodeDataMatrix(text: string): boolean[][] | null {
  if (text === "" || !/^[\x20-\x7e]+$/.test(text)) return null;
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
}
