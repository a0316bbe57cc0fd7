import sharp from "sharp";
import type { PagePixels } from "./page-pixels";

/** Pages skewed by less than this are left as they are. */
const MIN_ANGLE = 0.08;
const MAX_ANGLE = 4;

/**
 * The skew of a scanned page in degrees (positive: the text runs uphill to the right), from
 * projection profiles: the ink of a page straightened by the right angle falls into sharp
 * rows, so the sum of squared row counts peaks there. Measured on a small binary copy of the
 * page's decoded pixels (the page is decoded once, for this and for the re-read crops).
 */
export async function skewAngle(pixels: PagePixels): Promise<number> {
  const { data, info } = await sharp(pixels.data, { raw: pixels.raw })
    .resize({ width: 900, withoutEnlargement: true })
    .threshold(150)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const ch = info.channels;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if ((data[(y * w + x) * ch] as number) < 128) {
        xs.push(x - w / 2);
        ys.push(y);
      }
  if (xs.length < 200) return 0;
  // Subsample to keep the search fast on dense pages.
  const step = Math.max(1, Math.floor(xs.length / 60_000));
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    const bins = new Float64Array(h + 2 * Math.ceil(w * Math.abs(t)) + 4);
    const off = Math.ceil(w * Math.abs(t)) + 2;
    for (let i = 0; i < xs.length; i += step) {
      const y = Math.round((ys[i] as number) + (xs[i] as number) * t) + off;
      if (y >= 0 && y < bins.length) bins[y] = (bins[y] as number) + 1;
    }
    let s = 0;
    for (const b of bins) s += b * b;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let a = -MAX_ANGLE; a <= MAX_ANGLE + 1e-9; a += 0.25) {
    const s = score(a);
    if (s > bestScore) {
      bestScore = s;
      best = a;
    }
  }
  const coarse = best;
  for (let a = coarse - 0.25; a <= coarse + 0.25 + 1e-9; a += 0.03) {
    const s = score(a);
    if (s > bestScore) {
      bestScore = s;
      best = a;
    }
  }
  return Math.round(best * 100) / 100;
}

/**
 * Word boxes of a skewed page turned upright: each box is moved by rotating its centre about
 * the page centre by −angle (the words themselves are read from the page as scanned; OCR
 * follows slightly slanted lines). Columns of figures then line up down the page again.
 */
export function straighten<T extends { x0: number; x1: number; y0: number; y1: number }>(
  boxes: readonly T[],
  angle: number,
  width: number,
  height: number,
): T[] {
  if (Math.abs(angle) < MIN_ANGLE) return [...boxes];
  const r = (angle * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const cx = width / 2;
  const cy = height / 2;
  return boxes.map((b) => {
    const x = (b.x0 + b.x1) / 2 - cx;
    const y = (b.y0 + b.y1) / 2 - cy;
    // Text running uphill by `angle` comes level when rotated clockwise by it (y grows downwards).
    const nx = x * cos - y * sin + cx;
    const ny = x * sin + y * cos + cy;
    const hw = (b.x1 - b.x0) / 2;
    const hh = (b.y1 - b.y0) / 2;
    return { ...b, x0: nx - hw, x1: nx + hw, y0: ny - hh, y1: ny + hh };
  });
}
