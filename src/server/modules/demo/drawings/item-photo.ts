import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { seededRandom } from "./statement";

/** The kinds of object the demo inventory holds; each has its own drawing. */
const PHOTO_SUBJECTS = ["mug", "lamp", "camera", "vase", "books", "record", "teapot", "clock"] as const;
export type PhotoSubject = (typeof PHOTO_SUBJECTS)[number];

const W = 640;
const H = 480;

type Draw = (ctx: SKRSContext2D, color: string, accent: string) => void;

function shade(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, color: string) {
  const g = ctx.createLinearGradient(x, y, x + w, y);
  g.addColorStop(0, color);
  g.addColorStop(0.55, color);
  g.addColorStop(1, "rgba(0,0,0,0.35)");
  ctx.fillStyle = color;
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = g;
  ctx.globalAlpha = 0.5;
  ctx.fillRect(x, y, w, h);
  ctx.globalAlpha = 1;
}

const DRAWINGS: Record<PhotoSubject, Draw> = {
  mug(ctx, color) {
    shade(ctx, 300, 240, 180, 200, color);
    ctx.lineWidth = 26;
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.arc(485, 335, 55, -Math.PI / 2, Math.PI / 2);
    ctx.stroke();
    ctx.fillStyle = "rgba(255,255,255,0.25)";
    ctx.fillRect(320, 250, 18, 170);
  },
  lamp(ctx, color, accent) {
    ctx.fillStyle = accent;
    ctx.fillRect(385, 250, 30, 190);
    ctx.fillRect(330, 430, 140, 18);
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(300, 260);
    ctx.lineTo(500, 260);
    ctx.lineTo(450, 130);
    ctx.lineTo(350, 130);
    ctx.closePath();
    ctx.fill();
  },
  camera(ctx, color, accent) {
    ctx.fillStyle = color;
    ctx.fillRect(240, 230, 320, 200);
    ctx.fillRect(290, 200, 90, 40);
    ctx.fillStyle = accent;
    ctx.beginPath();
    ctx.arc(400, 330, 80, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#111";
    ctx.beginPath();
    ctx.arc(400, 330, 52, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "rgba(255,255,255,0.35)";
    ctx.beginPath();
    ctx.arc(385, 312, 14, 0, Math.PI * 2);
    ctx.fill();
  },
  vase(ctx, color) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(370, 150);
    ctx.lineTo(430, 150);
    ctx.bezierCurveTo(420, 220, 520, 270, 480, 440);
    ctx.lineTo(320, 440);
    ctx.bezierCurveTo(280, 270, 380, 220, 370, 150);
    ctx.fill();
    ctx.fillStyle = "rgba(255,255,255,0.3)";
    ctx.fillRect(350, 260, 14, 140);
  },
  books(ctx, color, accent) {
    const colors = [color, accent, "#7a5c3a", color];
    colors.forEach((c, i) => {
      shade(ctx, 250 + i * 12, 380 - i * 55, 300 - i * 20, 50, c);
      ctx.fillStyle = "rgba(255,255,255,0.6)";
      ctx.fillRect(270 + i * 12, 400 - i * 55, 120, 6);
    });
  },
  record(ctx, _color, accent) {
    ctx.fillStyle = "#141414";
    ctx.beginPath();
    ctx.arc(400, 300, 170, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = "rgba(255,255,255,0.08)";
    ctx.lineWidth = 2;
    for (let r = 70; r < 165; r += 9) {
      ctx.beginPath();
      ctx.arc(400, 300, r, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.fillStyle = accent;
    ctx.beginPath();
    ctx.arc(400, 300, 58, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#eee";
    ctx.beginPath();
    ctx.arc(400, 300, 6, 0, Math.PI * 2);
    ctx.fill();
  },
  teapot(ctx, color, accent) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.ellipse(400, 340, 140, 105, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillRect(520, 300, 90, 26);
    ctx.lineWidth = 22;
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.arc(255, 330, 55, Math.PI / 2, (3 * Math.PI) / 2);
    ctx.stroke();
    ctx.fillStyle = accent;
    ctx.beginPath();
    ctx.ellipse(400, 238, 60, 18, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(400, 218, 16, 0, Math.PI * 2);
    ctx.fill();
  },
  clock(ctx, color, accent) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(400, 290, 160, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#fbfaf6";
    ctx.beginPath();
    ctx.arc(400, 290, 135, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#222";
    for (let h = 0; h < 12; h++) {
      const a = (h / 12) * Math.PI * 2;
      ctx.fillRect(400 + Math.cos(a) * 115 - 4, 290 + Math.sin(a) * 115 - 4, 8, 8);
    }
    ctx.strokeStyle = accent;
    ctx.lineCap = "round";
    ctx.lineWidth = 10;
    ctx.beginPath();
    ctx.moveTo(400, 290);
    ctx.lineTo(400, 200);
    ctx.moveTo(400, 290);
    ctx.lineTo(470, 320);
    ctx.stroke();
  },
};

const PALETTE = ["#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad", "#16a085", "#d35400", "#34495e"];
const BACKDROPS = [
  ["#f4efe6", "#d9cfbf"],
  ["#eef2f5", "#c9d3dc"],
  ["#f6ece9", "#dcc4bd"],
  ["#eef3ea", "#c8d4c0"],
] as const;

/**
 * A product photo drawn here (nothing downloaded): the object on a studio backdrop with a soft
 * floor shadow, its colours chosen from `seed`, as a 640 × 480 JPEG, the way a phone sends one.
 */
export function itemPhoto(subject: PhotoSubject, seed: number): Promise<Buffer> {
  const random = seededRandom(seed * 7919 + 17);
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  // Drawn on an 800 × 600 stage, scaled to the photo's size.
  ctx.scale(W / 800, H / 600);
  const [top, bottom] = BACKDROPS[Math.floor(random() * BACKDROPS.length)] ?? BACKDROPS[0];
  const backdrop = ctx.createLinearGradient(0, 0, 0, 600);
  backdrop.addColorStop(0, top);
  backdrop.addColorStop(0.7, bottom);
  backdrop.addColorStop(1, top);
  ctx.fillStyle = backdrop;
  ctx.fillRect(0, 0, 800, 600);
  const shadow = ctx.createRadialGradient(400, 455, 10, 400, 455, 230);
  shadow.addColorStop(0, "rgba(0,0,0,0.28)");
  shadow.addColorStop(1, "rgba(0,0,0,0)");
  ctx.fillStyle = shadow;
  ctx.beginPath();
  ctx.ellipse(400, 455, 240, 40, 0, 0, Math.PI * 2);
  ctx.fill();
  const color = PALETTE[Math.floor(random() * PALETTE.length)] ?? "#555";
  const accent = PALETTE[Math.floor(random() * PALETTE.length)] ?? "#999";
  DRAWINGS[subject](ctx, color, accent);
  // Encoded off the main thread.
  return canvas.encode("jpeg", 85);
}
