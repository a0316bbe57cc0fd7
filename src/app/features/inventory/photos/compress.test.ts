import { describe, expect, it } from "vitest";
import { type CanvasFactory, compressSource, fitWithin, PhotoError } from "./compress";

describe("fitWithin", () => {
  it("scales the long side down to the limit, keeping the shape, never up", () => {
    expect(fitWithin(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(1280, 720, 2048)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin(10_000, 3, 2048)).toEqual({ width: 2048, height: 1 });
    expect(() => fitWithin(0, 10, 2048)).toThrow(PhotoError);
  });
});

/** A canvas double whose encoder knows only some types (others come back as PNG, as browsers do). */
function fakeCanvas(encodes: string[], drawn: number[][]): CanvasFactory {
  return (width, height) => ({
    context: () =>
      ({
        drawImage: (_img: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]),
      }) as unknown as CanvasRenderingContext2D,
    encode: async (type) =>
      new Blob([new Uint8Array(width * height > 0 ? 10 : 0)], {
        type: encodes.includes(type) ? type : "image/png",
      }),
  });
}

describe("compressSource", () => {
  const frame = { image: {} as CanvasImageSource, width: 4000, height: 3000 };

  it("draws a 12-megapixel frame at 2048 × 1536 and keeps WebP when the browser makes it", async () => {
    const drawn: number[][] = [];
    const out = await compressSource(frame, {}, fakeCanvas(["image/webp", "image/jpeg"], drawn));
    expect(out).toMatchObject({ type: "image/webp", width: 2048, height: 1536 });
    expect(drawn).toEqual([[0, 0, 2048, 1536]]);
  });

  it("falls back to JPEG where WebP cannot be encoded", async () => {
    const out = await compressSource(frame, {}, fakeCanvas(["image/jpeg"], []));
    expect(out.type).toBe("image/jpeg");
    expect(out.blob.type).toBe("image/jpeg");
  });

  it("says so when neither can be made", async () => {
    await expect(compressSource(frame, {}, fakeCanvas([], []))).rejects.toMatchObject({
      problem: "no-encoder",
    });
  });
});
