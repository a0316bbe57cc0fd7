/**
 * Photos are made small on the phone before they are queued and uploaded (issue 7): at most
 * 2048 pixels on the long side, WebP (JPEG where the browser cannot encode WebP, e.g. Safari
 * before 17), quality 0.82. A camera frame is drawn straight from the <video>; a chosen file is
 * decoded with createImageBitmap, which turns it upright from its EXIF orientation.
 * OffscreenCanvas where the browser has it (no layout, no DOM), else a detached <canvas>.
 */

const COMPRESS_DEFAULTS = {
  maxSide: 2048,
  quality: 0.82,
  types: ["image/webp", "image/jpeg"] as const,
};

export interface CompressOptions {
  maxSide?: number;
  quality?: number;
  /** Encodings to try in order; the first the browser really produces is kept. */
  types?: readonly string[];
}

export interface CompressedPhoto {
  blob: Blob;
  type: string;
  width: number;
  height: number;
}

/** Why a picture could not be made (the page says it in the person's language). */
export type PhotoProblem = "no-frame" | "no-canvas" | "no-encoder" | "unreadable";

export class PhotoError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem);
    this.name = "PhotoError";
  }
}

/** The size a `width` × `height` image is drawn at to fit within `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) throw new PhotoError("no-frame");
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** What compress needs of a canvas: a 2D context to draw into and an encoder. */
interface PhotoCanvas {
  context(): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  encode(type: string, quality: number): Promise<Blob | null>;
}

export type CanvasFactory = (width: number, height: number) => PhotoCanvas;

/** OffscreenCanvas when available, else a <canvas> element. */
const browserCanvas: CanvasFactory = (width, height) => {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    return {
      context: () => canvas.getContext("2d"),
      encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null),
    };
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return {
    context: () => canvas.getContext("2d"),
    encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)),
  };
};

/** Anything drawImage takes, with the size it has. */
export interface PhotoSource {
  image: CanvasImageSource;
  width: number;
  height: number;
}

/** A frame of a playing <video> (the camera). */
export function videoSource(video: HTMLVideoElement): PhotoSource {
  if (!video.videoWidth || !video.videoHeight) throw new PhotoError("no-frame");
  return { image: video, width: video.videoWidth, height: video.videoHeight };
}

/** Resizes and encodes one picture. */
export async function compressSource(
  source: PhotoSource,
  opts: CompressOptions = {},
  makeCanvas: CanvasFactory = browserCanvas,
): Promise<CompressedPhoto> {
  const { maxSide, quality, types } = { ...COMPRESS_DEFAULTS, ...opts };
  const size = fitWithin(source.width, source.height, maxSide);
  const canvas = makeCanvas(size.width, size.height);
  const ctx = canvas.context();
  if (!ctx) throw new PhotoError("no-canvas");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(source.image, 0, 0, size.width, size.height);
  for (const type of types) {
    const blob = await canvas.encode(type, quality);
    // A browser that cannot encode a type quietly gives PNG instead: try the next one.
    if (blob && blob.size > 0 && blob.type === type) return { blob, type, ...size };
  }
  throw new PhotoError("no-encoder");
}

/** Compresses a photo file (chosen from the gallery, or taken by the system camera). */
export async function compressFile(file: Blob, opts: CompressOptions = {}): Promise<CompressedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PhotoError("unreadable");
  }
  try {
    return await compressSource({ image: bitmap, width: bitmap.width, height: bitmap.height }, opts);
  } finally {
    bitmap.close();
  }
}
