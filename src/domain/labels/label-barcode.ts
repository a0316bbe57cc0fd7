/**
 * Which symbol a label prints and how wide its modules are, from the printer's resolution
 * (pure, tested in label-barcode.test.ts). A printer makes bars out of whole dots: a 203 dpi
 * thermal head has dots 0.0049 in wide, and a bar of 1.5 dots comes out as 1 or 2 dots, so the
 * bars' ratios — the code — are lost. Every module is therefore a whole number of dots, at
 * least MIN_DOTS_PER_MODULE, and the symbol is placed on the printer's dot grid
 * (`snapToDots`). CODE128 is encoded with code set C for digit runs (two digits per symbol,
 * JsBarcode's automatic A/B/C switching, see barcode.ts). A code too long for a barcode on the
 * chosen stock prints as a QR code or a Data Matrix when the seller chose so; otherwise the
 * page says so before printing, with the fixes: a larger stock, a shorter code, or a 2D code.
 * The Data Matrix encoder is passed in (`encodeDm`): the page loads it only when a label needs
 * it; without it, no label prints as a Data Matrix and none is offered as a fix.
 */
import { encode as encodeQr } from "uqr";
import { encodeCode128, totalModules } from "./barcode";
import { DATAMATRIX_QUIET_MODULES, type DataMatrixEncoder } from "./datamatrix-limits";
import { LABEL_SIZE_IDS, LABEL_SIZES, type LabelSize, type LabelSizeId } from "./label-layout";

/** Printer resolutions: thermal label printers (Zebra, DYMO, Rollo) 203 or 300, office printers 600. */
export const PRINTER_DPIS = [203, 300, 600] as const;
export type PrinterDpi = (typeof PRINTER_DPIS)[number];
export const DEFAULT_DPI: PrinterDpi = 203;

export const isPrinterDpi = (v: unknown): v is PrinterDpi =>
  (PRINTER_DPIS as readonly unknown[]).includes(typeof v === "string" ? Number(v) : v);

/** The narrowest bar or smallest square is at least this many printer dots. */
export const MIN_DOTS_PER_MODULE = 2;
/** Modules wider than this gain nothing for a scanner (0.02 in = 0.5 mm). */
const MAX_MODULE_INCHES = 0.02;
/** Quiet zone around a QR code, in modules (ISO/IEC 18004 asks for 4). */
const QR_QUIET_MODULES = 4;

/** What a label does with a code too long for a barcode: warn, or print it as a 2D code. */
export const LONG_CODE_CHOICES = ["warn", "qr", "datamatrix"] as const;
export type LongCodeChoice = (typeof LONG_CODE_CHOICES)[number];
export const isLongCodeChoice = (v: unknown): v is LongCodeChoice =>
  (LONG_CODE_CHOICES as readonly unknown[]).includes(v);

/** The 2D symbols a label can carry. */
export type MatrixSymbol = Exclude<LongCodeChoice, "warn">;

/** Quiet zone of each 2D symbol, in modules. */
export const MATRIX_QUIET_MODULES: Record<MatrixSymbol, number> = {
  qr: QR_QUIET_MODULES,
  datamatrix: DATAMATRIX_QUIET_MODULES,
};

/** Horizontal padding inside a label (sheets keep a little more off the die-cut edge). */
export const sidePadding = (size: LabelSize) => size.padding + (size.kind === "sheet" ? 0.04 : 0);

/** Width the barcode may take: the label's width inside its padding. */
export const barcodeAreaInches = (size: LabelSize) => size.labelWidth - 2 * sidePadding(size);

/** Side of the square a 2D code may take: the label's height inside its padding, at most 45 % of its width. */
export const matrixAreaInches = (size: LabelSize) =>
  Math.min(size.labelHeight - 2 * size.padding, 0.45 * barcodeAreaInches(size));

export type BarcodePlan =
  | {
      kind: "code128";
      /** Bar pattern ("1" bar, "0" space), quiet zones excluded. */
      bits: string;
      /** Modules across, quiet zones included. */
      modules: number;
      dotsPerModule: number;
      moduleInches: number;
      widthInches: number;
    }
  | {
      kind: MatrixSymbol;
      /** Dark modules, row by row, without the quiet zone. */
      matrix: boolean[][];
      /** Why the label carries a 2D code rather than a barcode. */
      because: "too-long" | "not-ascii";
      dotsPerModule: number;
      moduleInches: number;
      /** Side of the symbol with its quiet zone. */
      sideInches: number;
    }
  | {
      kind: "none";
      reason: "too-long" | "not-ascii";
      /** Dots per module a barcode would get (under MIN_DOTS_PER_MODULE). */
      dotsPerModule: number;
      fixes: LabelFixes;
    };

