import { describe, expect, it } from "vitest";
import { enlarge, figureCrop, frame, type GreyImage, median3, sharpen, stretchContrast } from "./crop-pixels";

const grey = (width: number, height: number, values: number[]): GreyImage => ({
  data: Uint8Array.from(values),
  width,
  height,
});
const page = (image: GreyImage) => ({
  data: Buffer.from(image.data),
  raw: { width: image.width, height: image.height, channels: 1 as const },
});

describe("re-read crops made from the page's grey pixels", () => {
  it("are enlarged bicubically, pixel centres aligned and edges repeated", () => {
    const big = enlarge(page(grey(2, 1, [0, 255])), { left: 0, top: 0, width: 2, height: 1 }, 2, "cubic");
    expect(big.width).toBe(4);
    expect(big.height).toBe(2);
    // Catmull-Rom between black and white: the overshoot clipped, 52 and 203 between them.
    expect([...big.data]).toEqual([0, 52, 203, 255, 0, 52, 203, 255]);
    const flat = enlarge(page(grey(5, 5, Array(25).fill(90))), { left: 1, top: 1, width: 3, height: 2 }, 2.5);
    expect([flat.width, flat.height]).toEqual([8, 5]);
    expect(new Set(flat.data)).toEqual(new Set([90]));
  });

  it("cut only the box out of the page", () => {
    const values = Array.from({ length: 16 }, (_, i) => (i === 5 || i === 6 ? 0 : 255));
    const big = enlarge(page(grey(4, 4, values)), { left: 1, top: 1, width: 2, height: 1 }, 1);
    expect([...big.data]).toEqual([0, 0]);
  });

  it("lose a speck to the 3×3 median, and keep a line three pixels thick", () => {
    const speck = grey(3, 3, [255, 255, 255, 255, 0, 255, 255, 255, 255]);
    expect([...median3(speck).data]).toEqual(Array(9).fill(255));
    const band = grey(3, 5, [255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255]);
    expect([...median3(band).data]).toEqual([255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255]);
  });

  it("take the median of nine as sorting would", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 256;
    };
    for (let n = 0; n < 200; n++) {
      const values = Array.from({ length: 9 }, next);
      const centre = median3(grey(3, 3, values)).data[4];
      expect(centre).toBe([...values].sort((a, b) => a - b)[4]);
    }
  });

  it("are sharpened by 32 × the pixel less its eight neighbours, over 24", () => {
    const dot = grey(3, 3, [200, 200, 200, 200, 100, 200, 200, 200, 200]);
    const out = sharpen(dot).data;
    expect(out[4]).toBe(67); // (3200 − 1600) / 24
    expect(out[0]).toBe(204); // (6400 − 1500) / 24, the corner's missing neighbours repeated
    expect([...sharpen(grey(2, 2, [90, 90, 90, 90])).data]).toEqual([90, 90, 90, 90]);
  });

  it("have their contrast stretched: the darkest 1 % black, the lightest 1 % white", () => {
    // A grey figure (100) on a light grey paper (200): ink black, paper white.
    const values = Array.from({ length: 200 }, (_, i) => (i < 40 ? 100 : 200));
    const out = stretchContrast(grey(20, 10, values)).data;
    // The percentiles are whole L* values (as libvips takes them), so the ink is all but black.
    expect(out[0]).toBeLessThanOrEqual(5);
    expect(out[199]).toBe(255);
    const flat = grey(2, 2, [128, 128, 128, 129]);
    expect(stretchContrast(flat)).toBe(flat);
  });

  it("are framed in white, enlarged, cleaned and stretched in one call", () => {
    expect([...frame(grey(1, 1, [0]), 1).data]).toEqual([255, 255, 255, 255, 0, 255, 255, 255, 255]);
    // A dark bar on light paper, 10 × 4, enlarged 2.5 × and framed by 20: 65 × 50.
    const values = Array.from({ length: 12 * 6 }, (_, i) => {
      const x = i % 12;
      const y = Math.floor(i / 12);
      return x >= 3 && x <= 8 && y >= 2 && y <= 3 ? 60 : 180;
    });
    const crop = figureCrop(page(grey(12, 6, values)), { left: 1, top: 1, width: 10, height: 4 }, 2.5, 20);
    expect([crop.width, crop.height]).toEqual([65, 50]);
    expect(crop.data[0]).toBe(255);
    // The bar's middle black; the paper beside it stays grey, as the white frame is the lightest.
    expect(crop.data[(20 + 5) * 65 + 20 + 12]).toBe(0);
    expect(crop.data[(20 + 1) * 65 + 20 + 1]).toBeGreaterThan(140);
    expect(crop.data[(20 + 1) * 65 + 20 + 1]).toBeLessThan(200);
  });
});
