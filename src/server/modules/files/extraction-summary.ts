import {
  checkTotals,
  defaultColumn,
  layoutOf,
  type PageLineItem,
  type TotalCheck,
} from "../../../domain/line-items";

/**
 * What the extraction API says about a statement beside its line items: its columns with
 * the default one (the statement year's annual figure) and why, and the totals that do not
 * add up (per column), for staff to look at.
 */
export function extractionSummary(
  stored: unknown,
  lineItems: readonly PageLineItem[],
  statementYear: number | null,
) {
  const layout = layoutOf(stored, lineItems);
  const failedTotals: Omit<TotalCheck, "ok">[] = [];
  layout.columns.forEach((_, c) => {
    for (const { ok: _ok, ...check } of checkTotals(lineItems, c)) if (!_ok) failedTotals.push(check);
  });
  return {
    layout: { ...layout, defaultColumn: defaultColumn(layout.columns, layout.year ?? statementYear) },
    failedTotals,
  };
}
