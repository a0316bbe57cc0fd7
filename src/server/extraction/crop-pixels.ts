import type { PagePixels } from "./page-pixels";

/**
 * A figure's crop made ready to be read again, in plain TypeScript on the page's decoded grey
 * pixels: cut out, enlarged (bicubic), framed in white, a 3×3 median, a mild sharpen and a
 * contrast stretch. The same steps, in the same order, as the sharp pipeline it replaces
 * (extract → resize → extend → median → sharpen → normalise; sharp runs its operations in that
 * fixed order whatever the order of the calls), at a fraction of its cost on crops this small
 * (benchmarks.md, 2026-11-28 fourth session).
 */

/** A rectangle of a page, in pixels. */
export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One grey channel, row by row. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The crop `box` of a grey page, enlarged by `scale`, framed by `border` white pixels, cleaned. */
export function figureCrop(
  pixels: PagePixels,
  box: CropBox,
  scale: number,
  border: number,
  kernel: Kernel = "cubic",
): GreyImage {
  if (pixels.raw.channels !== 1) throw new Error(`figureCrop: one grey channel, not ${pixels.raw.channels}`);
  const big = enlarge(pixels, box, scale, kernel);
  const framed = frame(big, border);
  return stretchContrast(sharpen(median3(framed)));
}

/** How a crop is enlarged: Catmull-Rom (4 taps) or Lanczos with a = 3 (6 taps). */
export type Kernel = "cubic" | "lanczos3";

/**
 * The box of a grey page enlarged by `scale` (width and height rounded), separably with
 * `kernel` (pixel centres aligned, edges repeated).
 */
export function enlarge(
  pixels: PagePixels,
  box: CropBox,
  scale: number,
  kernel: Kernel = "cubic",
): GreyImage {
  const src = pixels.data;
  const stride = pixels.raw.width;
  const maxY = pixels.raw.height - 1;
  const width = Math.round(box.width * scale);
  const height = Math.round(box.height * scale);
  const xs = taps(kernel, width, box.width, box.left, pixels.raw.width - 1);
  const ys = taps(kernel, height, box.height, box.top, maxY);
  const n = xs.n;
  // Rows first (each source row the vertical taps reach), then columns.
  const rowTop = ys.i[0] as number;
  const rowBottom = ys.i[ys.i.length - 1] as number;
  const rows = new Float32Array((rowBottom - rowTop + 1) * width);
  for (let y = rowTop; y <= rowBottom; y++) {
    const base = y * stride;
    const out = (y - rowTop) * width;
    for (let x = 0; x < width; x++) {
      let v = 0;
      for (let j = x * n, end = j + n; j < end; j++)
        v += (xs.w[j] as number) * (src[base + (xs.i[j] as number)] as number);
      rows[out + x] = v;
    }
  }
  const data = new Uint8Array(width * height);
  const acc = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    acc.fill(0);
    for (let j = y * n, end = j + n; j < end; j++) {
      const w = ys.w[j] as number;
      const row = ((ys.i[j] as number) - rowTop) * width;
      for (let x = 0; x < width; x++) acc[x] = (acc[x] as number) + w * (rows[row + x] as number);
    }
    const out = y * width;
    for (let x = 0; x < width; x++) {
      const v = acc[x] as number;
      data[out + x] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  return { data, width, height };
}

const KERNELS: Record<Kernel, { a: number; weight: (d: number) => number }> = {
  cubic: {
    a: 2,
    weight: (d) => {
      const x = Math.abs(d);
      return x < 1 ? 1.5 * x ** 3 - 2.5 * x ** 2 + 1 : x < 2 ? -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2 : 0;
    },
  },
  lanczos3: {
    a: 3,
    weight: (d) => {
      if (d === 0) return 1;
      if (Math.abs(d) >= 3) return 0;
      const p = Math.PI * d;
      return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p);
    },
  },
};

/**
 * For each of `count` output positions over `length` source pixels from `start`: the kernel's
 * source indices (clamped to 0…`max`) and weights (summing to 1), `n` a position.
 */
function taps(kernel: Kernel, count: number, length: number, start: number, max: number) {
  const { a, weight } = KERNELS[kernel];
  const n = 2 * a;
  const i = new Int32Array(count * n);
  const w = new Float32Array(count * n);
  const step = length / count;
  for (let o = 0; o < count; o++) {
    const s = start + (o + 0.5) * step - 0.5;
    const f = Math.floor(s);
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const at = f - a + 1 + j;
      const k = weight(s - at);
      i[o * n + j] = Math.min(max, Math.max(0, at));
      w[o * n + j] = k;
      sum += k;
    }
    for (let j = 0; j < n; j++) w[o * n + j] = (w[o * n + j] as number) / sum;
  }
  return { i, w, n };
}

/** The image inside a frame of `border` white pixels on every side. */
export function frame(image: GreyImage, border: number): GreyImage {
  const width = image.width + 2 * border;
  const height = image.height + 2 * border;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < image.height; y++)
    data.set(image.data.subarray(y * image.width, (y + 1) * image.width), (y + border) * width + border);
  return { data, width, height };
}

/**
 * Each pixel the median of its 3×3 neighbourhood (edges repeated): removes specks and salt.
 * The median of nine by Paeth's exchange network (19 compare-and-swaps), written out: a loop
 * over the network or a sort costs several times as much, and this is most of a crop's time.
 */
