/**
 * Physical layout of printed labels (pure, unit tested): the label sizes sellers print on,
 * where each label sits on its page, how many pages a print needs, and how much of a title
 * fits. Every length is in inches, as the printers and the Avery template are specified;
 * the print CSS uses these numbers as they are (`in` units), so the PDF a browser prints
 * has the labels exactly where the stock has them.
 */

export type LabelSizeId = "thermal-2x1" | "thermal-2.25x1.25" | "avery-5160";

export interface LabelSize {
  id: LabelSizeId;
  /** thermal: one label per page (a roll of Zebra/DYMO/Rollo labels); sheet: a page of labels. */
  kind: "thermal" | "sheet";
  /** Printed page (the @page size and the PDF page). */
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  /** Sheet margins and gaps between labels (0 for thermal pages). */
  marginTop: number;
  marginLeft: number;
  /** Horizontal gap between columns. */
  gapX: number;
  /** Vertical gap between rows. */
  gapY: number;
  /** White space kept inside each label's edges. */
  padding: number;
  /** Type sizes in points and the title's number of lines. */
  titlePt: number;
  titleLines: number;
  detailPt: number;
  /** Height of the bars (inches). */
  barcodeHeight: number;
}

const thermal = (
  id: LabelSizeId,
  width: number,
  height: number,
  type: Pick<LabelSize, "padding" | "titlePt" | "detailPt" | "barcodeHeight">,
): LabelSize => ({
  id,
  kind: "thermal",
  pageWidth: width,
  pageHeight: height,
  labelWidth: width,
  labelHeight: height,
  columns: 1,
  rows: 1,
  marginTop: 0,
  marginLeft: 0,
  gapX: 0,
  gapY: 0,
  titleLines: 2,
  ...type,
});

export const LABEL_SIZES: Record<LabelSizeId, LabelSize> = {
  "thermal-2x1": thermal("thermal-2x1", 2, 1, {
    padding: 0.06,
    titlePt: 7,
    detailPt: 6.5,
    barcodeHeight: 0.34,
  }),
  "thermal-2.25x1.25": thermal("thermal-2.25x1.25", 2.25, 1.25, {
    padding: 0.08,
    titlePt: 8,
    detailPt: 7.5,
    barcodeHeight: 0.45,
  }),
  // Avery 5160 (and 5260, 5960, 8160…): US Letter, 3 × 10 labels of 2 5/8 × 1 in; top and
  // bottom margins 1/2 in, side margins 3/16 in, 1/8 in between columns, none between rows.
  "avery-5160": {
    id: "avery-5160",
    kind: "sheet",
    pageWidth: 8.5,
    pageHeight: 11,
    labelWidth: 2.625,
    labelHeight: 1,
    columns: 3,
    rows: 10,
    marginTop: 0.5,
    marginLeft: 0.1875,
    gapX: 0.125,
    gapY: 0,
    padding: 0.08,
    titlePt: 7,
    titleLines: 2,
    detailPt: 6.5,
    barcodeHeight: 0.34,
  },
};

export const LABEL_SIZE_IDS = Object.keys(LABEL_SIZES) as LabelSizeId[];

export const isLabelSizeId = (v: unknown): v is LabelSizeId =>
  typeof v === "string" && Object.hasOwn(LABEL_SIZES, v);

/** Labels on one page. */
export const labelsPerPage = (size: LabelSize) => size.columns * size.rows;

/** Top-left corner of a cell (0-based, row by row from the top left), in inches from the page's corner. */
export function cellPosition(size: LabelSize, cell: number): { x: number; y: number } {
  const col = cell % size.columns;
  const row = Math.floor(cell / size.columns);
  return {
    x: size.marginLeft + col * (size.labelWidth + size.gapX),
    y: size.marginTop + row * (size.labelHeight + size.gapY),
  };
}

interface PlacedLabel {
  /** Cell on its page (0-based). */
  cell: number;
  x: number;
  y: number;
  /** Index into the list of labels being printed. */
  label: number;
}

export interface PrintPage {
  labels: PlacedLabel[];
}

/** A starting position (1-based, as Avery numbers the labels) kept within the sheet. */
export function clampStart(size: LabelSize, start: number): number {
  if (size.kind !== "sheet" || !Number.isFinite(start)) return 1;
  return Math.min(labelsPerPage(size), Math.max(1, Math.floor(start)));
}

/**
 * Pages for `count` labels. Thermal: one label per page. Sheet: the first sheet starts at
 * label `start` (1-based; the cells before it are already used on a partly used sheet), the
 * next sheets from their first cell.
 */
export function layoutPages(size: LabelSize, count: number, start = 1): PrintPage[] {
  const per = labelsPerPage(size);
  const first = clampStart(size, start) - 1;
  const pages: PrintPage[] = [];
  for (let i = 0; i < count; i++) {
    const slot = first + i;
    const pageIndex = Math.floor(slot / per);
    const cell = slot % per;
    if (!pages[pageIndex]) pages[pageIndex] = { labels: [] };
    (pages[pageIndex] as PrintPage).labels.push({ cell, label: i, ...cellPosition(size, cell) });
  }
  return pages;
}

/** Sheets (pages) needed. */
export const pageCount = (size: LabelSize, count: number, start = 1) =>
  count <= 0 ? 0 : Math.ceil((clampStart(size, start) - 1 + count) / labelsPerPage(size));

/** Average advance of a bold sans-serif character, as a fraction of the type size. */
const CHAR_EM = 0.58;

/** How many characters of a title fit in its lines on this label. */
export function titleCharBudget(size: LabelSize): number {
  const innerPt = (size.labelWidth - 2 * size.padding) * 72;
  const perLine = Math.floor(innerPt / (size.titlePt * CHAR_EM));
  return perLine * size.titleLines;
}

/**
 * A title cut to `max` characters with an ellipsis, at a word boundary when one is near
 * the end (so words are not split), whitespace collapsed.
 */
export function truncateTitle(title: string, max: number): string {
  const t = title.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  if (max <= 1) return "…".slice(0, max);
  const room = max - 1;
  const cut = t.slice(0, room + 1);
  const space = cut.lastIndexOf(" ");
  const head = space >= room * 0.7 ? cut.slice(0, space) : t.slice(0, room);
  return `${head.replace(/[\s,.;:-]+$/, "")}…`;
}
