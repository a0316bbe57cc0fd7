/**
 * The product's own dates on the calendar (docs/calendar.md "Product dates"): read-only events
 * computed from the rules that already decide them, each linking to its page.
 * - RPIE deadline of each property with an obligation: June 1 moved to the next business day
 *   (rpie/rules.ts `filingDeadline`, through the property's assessment).
 * - Filing reminders: the days the deadline reminders go out (`offsets`, the server's
 *   DEADLINE_OFFSETS: 30, 14 and 3 days before), one per deadline and offset, while not filed.
 * - Invoice due dates: an unpaid invoice is due by its filing year's RPIE deadline (the filing
 *   is filed once it is paid).
 * - eBay orders to ship: an order not shipped yet is due out one business day after it was
 *   placed (the selling setup's handling time, modules/ebay/setup.ts).
 */
import { addDays, filingDeadline, fromIso, nextBusinessDay, toIso } from "../rpie";

export const PRODUCT_DATE_KINDS = ["rpie-deadline", "filing-reminder", "invoice-due", "ebay-ship"] as const;
type ProductDateKind = (typeof PRODUCT_DATE_KINDS)[number];

/** eBay handling time of the product's default fulfilment policy, in business days. */
const EBAY_HANDLING_DAYS = 1;

export interface ProductDate {
  /** Stable across computations (the ICS UID and the screen's key). */
  id: string;
  kind: ProductDateKind;
  /** A calendar day, `YYYY-MM-DD` (an all-day event). */
  date: string;
  /** What the event is about: a property's address or BBL, an invoice number, an order's title. */
  subject: string;
  /** For a reminder: days before the deadline. */
  daysBefore?: number;
  /** The app page it links to. */
  link: string;
}

interface ProductDateInputs {
  /** Properties with an RPIE obligation this filing year and no filed RPIE for it. */
  deadlines: { propertyId: string; label: string; deadline: string; filed: boolean }[];
  offsets: readonly number[];
  invoices: { id: string; number: string; filingYear: number }[];
  orders: { id: string; title: string; itemId: string | null; orderedOn: string }[];
}

/** The day an order placed on `orderedOn` should be shipped by. */
export function shipBy(orderedOn: string, handlingDays = EBAY_HANDLING_DAYS): string {
  let day = orderedOn;
  for (let i = 0; i < handlingDays; i++) day = nextBusinessDay(toIso(addDays(fromIso(day), 1)));
  return day;
}

/** Every product date of the inputs, by day. */
export function productDates(input: ProductDateInputs): ProductDate[] {
  const out: ProductDate[] = [];
  for (const d of input.deadlines) {
    const link = "/dashboard/properties";
    out.push({
      id: `rpie:${d.propertyId}:${d.deadline}`,
      kind: "rpie-deadline",
      date: d.deadline,
      subject: d.label,
      link,
    });
    if (d.filed) continue;
    for (const offset of input.offsets)
      out.push({
        id: `reminder:${d.propertyId}:${d.deadline}:${offset}`,
        kind: "filing-reminder",
        date: toIso(addDays(fromIso(d.deadline), -offset)),
        subject: d.label,
        daysBefore: offset,
        link,
      });
  }
  for (const i of input.invoices)
    out.push({
      id: `invoice:${i.id}`,
      kind: "invoice-due",
      date: filingDeadline(i.filingYear),
      subject: i.number,
      link: `/dashboard/invoices/${i.id}`,
    });
  for (const o of input.orders)
    out.push({
      id: `ebay:${o.id}`,
      kind: "ebay-ship",
      date: shipBy(o.orderedOn),
      subject: o.title,
      link: o.itemId ? `/dashboard/item/${o.itemId}` : "/dashboard/listing",
    });
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

/** The English title of a product date (the ICS feed; the screen has its own translated one). */
export function productDateTitle(d: ProductDate): string {
  switch (d.kind) {
    case "rpie-deadline":
      return `RPIE due: ${d.subject}`;
    case "filing-reminder":
      return `RPIE due in ${d.daysBefore} days: ${d.subject}`;
    case "invoice-due":
      return `Invoice ${d.subject} due`;
    case "ebay-ship":
      return `Ship eBay order: ${d.subject}`;
  }
}
