// Generates the PWA icons in public/icons from the Blocklot mark (no image library needed):
// a rounded square in the brand blue with four white lots, one faded. Run: node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [41, 112, 255];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const inRoundRect = (x, y, x0, y0, w, h, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x0 + w - r);
  const cy = Math.min(Math.max(y, y0 + r), y0 + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x0 + w && y >= y0 && y <= y0 + h;
};
const mix = (a, b, t) => a.map((v, i) => Math.round(v * (1 - t) + b[i] * t));

/** The mark in a 64-unit box; `scale` maps units to pixels, `pad` offsets, `bleed` fills the whole square. */
function mark(size, { bleed = false, content = 1 } = {}) {
  const unit = (size * content) / 64;
  const off = (size - 64 * unit) / 2;
  const lots = [
    [18, 18, 1],
    [34, 18, 1],
    [18, 34, 1],
    [34, 34, 0.55],
  ];
  return (px, py) => {
    const x = (px - off) / unit;
    const y = (py - off) / unit;
    const inBg = bleed || inRoundRect(x, y, 0, 0, 64, 64, 14);
    if (!inBg) return [0, 0, 0, 0];
    for (const [lx, ly, alpha] of lots) {
      if (x >= lx && x < lx + 12 && y >= ly && y < ly + 12) return [...mix(BLUE, WHITE, alpha), 255];
    }
    return [...BLUE, 255];
  };
}

mkdirSync("public/icons", { recursive: true });
writeFileSync("public/icons/icon-192.png", png(192, mark(192)));
writeFileSync("public/icons/icon-512.png", png(512, mark(512)));
// Maskable: full-bleed background, the mark inside the 80% safe zone.
writeFileSync("public/icons/icon-maskable-512.png", png(512, mark(512, { bleed: true, content: 0.8 })));
writeFileSync("public/icons/apple-touch-icon.png", png(180, mark(180, { bleed: true, content: 0.9 })));
console.log("icons written to public/icons");