export function median3(image: GreyImage): GreyImage {
  const { width, height, data: src } = image;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const mid = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const l = x > 0 ? x - 1 : 0;
      const r = x < width - 1 ? x + 1 : x;
      let p0 = src[up + l] as number;
      let p1 = src[up + x] as number;
      let p2 = src[up + r] as number;
      let p3 = src[mid + l] as number;
      let p4 = src[mid + x] as number;
      let p5 = src[mid + r] as number;
      let p6 = src[down + l] as number;
      let p7 = src[down + x] as number;
      let p8 = src[down + r] as number;
      let t: number;
      if (p1 > p2) {
        t = p1;
        p1 = p2;
        p2 = t;
      }
      if (p4 > p5) {
        t = p4;
        p4 = p5;
        p5 = t;
      }
      if (p7 > p8) {
        t = p7;
        p7 = p8;
        p8 = t;
      }
      if (p0 > p1) {
        t = p0;
        p0 = p1;
        p1 = t;
      }
      if (p3 > p4) {
        t = p3;
        p3 = p4;
        p4 = t;
      }
      if (p6 > p7) {
        t = p6;
        p6 = p7;
        p7 = t;
      }
      if (p1 > p2) {
        t = p1;
        p1 = p2;
        p2 = t;
      }
      if (p4 > p5) {
        t = p4;
        p4 = p5;
        p5 = t;
      }
      if (p7 > p8) {
        t = p7;
        p7 = p8;
        p8 = t;
      }
      if (p0 > p3) {
        t = p0;
        p0 = p3;
        p3 = t;
      }
      if (p5 > p8) {
        t = p5;
        p5 = p8;
        p8 = t;
      }
      if (p4 > p7) {
        t = p4;
        p4 = p7;
        p7 = t;
      }
      if (p3 > p6) {
        t = p3;
        p3 = p6;
        p6 = t;
      }
      if (p1 > p4) {
        t = p1;
        p1 = p4;
        p4 = t;
      }
      if (p2 > p5) {
        t = p2;
        p2 = p5;
        p5 = t;
      }
      if (p4 > p7) {
        t = p4;
        p4 = p7;
        p7 = t;
      }
      if (p4 > p2) {
        t = p4;
        p4 = p2;
        p2 = t;
      }
      if (p6 > p4) {
        t = p6;
        p6 = p4;
        p4 = t;
      }
      if (p4 > p2) {
        t = p4;
        p4 = p2;
        p2 = t;
      }
      data[mid + x] = p4;
    }
  }
  return { data, width, height };
}

/**
 * A mild sharpen: each pixel 32 × itself less its eight neighbours, over 24 (edges repeated;
 * sharp's `sharpen()` without arguments).
 */
export function sharpen(image: GreyImage): GreyImage {
  const { width, height, data: src } = image;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width;
    const mid = y * width;
    const down = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const l = x > 0 ? x - 1 : 0;
      const r = x < width - 1 ? x + 1 : x;
      const around =
        (src[up + l] as number) +
        (src[up + x] as number) +
        (src[up + r] as number) +
        (src[mid + l] as number) +
        (src[mid + r] as number) +
        (src[down + l] as number) +
        (src[down + x] as number) +
        (src[down + r] as number);
      const v = Math.round((32 * (src[mid + x] as number) - around) / 24);
      data[mid + x] = Math.min(255, Math.max(0, v));
    }
  }
  return { data, width, height };
}

/** Each grey level's CIE lightness L* (0–100), as sRGB. */
const LIGHTNESS = Float64Array.from({ length: 256 }, (_, g) => lightness(g));

function lightness(grey: number): number {
  const c = grey / 255;
  const y = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  const f = y > 216 / 24389 ? Math.cbrt(y) : (24389 / 27 / 116) * y + 16 / 116;
  return 116 * f - 16;
}

function greyOfLightness(l: number): number {
  const f = (l + 16) / 116;
  const y = f ** 3 > 216 / 24389 ? f ** 3 : (116 * f - 16) / (24389 / 27);
  const c = y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055;
  return Math.min(255, Math.max(0, Math.round(c * 255)));
}

/**
 * The lightness stretched so the darkest 1 % of pixels are black and the lightest 1 % white
 * (sharp's `normalise()`: its 1st and 99th percentiles of L*, as whole numbers), by a table of
 * the 256 grey levels. An image with no spread (under 2 L*) is left as it is.
 */
export function stretchContrast(image: GreyImage, lowerPercent = 1, upperPercent = 99): GreyImage {
  const { data: src } = image;
  const counts = new Uint32Array(101);
  for (let i = 0; i < src.length; i++) {
    const l = Math.trunc(LIGHTNESS[src[i] as number] as number);
    counts[l] = (counts[l] as number) + 1;
  }
  const min = percentile(counts, src.length, lowerPercent);
  const max = percentile(counts, src.length, upperPercent);
  if (Math.abs(max - min) <= 1) return image;
  const f = 100 / (max - min);
  const table = Uint8Array.from(LIGHTNESS, (l) => greyOfLightness((l - min) * f));
  const data = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i++) data[i] = table[src[i] as number] as number;
  return { ...image, data };
}

/** The least value with more than `percent` % of the `total` counted at or below it. */
function percentile(counts: Uint32Array, total: number, percent: number): number {
  const want = (total * percent) / 100;
  let seen = 0;
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v] as number;
    if (seen >= want) return v;
  }
  return counts.length - 1;
}