interface LabelFixes {
  /** Stocks on which the same code prints as a barcode at this resolution. */
  stocks: LabelSizeId[];
  /** The longest code of this kind that fits as a barcode here (null: not a matter of length). */
  maxChars: number | null;
  /** A QR code of it fits on this stock. */
  qr: boolean;
  /** A Data Matrix of it fits on this stock. */
  datamatrix: boolean;
}

/** Whole dots per module when `modules` share `inches` at `dpi` (capped at MAX_MODULE_INCHES). */
export function dotsPerModule(inches: number, modules: number, dpi: number): number {
  if (modules <= 0) return 0;
  const cap = Math.max(MIN_DOTS_PER_MODULE, Math.floor(MAX_MODULE_INCHES * dpi));
  return Math.min(cap, Math.floor((inches * dpi + 1e-9) / modules));
}

function code128Plan(code: string, size: LabelSize, dpi: number) {
  const enc = encodeCode128(code);
  if (!enc.ok) return null;
  const modules = totalModules(enc.bits);
  const dots = dotsPerModule(barcodeAreaInches(size), modules, dpi);
  return { bits: enc.bits, modules, dots };
}

/**
 * A 2D symbol of `code` and its whole dots per module here; null when it cannot carry the code
 * (or, for Data Matrix, when its encoder is not loaded).
 */
function matrixPlan(
  symbol: MatrixSymbol,
  code: string,
  size: LabelSize,
  dpi: number,
  encodeDm: DataMatrixEncoder | null,
) {
  const matrix = symbol === "qr" ? encodeQr(code, { ecc: "M", border: 0 }).data : (encodeDm?.(code) ?? null);
  if (!matrix) return null;
  const side = matrix.length + 2 * MATRIX_QUIET_MODULES[symbol];
  return { matrix, side, dots: dotsPerModule(matrixAreaInches(size), side, dpi) };
}

const fits = (p: { dots: number } | null) => (p?.dots ?? 0) >= MIN_DOTS_PER_MODULE;

/**
 * The symbol a label of `code` prints on `size` at `dpi`, or why none can be scanned. Data
 * Matrix needs `encodeDm` (datamatrix.ts), both to print one and to offer one as a fix.
 */
export function planBarcode(
  code: string,
  size: LabelSize,
  dpi: number,
  long: LongCodeChoice = "warn",
  encodeDm: DataMatrixEncoder | null = null,
): BarcodePlan {
  const bar = code128Plan(code, size, dpi);
  if (bar && bar.dots >= MIN_DOTS_PER_MODULE) {
    const moduleInches = bar.dots / dpi;
    return {
      kind: "code128",
      bits: bar.bits,
      modules: bar.modules,
      dotsPerModule: bar.dots,
      moduleInches,
      widthInches: bar.modules * moduleInches,
    };
  }
  const reason = bar ? "too-long" : "not-ascii";
  const qr = matrixPlan("qr", code, size, dpi, null);
  const dm = matrixPlan("datamatrix", code, size, dpi, encodeDm);
  const chosen = long === "qr" ? qr : long === "datamatrix" ? dm : null;
  if (long !== "warn" && chosen && fits(chosen)) {
    const moduleInches = chosen.dots / dpi;
    return {
      kind: long,
      matrix: chosen.matrix,
      because: reason,
      dotsPerModule: chosen.dots,
      moduleInches,
      sideInches: chosen.side * moduleInches,
    };
  }
  return {
    kind: "none",
    reason,
    dotsPerModule: bar ? (barcodeAreaInches(size) * dpi) / bar.modules : 0,
    fixes: {
      stocks: bar
        ? LABEL_SIZE_IDS.filter(
            (id) => id !== size.id && (code128Plan(code, LABEL_SIZES[id], dpi)?.dots ?? 0) >= 2,
          )
        : [],
      maxChars: bar ? longestFitting(code, size, dpi) : null,
      qr: fits(qr),
      datamatrix: fits(dm),
    },
  };
}

/** The longest start of `code` that still prints as a barcode here (how short the code must be). */
function longestFitting(code: string, size: LabelSize, dpi: number): number {
  for (let n = code.length - 1; n > 0; n--) {
    const p = code128Plan(code.slice(0, n), size, dpi);
    if (p && p.dots >= MIN_DOTS_PER_MODULE) return n;
  }
  return 0;
}

/**
 * The shift that puts a position (inches from the page's left or top edge) on the printer's
 * dot grid: bars that start on a dot boundary are exactly `dotsPerModule` dots wide.
 */
export function snapToDots(inches: number, dpi: number): number {
  return Math.ceil(inches * dpi - 1e-6) / dpi - inches || 0;
}
