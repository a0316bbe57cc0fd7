import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { decodePage, keepPixelsWithin, keptPixelBytes, PagePixelStore, pnm } from "./page-pixels";

/** A grey page `width` × `height` whose pixel (x, y) is (x + y) mod 256, as a PNG. */
async function page(width: number, height: number) {
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = (x + y) % 256;
  return sharp(data, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

afterEach(() => keepPixelsWithin(1024));

describe("decoded scan pages", () => {
  it("decode to one 8-bit grey channel, given to tesseract as PGM", async () => {
    const pixels = await decodePage(await page(40, 30));
    expect(pixels.raw).toEqual({ width: 40, height: 30, channels: 1 });
    const [header, data] = pnm(pixels);
    expect(header.toString("latin1")).toBe("P5\n40 30\n255\n");
    expect(data).toBe(pixels.data);
    expect(pixels.data[7 * 40 + 5]).toBe(12);
  });

  it("are kept for re-reads up to a sixth of the thread's memory (EXTRACTION_MEMORY_MB), the rest decoded again", async () => {
    expect(keptPixelBytes(1024)).toBe(178_956_970);
    expect(keptPixelBytes(6144)).toBe(1024 * 1024 * 1024);
    // A thread with 0.06 MB: 10,485 bytes kept, so one 100 × 100 page and not a second.
    keepPixelsWithin(0.06);
    const store = new PagePixelStore();
    const png = await page(100, 100);
    const [one, two] = [await decodePage(png), await decodePage(png)];
    store.keep(1, one);
    store.keep(2, two);
    let decoded = 0;
    const again = async () => {
      decoded++;
      return png;
    };
    expect(await store.get(1, again)).toBe(one);
    expect(decoded).toBe(0);
    expect((await store.get(2, again)).data.equals(two.data)).toBe(true);
    expect(decoded).toBe(1);
  });
});
