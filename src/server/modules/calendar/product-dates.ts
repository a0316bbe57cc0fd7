/**
 * A company's product dates (domain/calendar/product-dates.ts): its properties' RPIE deadlines and
 * reminder days, unpaid invoices and eBay orders not shipped yet, read from the tables that hold
 * them and computed by the domain's rules.
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { type ProductDate, productDates } from "../../../domain/calendar/product-dates";
import { todayInNewYork } from "../../../domain/rpie";
import type { Db } from "../../db/client";
import { ebayOrders, filings, invoices, properties } from "../../db/schema";
import { DEADLINE_OFFSETS } from "../filing/reminders";
import { assessmentFor } from "../properties/properties";

/** eBay order states that still need a parcel sent. */
const TO_SHIP = ["sold", "awaiting_shipment"];

export async function companyProductDates(
  db: Db,
  companyId: string,
  now = new Date(),
): Promise<ProductDate[]> {
  const today = todayInNewYork(now);
  const props = await db
    .select()
    .from(properties)
    .where(and(eq(properties.companyId, companyId), isNull(properties.deletedAt), isNotNull(properties.aav)));
  const filed = await db
    .select({ propertyId: filings.propertyId, year: filings.year })
    .from(filings)
    .where(and(eq(filings.companyId, companyId), eq(filings.kind, "rpie"), eq(filings.state, "filed")));
  const isFiled = new Set(filed.map((f) => `${f.propertyId}:${f.year}`));
  const deadlines = props.flatMap((p) => {
    const a = assessmentFor(p, today);
    if (!a || a.obligation === "not-required") return [];
    return [
      {
        propertyId: p.id,
        label: p.address ? `${p.address} (BBL ${p.bbl})` : `BBL ${p.bbl}`,
        deadline: a.deadline,
        filed: isFiled.has(`${p.id}:${a.filingYear}`),
      },
    ];
  });
  const unpaid = await db
    .select({ id: invoices.id, number: invoices.number, filingYear: filings.year })
    .from(invoices)
    .innerJoin(filings, eq(filings.id, invoices.filingId))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "unpaid")));
  const orders = await db
    .select({
      id: ebayOrders.id,
      title: ebayOrders.title,
      itemId: ebayOrders.itemId,
      orderCreatedAt: ebayOrders.orderCreatedAt,
    })
    .from(ebayOrders)
    .where(and(eq(ebayOrders.companyId, companyId), inArray(ebayOrders.status, TO_SHIP)));
  return productDates({
    deadlines,
    offsets: DEADLINE_OFFSETS,
    invoices: unpaid,
    orders: orders.map((o) => ({
      id: o.id,
      title: o.title,
      itemId: o.itemId,
      orderedOn: todayInNewYork(o.orderCreatedAt),
    })),
  });
}
