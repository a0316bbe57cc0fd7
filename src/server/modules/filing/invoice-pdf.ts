import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { FILING_KIND_LABELS, type FilingKind } from "../../../domain/filing";
import { formatCents } from "../../../domain/money";

export interface InvoicePdfInput {
  number: string;
  createdAt: string;
  companyName: string;
  bbl: string;
  address: string | null;
  year: number;
  kind: string;
  status: string;
  amountCents: number;
  paidCents: number;
  paidAt: string | null;
  items: Array<{ description: string; quantity: number; unitCents: number; amountCents: number }>;
  paymentInstructions: string | null;
}

/** Standard fonts encode WinAnsi only: replace what they cannot draw instead of failing. */
function safe(font: PDFFont, text: string): string {
  return [
    ...text
      .replace(/[\u2012-\u2015]/g, "-")
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"'),
  ]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return "?";
      }
    })
    .join("");
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A one-page US Letter invoice (more pages when the lines run long), drawn with pdf-lib. */
export async function renderInvoicePdf(inv: InvoicePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${inv.number}`);
  doc.setAuthor("Blocklot");
  doc.setCreationDate(new Date(inv.createdAt));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const left = 56;
  const right = 556;
  const text = (s: string, x: number, size = 10, f = font, color = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(safe(f, s), { x, y, size, font: f, color });
  const textRight = (s: string, xRight: number, size = 10, f = font) => {
    const t = safe(f, s);
    page.drawText(t, { x: xRight - f.widthOfTextAtSize(t, size), y, size, font: f });
  };
  const newLineOrPage = (step: number) => {
    y -= step;
    if (y < 72) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
  };

  text("Blocklot", left, 20, bold);
  textRight(`Invoice ${inv.number}`, right, 14, bold);
  newLineOrPage(22);
  text("NYC RPIE filing services", left, 10);
  textRight(`Date: ${inv.createdAt.slice(0, 10)}`, right);
  newLineOrPage(14);
  textRight(
    `Status: ${inv.status === "paid" ? `Paid ${inv.paidAt?.slice(0, 10) ?? ""}` : inv.status}`,
    right,
    10,
    bold,
  );
  newLineOrPage(30);
  text("Bill to", left, 10, bold);
  newLineOrPage(14);
  text(inv.companyName, left);
  newLineOrPage(14);
  const kind = FILING_KIND_LABELS[inv.kind as FilingKind] ?? inv.kind;
  text(`${kind} ${inv.year} - BBL ${inv.bbl}${inv.address ? `, ${inv.address}` : ""}`, left);
  newLineOrPage(30);

  text("Description", left, 10, bold);
  textRight("Qty", 380, 10, bold);
  textRight("Unit price", 470, 10, bold);
  textRight("Amount", right, 10, bold);
  newLineOrPage(6);
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5 });
  newLineOrPage(14);
  for (const item of inv.items) {
    const lines = wrap(font, safe(font, item.description), 10, 280);
    text(lines[0] ?? "", left);
    textRight(String(item.quantity), 380);
    textRight(formatCents(item.unitCents), 470);
    textRight(formatCents(item.amountCents), right);
    for (const more of lines.slice(1)) {
      newLineOrPage(13);
      text(more, left);
    }
    newLineOrPage(16);
  }
  page.drawLine({ start: { x: 330, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5 });
  newLineOrPage(6);
  text("Total", 330, 11, bold);
  textRight(formatCents(inv.amountCents), right, 11, bold);
  newLineOrPage(16);
  text("Paid", 330);
  textRight(formatCents(inv.paidCents), right);
  newLineOrPage(16);
  text("Balance due", 330, 11, bold);
  textRight(formatCents(Math.max(0, inv.amountCents - inv.paidCents)), right, 11, bold);
  if (inv.paymentInstructions && inv.status === "unpaid") {
    newLineOrPage(40);
    text("How to pay", left, 10, bold);
    for (const line of wrap(font, safe(font, inv.paymentInstructions), 10, right - left)) {
      newLineOrPage(14);
      text(line, left);
    }
    newLineOrPage(14);
    text(`Reference: ${inv.number}`, left);
  }
  return doc.save();
}
