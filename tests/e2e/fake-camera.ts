/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture=<file>.y4m`) that
 * films barcode labels as a warehouse phone would: the symbols are drawn by bwip-js (BWIPP, an
 * encoder independent of every barcode library the product uses), either on a label filling
 * the view or on a label stuck to a cardboard box with the box's edge and printed words right
 * beside the code, turned by a few degrees, under uneven light and with sensor noise.
 *
 * Format: a header line `YUV4MPEG2 W1280 H720 F10:1 Ip A1:1 C420jpeg`, then per frame
 * `FRAME\n`, the Y plane (W×H bytes), then U and V at half resolution. Chromium loops the file.
 * Optionally each frame carries its number in a strip of black and white squares at the top
 * left (`marker`), so a benchmark can tell which frame the page is showing.
 */

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import bwipjs from "bwip-js/node";

const FRAME_W = 1280;
const FRAME_H = 720;
export const FPS = 10;

/** The symbologies the scanner reads, as bwip-js names them. */
const BWIP_SYMBOLOGY = {
  ean_13: "ean13",
  ean_8: "ean8",
  upc_a: "upca",
  upc_e: "upce",
  code_128: "code128",
  code_39: "code39",
  itf: "interleaved2of5",
  qr_code: "qrcode",
  data_matrix: "datamatrix",
} as const;
export type Symbology = keyof typeof BWIP_SYMBOLOGY;

/** A run of identical pictures: a code, or `null` for an empty view of a bare box. */
export interface Segment {
  code: string | null;
  symbology?: Symbology;
  /** "full": the label fills the view; "box": a smaller label on a box, with print beside it. */
  framing?: "full" | "box";
  /** Turn in degrees (the issue asks for up to 10). */
  angle?: number;
  frames: number;
}

// Black and white in video (limited) range: the camera pipeline reads I420 as BT.601.
const INK = 28;
const PAPER = 232;
const CARDBOARD = 150;

/** A picture in "label pixels": 1 = ink, 0 = paper, with its size. */
interface Bitmap {
  w: number;
  h: number;
  ink: Uint8Array;
}

function symbolBitmap(symbology: Symbology, code: string): { bmp: Bitmap; linear: boolean; modules: number } {
  const bcid = BWIP_SYMBOLOGY[symbology];
  const [sym] = bwipjs.raw(bcid, code, symbology === "itf" ? { includecheck: false } : {}) as {
    sbs?: number[];
    pixs?: number[];
    pixx?: number;
    pixy?: number;
  }[];
  if (!sym) throw new Error(`bwip-js drew no ${bcid}`);
  if (sym.sbs) {
    const modules = sym.sbs.reduce((a, b) => a + b, 0);
    const quiet = 10;
    const h = Math.round((modules + 2 * quiet) * 0.3);
    const w = modules + 2 * quiet;
    const ink = new Uint8Array(w * h);
    let x = quiet;
    sym.sbs.forEach((width, i) => {
      if (i % 2 === 0) for (let r = 0; r < h; r++) ink.fill(1, r * w + x, r * w + x + width);
      x += width;
    });
    return { bmp: { w, h, ink }, linear: true, modules };
  }
  const px = sym.pixx as number;
  const py = sym.pixy as number;
  const quiet = 4;
  const w = px + 2 * quiet;
  const h = py + 2 * quiet;
  const ink = new Uint8Array(w * h);
  for (let r = 0; r < py; r++)
    for (let c = 0; c < px; c++) if (sym.pixs?.[r * px + c]) ink[(r + quiet) * w + c + quiet] = 1;
  return { bmp: { w, h, ink }, linear: false, modules: px };
}

/** Seeded pseudo-random numbers, so every run films the same noise. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * One greyscale frame (Y plane). The label is mapped into the frame by a turn and a scale and
 * sampled with bilinear filtering (a lens blurs edges); around it is cardboard or paper.
 */
function drawFrame(seg: Omit<Segment, "frames">, noiseSeed = 1): Uint8Array {
  const y = new Uint8Array(FRAME_W * FRAME_H);
  const rand = rng(noiseSeed);
  const framing = seg.framing ?? "full";
  const light = (px: number, py: number) => 0.78 + 0.24 * (px / FRAME_W) - 0.06 * (py / FRAME_H);
  if (seg.code === null) {
    for (let py = 0; py < FRAME_H; py++)
      for (let px = 0; px < FRAME_W; px++)
        y[py * FRAME_W + px] = clamp(
          (framing === "box" ? CARDBOARD : PAPER) * light(px, py) + (rand() - 0.5) * 16,
        );
    return y;
  }
  const { bmp, linear } = symbolBitmap(seg.symbology ?? "code_128", seg.code);
  // the label's size in the frame: full = 88 % of the width (2D: 80 % of the height); box = about half
  const share = framing === "full" ? 1 : 0.5;
  const scale = linear
    ? (FRAME_W * 0.88 * share) / bmp.w
    : Math.min((FRAME_H * 0.8 * share) / bmp.h, (FRAME_W * 0.8 * share) / bmp.w);
  const a = ((seg.angle ?? 0) * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // the label sits off centre on a box, where the person aims roughly
  const cx = FRAME_W / 2 + (framing === "box" ? FRAME_W * 0.06 : 0);
  const cy = FRAME_H / 2 + (framing === "box" ? FRAME_H * 0.03 : 0);
  // the paper label is larger than the symbol: a margin of 6 % of its width around it
  const margin = framing === "box" ? bmp.w * 0.06 : bmp.w;
  // print on the box beside the label: a word block left of it and the box's edge right of it
  const leftPrint = { x0: -bmp.w / 2 - margin - bmp.w * 0.18, x1: -bmp.w / 2 - margin - bmp.w * 0.03 };
  const edgeX = bmp.w / 2 + margin + bmp.w * 0.04;
  for (let py = 0; py < FRAME_H; py++) {
    for (let px = 0; px < FRAME_W; px++) {
      // frame → label coordinates (label pixels, origin at the label's centre)
      const dx = (px - cx) / scale;
      const dy = (py - cy) / scale;
      const u = dx * cos + dy * sin;
      const v = -dx * sin + dy * cos;
      let value: number;
      const inLabel = Math.abs(u) <= bmp.w / 2 + margin && Math.abs(v) <= bmp.h / 2 + margin;
      if (inLabel) {
        const ink = sample(bmp, u + bmp.w / 2 - 0.5, v + bmp.h / 2 - 0.5);
        value = PAPER + (INK - PAPER) * ink;
      } else if (framing === "box") {
        const words =
          u >= leftPrint.x0 &&
          u <= leftPrint.x1 &&
          Math.abs(v) < bmp.h * 0.35 &&
          Math.floor((v + bmp.h) / (bmp.h * 0.12)) % 2 === 0;
        const edge = Math.abs(u - edgeX) < bmp.w * 0.006;
        value = words || edge ? INK + 20 : CARDBOARD + 10 * Math.sin(py / 7);
      } else value = PAPER;
      y[py * FRAME_W + px] = clamp(value * light(px, py) + (rand() - 0.5) * 16);
    }
  }
  return y;
}

/** Ink coverage at a fractional label position (bilinear: a camera's blur at the bar edges). */
function sample(bmp: Bitmap, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (cx: number, cy: number) =>
    cx < 0 || cy < 0 || cx >= bmp.w || cy >= bmp.h ? 0 : (bmp.ink[cy * bmp.w + cx] as number);
  return (
    at(x0, y0) * (1 - fx) * (1 - fy) +
    at(x0 + 1, y0) * fx * (1 - fy) +
    at(x0, y0 + 1) * (1 - fx) * fy +
    at(x0 + 1, y0 + 1) * fx * fy
  );
}

const clamp = (v: number) => (v < 16 ? 16 : v > 235 ? 235 : Math.round(v));

/** Size of one square of the frame-number strip (pixels) and how many bits it has. */
export const MARKER_CELL = 12;
export const MARKER_BITS = 12;

/** Writes the frame number into the top-left strip: a white start square, then the bits (1 = black). */
function stampMarker(y: Uint8Array, frame: number) {
  const cells = [0, ...Array.from({ length: MARKER_BITS }, (_, i) => (frame >> i) & 1)];
  cells.forEach((bit, i) => {
    const value = bit ? 16 : 235;
    for (let r = 0; r < MARKER_CELL; r++)
      y.fill(value, r * FRAME_W + i * MARKER_CELL, r * FRAME_W + (i + 1) * MARKER_CELL);
  });
}

/**
 * Writes the segments as a .y4m file (about 1.4 MB per frame) and answers the first frame
 * number of each segment. Two noise patterns alternate within a segment.
 */
export async function writeY4m(
  path: string,
  segments: readonly Segment[],
  opts: { marker?: boolean } = {},
): Promise<number[]> {
  const out = createWriteStream(path);
  const chroma = new Uint8Array((FRAME_W / 2) * (FRAME_H / 2)).fill(128);
  const write = async (chunk: string | Uint8Array) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  await write(`YUV4MPEG2 W${FRAME_W} H${FRAME_H} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const starts: number[] = [];
  let frame = 0;
  for (const [s, seg] of segments.entries()) {
    starts.push(frame);
    const looks = [drawFrame(seg, s * 2 + 1), drawFrame(seg, s * 2 + 2)];
    for (let f = 0; f < seg.frames; f++) {
      const luma = opts.marker ? Uint8Array.from(looks[f % 2] as Uint8Array) : (looks[f % 2] as Uint8Array);
      if (opts.marker) stampMarker(luma, frame);
      await write("FRAME\n");
      await write(luma);
      await write(chroma);
      await write(chroma);
      frame += 1;
    }
  }
  out.end();
  await once(out, "finish");
  return starts;
}

/** Chromium flags that replace the camera with the file and grant camera access without a prompt. */
export const fakeCameraArgs = (y4mPath: string) => [
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-video-capture=${y4mPath}`,
];

/** A GS1 check digit appended to `body` (EAN-13, EAN-8, UPC-A, ITF-14 test codes). */
export function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
