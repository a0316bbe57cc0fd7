import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { headerFacts } from "./format";
import type { Worksheet } from "./types";

/** US Letter, in points. */
const PAGE = { width: 612, height: 792, margin: 48 } as const;
const HEADER_HEIGHT = 78;
const FOOTER_HEIGHT = 34;
const CONTENT_TOP = PAGE.height - PAGE.margin - HEADER_HEIGHT;
const CONTENT_BOTTOM = PAGE.margin + FOOTER_HEIGHT;

/** Columns of a row: line, label, value right-aligned at the right margin. */
const COLUMNS = {
  line: PAGE.margin,
  label: PAGE.margin + 36,
  valueRight: PAGE.width - PAGE.margin,
  valueWidth: 120,
} as const;

const SIZE = { title: 13, header: 9, heading: 11, row: 9.5, small: 8 } as const;
const ROW_LINE = 12.5;
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.75, 0.75, 0.75);
const BAND = rgb(0.92, 0.94, 0.97);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

const charsets = new WeakMap<PDFFont, Set<number>>();
/** Letters NFKD does not take apart, and dashes outside WinAnsi. */
const LOOKALIKES: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  "‐": "-",
  "‑": "-",
  "−": "-",
};

/**
 * Text the standard fonts can draw (WinAnsi): accents that the font lacks are dropped
 * (ő → o), other characters outside it become "?", whitespace runs become one space.
 * Statement labels and owner names come from anywhere; pdf-lib would throw on them.
 */
function encodable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  const known = set;
  let out = "";
  for (const ch of text.replace(/\s+/g, " ")) {
    const code = ch.codePointAt(0) ?? 63;
    if (known.has(code)) {
      out += ch;
      continue;
    }
    const plain = ch.normalize("NFKD").replace(/\p{M}/gu, "");
    const swap = plain && [...plain].every((c) => known.has(c.codePointAt(0) ?? 63)) ? plain : LOOKALIKES[ch];
    out += swap ?? "?";
  }
  return out;
}

/** Splits text into lines no wider than `width` (words longer than a line are broken). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of encodable(font, text).split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let n = rest.length - 1;
      while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/** Text cut to `width` with an ellipsis. */
