/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture=<file>.y4m`) that
 * shows barcodes: CODE128 bars (or a QR code) drawn by bwip-js, written as YUV4MPEG2 frames.
 * Format: a header line `YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg`, then per frame `FRAME\n`,
 * the Y plane (W×H bytes), then U and V at half resolution (W/2 × H/2 each). Chromium loops it.
 */

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import bwipjs from "bwip-js/node";

const FRAME_W = 640;
const FRAME_H = 480;
const FPS = 10;

/** A run of identical frames: a code, or `null` for an empty (white) picture. */
export interface Segment {
  code: string | null;
  /** "code128" (default) or "qrcode". */
  kind?: "code128" | "qrcode";
  frames: number;
}

// Black and white in video (limited) range: the camera pipeline reads I420 as BT.601.
const BLACK = 16;
const WHITE = 235;

/** One greyscale picture (Y plane) of a code on white, centred. */
function drawCodeFrame(code: string | null, kind: Segment["kind"] = "code128"): Uint8Array {
  const y = new Uint8Array(FRAME_W * FRAME_H).fill(WHITE);
  if (code === null) return y;
  const fillRect = (x0: number, y0: number, w: number, h: number) => {
    for (let row = y0; row < y0 + h; row++) y.fill(BLACK, row * FRAME_W + x0, row * FRAME_W + x0 + w);
  };
  if (kind === "qrcode") {
    const [sym] = bwipjs.raw("qrcode", code, {}) as { pixs: number[]; pixx: number; pixy: number }[];
    if (!sym) throw new Error("bwip-js drew no QR code");
    const cell = Math.floor(Math.min(FRAME_W, FRAME_H) / (sym.pixx + 8));
    const x0 = Math.floor((FRAME_W - sym.pixx * cell) / 2);
    const y0 = Math.floor((FRAME_H - sym.pixy * cell) / 2);
    for (let r = 0; r < sym.pixy; r++)
      for (let c = 0; c < sym.pixx; c++)
        if (sym.pixs[r * sym.pixx + c]) fillRect(x0 + c * cell, y0 + r * cell, cell, cell);
    return y;
  }
  const [sym] = bwipjs.raw("code128", code, {}) as { sbs: number[] }[];
  if (!sym) throw new Error("bwip-js drew no CODE128");
  const modules = sym.sbs.reduce((a, b) => a + b, 0);
  // 10 modules of quiet zone on each side
  const unit = Math.floor(FRAME_W / (modules + 20));
  if (unit < 2) throw new Error(`code ${code} is too long for a ${FRAME_W}px frame`);
  const barH = Math.floor(FRAME_H * 0.45);
  let x = Math.floor((FRAME_W - modules * unit) / 2);
  const top = Math.floor((FRAME_H - barH) / 2);
  sym.sbs.forEach((w, i) => {
    if (i % 2 === 0) fillRect(x, top, w * unit, barH);
    x += w * unit;
  });
  return y;
}

/** Writes the segments as a .y4m file (about 460 KB per frame). */
export async function writeY4m(path: string, segments: readonly Segment[]): Promise<void> {
  const out = createWriteStream(path);
  const chroma = new Uint8Array((FRAME_W / 2) * (FRAME_H / 2)).fill(128);
  const write = async (chunk: string | Uint8Array) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  await write(`YUV4MPEG2 W${FRAME_W} H${FRAME_H} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  for (const seg of segments) {
    const luma = drawCodeFrame(seg.code, seg.kind);
    for (let f = 0; f < seg.frames; f++) {
      await write("FRAME\n");
      await write(luma);
      await write(chroma);
      await write(chroma);
    }
  }
  out.end();
  await once(out, "finish");
}

/** Chromium flags that replace the camera with the file and grant camera access without a prompt. */
export const fakeCameraArgs = (y4mPath: string) => [
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-video-capture=${y4mPath}`,
];
