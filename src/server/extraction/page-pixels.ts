import sharp from "sharp";

/**
 * A scanned page decoded once (greyscale, raw, white where the image was transparent): the
 * deskew and every re-read crop are cut from these pixels, and they are kept for the
 * statement's re-reads after all pages are read, so no page image is decoded or rendered twice.
 */
export interface PagePixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

export async function decodePage(image: Buffer): Promise<PagePixels> {
  const { data, info } = await sharp(image)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * Most bytes of decoded pages one extraction keeps for its re-reads (about 19 letter pages at
 * 300 dpi); a page past that is decoded again from its image if a figure on it is re-read.
 */
const MAX_KEPT_BYTES = 160 * 1024 * 1024;

/** The decoded pages of one document, kept within MAX_KEPT_BYTES. */
export class PagePixelStore {
  private readonly pages = new Map<number, PagePixels>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_KEPT_BYTES) {}

  keep(page: number, pixels: PagePixels) {
    if (this.bytes + pixels.data.length > this.maxBytes) return;
    this.pages.set(page, pixels);
    this.bytes += pixels.data.length;
  }

  /** Page `page`'s pixels: kept ones, else decoded from `image()` (the page rendered or read again). */
  async get(page: number, image: () => Promise<Buffer>): Promise<PagePixels> {
    return this.pages.get(page) ?? decodePage(await image());
  }
}