function clip(font: PDFFont, size: number, text: string, width: number): string {
  const safe = encodable(font, text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let n = safe.length;
  while (n > 0 && font.widthOfTextAtSize(`${safe.slice(0, n)}…`, size) > width) n--;
  return `${safe.slice(0, n)}…`;
}

export async function newDocument(w: Worksheet, title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} — ${w.property.bblDashed}, ${w.filingYear}`);
  doc.setAuthor(w.preparedBy ?? "Blocklot");
  doc.setCreator("Blocklot");
  doc.setProducer("Blocklot (pdf-lib)");
  doc.setCreationDate(w.generatedAt);
  doc.setModificationDate(w.generatedAt);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  return { doc, fonts };
}

export interface RowSpec {
  line?: string;
  label: string;
  value?: string;
  bold?: boolean;
  /** Extra left indent of the label (schedule items). */
  indent?: number;
  /** A thin rule over the value (totals). */
  ruleAbove?: boolean;
  /** Width reserved for the value; longer values go under the label. */
  valueWidth?: number;
}

/**
 * Writes rows top to bottom, starting a page when the next block does not fit and
 * repeating the current heading ("… (continued)") there. The header (title, property,
 * period) and footer ("Page n of N") are drawn on every page by `finish`, once the
 * page count is known.
 */
export class Writer {
  readonly pages: PDFPage[] = [];
  private y = 0;
  private heading: string | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  private get page(): PDFPage {
    return this.pages.at(-1) as PDFPage;
  }

  private newPage() {
    this.pages.push(this.doc.addPage([PAGE.width, PAGE.height]));
    this.y = CONTENT_TOP;
  }

  /** Makes room for `height` points, on a new page (under the repeated heading) when needed. */
  private ensure(height: number) {
    if (this.y - height >= CONTENT_BOTTOM) return;
    this.newPage();
    if (this.heading) this.drawHeading(`${this.heading} (continued)`);
  }

  private drawHeading(text: string, right?: string) {
    const h = SIZE.heading + 9;
    this.page.drawRectangle({
      x: PAGE.margin - 4,
      y: this.y - h + 4,
      width: PAGE.width - 2 * PAGE.margin + 8,
      height: h,
      color: BAND,
    });
    const base = this.y - SIZE.heading - 1;
    this.page.drawText(clip(this.fonts.bold, SIZE.heading, text, 380), {
      x: PAGE.margin,
      y: base,
      size: SIZE.heading,
      font: this.fonts.bold,
    });
    if (right) this.drawRight(right, base, this.fonts.regular, SIZE.small, GREY);
    this.y -= h + 6;
  }

  /** A section heading, kept on the same page as at least `keepWith` points of what follows. */
  section(title: string, opts: { right?: string; keepWith?: number } = {}) {
    this.heading = null;
    this.y -= 6;
    this.ensure(SIZE.heading + 15 + (opts.keepWith ?? ROW_LINE + 4));
    this.drawHeading(title, opts.right);
    this.heading = title;
  }

  /** A paragraph in small italic type (notes under a heading). */
  note(text: string, opts: { width?: number; indent?: number } = {}) {
    const x = COLUMNS.label + (opts.indent ?? 0);
    const lines = wrap(this.fonts.italic, SIZE.small + 0.5, text, opts.width ?? COLUMNS.valueRight - x);
    for (const l of lines) {
      this.ensure(ROW_LINE);
      this.page.drawText(l, {
        x,
        y: this.y - SIZE.row,
        size: SIZE.small + 0.5,
        font: this.fonts.italic,
        color: GREY,
      });
      this.y -= ROW_LINE;
    }
    this.y -= 3;
  }

  /** A form line: line number, label (wrapped), value right-aligned on its first baseline. */
  row(spec: RowSpec) {
    const font = spec.bold ? this.fonts.bold : this.fonts.regular;
    const labelX = COLUMNS.label + (spec.indent ?? 0);
    const valueWidth = spec.valueWidth ?? COLUMNS.valueWidth;
    const value = spec.value ? encodable(font, spec.value) : "";
    const valueFits = font.widthOfTextAtSize(value, SIZE.row) <= valueWidth;
    const labelWidth = COLUMNS.valueRight - labelX - (value && valueFits ? valueWidth + 10 : 0);
    const lines = wrap(font, SIZE.row, spec.label, labelWidth);
    const under = value && !valueFits ? wrap(font, SIZE.row, value, COLUMNS.valueRight - labelX - 12) : [];
    const height = (lines.length + under.length) * ROW_LINE + 3;
    this.ensure(height);
    const base = this.y - SIZE.row;
    if (spec.line)
      this.page.drawText(clip(font, SIZE.row, spec.line, 32), {
        x: COLUMNS.line,
        y: base,
        size: SIZE.row,
        font,
      });
    lines.forEach((l, i) => {
      this.page.drawText(l, { x: labelX, y: base - i * ROW_LINE, size: SIZE.row, font });
    });
    if (value && valueFits) {
      if (spec.ruleAbove)
        this.page.drawLine({
          start: { x: COLUMNS.valueRight - valueWidth, y: this.y + 1 },
          end: { x: COLUMNS.valueRight, y: this.y + 1 },
          thickness: 0.6,
          color: RULE,
        });
      this.drawRight(value, base, font, SIZE.row);
    }
    under.forEach((l, i) => {
      this.page.drawText(l, {
        x: labelX + 12,
        y: base - (lines.length + i) * ROW_LINE,
        size: SIZE.row,
        font,
      });
    });
    this.y -= height;
  }

  private drawRight(text: string, y: number, font: PDFFont, size: number, color = rgb(0, 0, 0)) {
    const width = font.widthOfTextAtSize(text, size);
    this.page.drawText(text, { x: COLUMNS.valueRight - width, y, size, font, color });
  }

  /** Draws the header and footer on every page and returns the PDF's bytes. */
  async finish(w: Worksheet, title: string): Promise<Uint8Array> {
    const { regular, bold } = this.fonts;
    const facts = new Map(headerFacts(w));
    const total = this.pages.length;
    const top = PAGE.height - PAGE.margin;
    const width = PAGE.width - 2 * PAGE.margin;
    const line2 = `BBL ${facts.get("BBL")} · Period ${facts.get("Period")} · Filing year ${w.filingYear}`;
    const classes = [
      w.property.taxClass ? `Tax class ${w.property.taxClass}` : "",
      w.property.buildingClass ? `Building class ${w.property.buildingClass}` : "",
    ]
      .filter(Boolean)
      .join(" · ");
    const footerLeft = [
      w.preparedBy ? `Prepared by ${w.preparedBy}` : "",
      `Generated ${w.generatedAt.toISOString().slice(0, 10)} by Blocklot`,
    ]
      .filter(Boolean)
      .join(" · ");
    this.pages.forEach((page, i) => {
      page.drawText(clip(bold, SIZE.title, title, width), {
        x: PAGE.margin,
        y: top - SIZE.title,
        size: SIZE.title,
        font: bold,
      });
      const rows = [
        clip(regular, SIZE.header, line2, width),
        clip(regular, SIZE.header, `Address ${w.property.address}`, width),
        clip(regular, SIZE.header, `Owner ${w.property.ownerName}${classes ? ` · ${classes}` : ""}`, width),
      ];
      rows.forEach((text, r) => {
        page.drawText(text, { x: PAGE.margin, y: top - 32 - r * 13, size: SIZE.header, font: regular });
      });
      page.drawLine({
        start: { x: PAGE.margin, y: top - HEADER_HEIGHT + 14 },
        end: { x: PAGE.width - PAGE.margin, y: top - HEADER_HEIGHT + 14 },
        thickness: 0.8,
        color: RULE,
      });
      const fy = PAGE.margin;
      page.drawLine({
        start: { x: PAGE.margin, y: fy + 14 },
        end: { x: PAGE.width - PAGE.margin, y: fy + 14 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(clip(regular, SIZE.small, footerLeft, width - 90), {
        x: PAGE.margin,
        y: fy,
        size: SIZE.small,
        font: regular,
        color: GREY,
      });
      const pageNo = `Page ${i + 1} of ${total}`;
      page.drawText(pageNo, {
        x: PAGE.width - PAGE.margin - regular.widthOfTextAtSize(pageNo, SIZE.small),
        y: fy,
        size: SIZE.small,
        font: regular,
        color: GREY,
      });
    });
    return this.doc.save({ useObjectStreams: true });
  }
}
