import { numberFormat } from "../../../../domain/intl-cache";
import type { LineItem } from "./file-preview-api";

export interface IndexedLineItem extends LineItem {
  /** Position in the extraction's list: a stable id for hover and selection. */
  index: number;
}

export interface LineItemGroup {
  /** The heading the items sit under, or null before the first heading. */
  section: string | null;
  items: IndexedLineItem[];
}

/**
 * Line items grouped by section in reading order: a new group starts whenever the section
 * changes (the same heading on a later page continues its group only when adjacent).
 */
export function groupBySection(items: LineItem[]): LineItemGroup[] {
  const groups: LineItemGroup[] = [];
  items.forEach((item, index) => {
    const last = groups[groups.length - 1];
    if (last && last.section === item.section) last.items.push({ ...item, index });
    else groups.push({ section: item.section, items: [{ ...item, index }] });
  });
  return groups;
}

/** An amount as money: US dollars, cents only when there are any, negatives in parentheses. */
export function formatAmount(n: number, locale: string): string {
  const cents = !Number.isInteger(Math.round(n * 100) / 100);
  return numberFormat(locale, {
    style: "currency",
    currency: "USD",
    currencySign: "accounting",
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(n);
}

/** A box as CSS percentages of the page, clamped to the page. */
export function boxStyle(box: { x0: number; y0: number; x1: number; y1: number }) {
  const c = (v: number) => Math.min(1, Math.max(0, v));
  const x0 = c(Math.min(box.x0, box.x1));
  const x1 = c(Math.max(box.x0, box.x1));
  const y0 = c(Math.min(box.y0, box.y1));
  const y1 = c(Math.max(box.y0, box.y1));
  const pct = (v: number) => `${Math.round(v * 100000) / 1000}%`;
  return { left: pct(x0), top: pct(y0), width: pct(x1 - x0), height: pct(y1 - y0) };
}
