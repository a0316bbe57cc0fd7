/**
 * Every label's symbol for one print, and what the page must say before printing (pure,
 * tested in label-problems.test.ts): labels without a code, codes that cannot be scanned on
 * this stock at this resolution (with the fixes), and codes printed as 2D codes instead of bars.
 * Without the Data Matrix encoder (`encodeDm` null: not loaded yet), `needsDataMatrix` says
 * whether a label's plan would change with it, so the page loads it only then.
 */
import { type DataMatrixEncoder, dataMatrixCanCarry } from "./datamatrix-limits";
import { type BarcodePlan, type LongCodeChoice, type MatrixSymbol, planBarcode } from "./label-barcode";
import type { LabelData } from "./label-data";
import type { LabelSize } from "./label-layout";

export interface LabelPlans {
  /** Each code's symbol. */
  plans: Map<string, BarcodePlan>;
  /** Items with neither a SKU nor a barcode. */
  noCode: number;
  /** Codes no scanner could read as printed (each once). */
  unscannable: { code: string; plan: Extract<BarcodePlan, { kind: "none" }> }[];
  /** Codes printed as a QR code or Data Matrix rather than a barcode (each once). */
  asMatrix: { code: string; symbol: MatrixSymbol; because: "too-long" | "not-ascii" }[];
  /** Labels (copies included) that cannot be scanned. */
  unscannableLabels: number;
  /**
   * Planned without the Data Matrix encoder, and a code could print as a Data Matrix (the
   * seller chose it) or be offered one as a fix: plan again with the encoder.
   */
  needsDataMatrix: boolean;
}

export function planLabels(
  labels: readonly LabelData[],
  size: LabelSize,
  dpi: number,
  long: LongCodeChoice,
  encodeDm: DataMatrixEncoder | null,
): LabelPlans {
  const plans = new Map<string, BarcodePlan>();
  const noCodeItems = new Set<string>();
  const out: LabelPlans = {
    plans,
    noCode: 0,
    unscannable: [],
    asMatrix: [],
    unscannableLabels: 0,
    needsDataMatrix: false,
  };
  for (const l of labels) {
    if (l.code === null) {
      noCodeItems.add(l.itemId);
      continue;
    }
    let plan = plans.get(l.code);
    if (!plan) {
      plan = planBarcode(l.code, size, dpi, long, encodeDm);
      plans.set(l.code, plan);
      if (plan.kind === "none") {
        out.unscannable.push({ code: l.code, plan });
        // no barcode fits: a Data Matrix may (to print, or to offer as the fix)
        if (!encodeDm && dataMatrixCanCarry(l.code)) out.needsDataMatrix = true;
      }
      if (plan.kind === "qr" || plan.kind === "datamatrix")
        out.asMatrix.push({ code: l.code, symbol: plan.kind, because: plan.because });
    }
    if (plan.kind === "none") out.unscannableLabels += 1;
  }
  out.noCode = noCodeItems.size;
  return out;
}
