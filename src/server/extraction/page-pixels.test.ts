import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import {
  decodePage,
  greyPixels,
  keepPixelsWithin,
  keptPixelBytes,
  opaqueGrey,
  PagePixelStore,
  pnm,
} from "./page-pixels";

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

  it("that are grey and opaque keep their one channel, as sharp's greyscale would give it", async () => {
    const rgba = new Uint8ClampedArray([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255, 7, 7, 7, 255]);
    const pixels = await decodePage({ rgba, width: 2, height: 2 });
    expect([...pixels.data]).toEqual([0, 128, 255, 7]);
    const viaSharp = await greyPixels(
      sharp(Buffer.from(rgba), { raw: { width: 2, height: 2, channels: 4 } }),
    );
    expect([...viaSharp.data]).toEqual([...pixels.data]);
    expect([...(opaqueGrey(Uint8Array.from([9, 9, 9, 40, 40, 40]), 2, 1, 3)?.data ?? [])]).toEqual([9, 40]);
    expect([...(opaqueGrey(Uint8Array.from([9, 255, 40, 255]), 2, 1, 2)?.data ?? [])]).toEqual([9, 40]);
  });

  it("in colour or with transparency are left to sharp (flattened on white, then greyscale)", async () => {
    expect(opaqueGrey(Uint8Array.from([9, 9, 9, 255, 40, 41, 40, 255]), 2, 1, 4)).toBeNull();
    expect(opaqueGrey(Uint8Array.from([9, 9, 9, 255, 40, 40, 40, 0]), 2, 1, 4)).toBeNull();
    expect(opaqueGrey(Uint8Array.from([9, 255, 40, 254]), 2, 1, 2)).toBeNull();
    // A transparent black pixel is white on the page.
    const rgba = new Uint8ClampedArray([0, 0, 0, 0, 100, 100, 100, 255]);
    expect([...(await decodePage({ rgba, width: 2, height: 1 })).data]).toEqual([255, 100]);
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
