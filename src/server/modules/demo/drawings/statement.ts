import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

/**
 * Operating statements for the demo properties, drawn here (nothing is downloaded): a text PDF
 * as accounting software prints it, or the same page as a scan (an image only, no text layer),
 * which extraction has to read with OCR.
 */
interface StatementLine {
  label: string;
  amount: number;
}

export interface DemoStatement {
  owner: string;
  address: string;
  year: number;
  income: StatementLine[];
  expenses: StatementLine[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const total = (lines: StatementLine[]) => round2(lines.reduce((t, l) => t + l.amount, 0));
const money = (n: number) =>
  `${n < 0 ? "(" : ""}${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${n < 0 ? ")" : ""}`;

type Row = { kind: "title" | "heading" | "line" | "total"; label: string; amount?: string };

/** The printed lines: titles, section headings, lines, totals and the net operating income. */
function statementRows(s: DemoStatement): Row[] {
  const totalIncome = total(s.income);
  const totalExpenses = total(s.expenses);
  return [
    { kind: "title", label: s.owner },
    { kind: "title", label: s.address },
    { kind: "title", label: `Operating Statement for the year ended December 31, ${s.year}` },
    { kind: "heading", label: "INCOME" },
    ...s.income.map((l): Row => ({ kind: "line", label: l.label, amount: money(l.amount) })),
    { kind: "total", label: "Total income", amount: money(totalIncome) },
    { kind: "heading", label: "OPERATING EXPENSES" },
    ...s.expenses.map((l): Row => ({ kind: "line", label: l.label, amount: money(l.amount) })),
    { kind: "total", label: "Total operating expenses", amount: money(totalExpenses) },
    { kind: "total", label: "Net operating income", amount: money(round2(totalIncome - totalExpenses)) },
  ];
}

const LETTER = { w: 612, h: 792 };
const TOP = 72;
const LINE_H = 18;
const AMOUNT_RIGHT = 540;

/** A text-layer PDF, one US Letter page. */
export async function statementPdf(s: DemoStatement): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Operating statement ${s.year} — ${s.address}`);
  doc.setProducer("Blocklot demo data");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([LETTER.w, LETTER.h]);
  let y = LETTER.h - TOP;
  for (const row of statementRows(s)) {
    const f = row.kind === "line" ? font : bold;
    const size = row.kind === "title" ? 12 : 10;
    if (row.kind === "heading") y -= 6;
    page.drawText(row.label, { x: row.kind === "line" ? 72 : 60, y, size, font: f, color: rgb(0, 0, 0) });
    if (row.amount) {
      page.drawText(row.amount, {
        x: AMOUNT_RIGHT - f.widthOfTextAtSize(row.amount, size),
        y,
        size,
        font: f,
      });
    }
    y -= LINE_H;
  }
  page.drawText("Prepared for Blocklot's demo company. Unaudited.", { x: 60, y: 48, size: 8, font });
  return doc.save();
}

const require = createRequire(import.meta.url);
let fontsReady = false;
/** The Liberation Sans faces pdf.js ships (already installed for extraction), registered once. */
function ensureFonts() {
  if (fontsReady) return;
  const dir = join(dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts");
  GlobalFonts.registerFromPath(join(dir, "LiberationSans-Regular.ttf"), "DemoSans");
  GlobalFonts.registerFromPath(join(dir, "LiberationSans-Bold.ttf"), "DemoSansBold");
  fontsReady = true;
}

/** A small deterministic generator (xorshift), so the drawings are the same on every run. */
export function seededRandom(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/**
 * The statement as a scanner delivers it: the page drawn at 200 dpi on slightly grey paper with
 * specks and a faint edge shadow, as a PDF holding only that image.
 */
export async function scannedStatementPdf(s: DemoStatement): Promise<Uint8Array> {
  ensureFonts();
  const k = 200 / 72;
  const canvas = createCanvas(Math.round(LETTER.w * k), Math.round(LETTER.h * k));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f3f1ec";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const edge = ctx.createLinearGradient(0, 0, 40 * k, 0);
  edge.addColorStop(0, "rgba(0,0,0,0.18)");
  edge.addColorStop(1, "rgba(0,0,0,0)");
  ctx.fillStyle = edge;
  ctx.fillRect(0, 0, 40 * k, canvas.height);
  const random = seededRandom(s.year * 31 + s.address.length);
  ctx.fillStyle = "rgba(60,60,60,0.35)";
  for (let i = 0; i < 400; i++) {
    ctx.fillRect(random() * canvas.width, random() * canvas.height, 1 + random() * 2, 1 + random() * 2);
  }
  ctx.fillStyle = "#1a1a1a";
  let y = TOP;
  for (const row of statementRows(s)) {
    const size = row.kind === "title" ? 12 : 10;
    ctx.font = `${Math.round(size * k)}px ${row.kind === "line" ? "DemoSans" : "DemoSansBold"}`;
    if (row.kind === "heading") y += 6;
    ctx.textAlign = "left";
    ctx.fillText(row.label, (row.kind === "line" ? 72 : 60) * k, y * k);
    if (row.amount) {
      ctx.textAlign = "right";
      ctx.fillText(row.amount, AMOUNT_RIGHT * k, y * k);
    }
    y += LINE_H;
  }
  const doc = await PDFDocument.create();
  doc.setProducer("Blocklot demo data (scanned)");
  const image = await doc.embedJpg(await canvas.encode("jpeg", 82));
  const page = doc.addPage([LETTER.w, LETTER.h]);
  page.drawImage(image, { x: 0, y: 0, width: LETTER.w, height: LETTER.h });
  return doc.save();
}

/** A Department of Finance penalty notice (for the penalty-removal request), as a text PDF. */
export async function penaltyNoticePdf(n: {
  owner: string;
  bbl: string;
  address: string;
  year: number;
  amount: number;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`RPIE penalty notice ${n.year} — ${n.bbl}`);
  doc.setProducer("Blocklot demo data");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([LETTER.w, LETTER.h]);
  const lines: [string, boolean][] = [
    ["NYC Department of Finance — Property Division (demo document)", true],
    [`Notice of RPIE non-compliance penalty, filing year ${n.year}`, true],
    ["", false],
    [`Owner: ${n.owner}`, false],
    [`Property: ${n.address}`, false],
    [`Borough-block-lot: ${n.bbl}`, false],
    ["", false],
    [`No Real Property Income and Expense statement was received for filing year ${n.year}.`, false],
    [`A penalty of $${n.amount.toLocaleString("en-US")} has been added to the property tax bill.`, false],
    ["You may request removal of this penalty within 60 days of this notice.", false],
  ];
  let y = LETTER.h - TOP;
  for (const [text, strong] of lines) {
    page.drawText(text, { x: 60, y, size: strong ? 12 : 10, font: strong ? bold : font });
    y -= LINE_H;
  }
  return doc.save();
}
