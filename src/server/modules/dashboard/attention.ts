/**
 * What needs a company's attention (docs/dashboard.md): each list comes from the module that owns
 * its rows (a count and the first few in one query each); this file only puts them together.
 */
import { ATTENTION_TOP, type Attention, type AttentionDeadline } from "../../../domain/dashboard/attention";
import type { Db } from "../../db/client";
import { connectionOf, failedListings } from "../ebay/store";
import { filesWaiting } from "../files/store";
import { invoicesDue } from "../filing/invoices";
import { companyFilings, quotesToAccept } from "../filing/owner-store";
import { hasItems, itemsToDescribe } from "../inventory/store";
import { unreadCount } from "../notifications/store";
import { companyProperties } from "../properties/properties";

/**
 * The company's properties with an RPIE obligation (a statement or a Claim of Exclusion) for the
 * current filing year and no filed RPIE filing for that year, nearest deadline and largest
 * penalty first; and how many properties the company has.
 */
async function rpieDeadlines(db: Db, companyId: string) {
  const props = await companyProperties(db, companyId);
  const assessed = props.flatMap((p) => {
    const a = p.assessment;
    return a && a.obligation !== "not-required" ? [{ p, a }] : [];
  });
  if (assessed.length === 0) return { properties: props.length, open: [] as AttentionDeadline[] };
  const filed = new Set(
    // every assessment is for the same (current) filing year
    (await companyFilings(db, companyId, { kind: "rpie", year: assessed[0]?.a.filingYear }))
      .filter((f) => f.filing.state === "filed")
      .map((f) => `${f.filing.propertyId}:${f.filing.year}`),
  );
  const open = assessed
    .filter(({ p, a }) => !filed.has(`${p.id}:${a.filingYear}`))
    .map(
      ({ p, a }): AttentionDeadline => ({
        propertyId: p.id,
        bbl: p.bbl,
        address: p.address,
        filingYear: a.filingYear,
        deadline: a.deadline,
        daysLeft: a.daysLeft,
        obligation: a.obligation as AttentionDeadline["obligation"],
        penaltyIfLate: a.penaltyIfLate,
      }),
    )
    .sort((x, y) => x.daysLeft - y.daysLeft || y.penaltyIfLate - x.penaltyIfLate);
  return { properties: props.length, open };
}

/** Everything the dashboard home shows for the caller in their company, in one answer. */
export async function attentionOf(db: Db, companyId: string, userId: string): Promise<Attention> {
  const [deadlines, files, quotes, invoices, toDescribe, listingErrors, items, ebay, unread] =
    await Promise.all([
      rpieDeadlines(db, companyId),
      filesWaiting(db, companyId, ATTENTION_TOP),
      quotesToAccept(db, companyId, ATTENTION_TOP),
      invoicesDue(db, companyId, ATTENTION_TOP),
      itemsToDescribe(db, companyId, ATTENTION_TOP),
      failedListings(db, companyId, ATTENTION_TOP),
      hasItems(db, companyId),
      connectionOf(db, companyId),
      unreadCount(db, userId),
    ]);
  const rpieInUse = deadlines.properties > 0 || quotes.count > 0 || invoices.count > 0 || files.count > 0;
  return {
    areas: { rpie: rpieInUse, inventory: items || !!ebay || listingErrors.count > 0 },
    rpie: {
      deadlines: {
        count: deadlines.open.length,
        penaltyAtRisk: deadlines.open.reduce((sum, d) => sum + d.penaltyIfLate, 0),
        top: deadlines.open.slice(0, ATTENTION_TOP),
      },
      files,
      quotes,
      invoices,
    },
    inventory: { toDescribe, listingErrors },
    notifications: { unread },
  };
}
