/**
 * The dashboard home's contract (docs/dashboard.md): what needs the company's attention, as
 * counts and the first few rows of each, from one request.
 */

export const DASHBOARD_ATTENTION_PATH = "/api/dashboard/attention";

/** How many rows of each list the answer carries (the count says how many there are). */
export const ATTENTION_TOP = 3;

/** A count and its first rows, most urgent first. */
interface AttentionList<T> {
  count: number;
  top: T[];
}

/** A property whose RPIE statement (or Claim of Exclusion) for the filing year is not filed yet. */
export interface AttentionDeadline {
  propertyId: string;
  bbl: string;
  address: string | null;
  filingYear: number;
  /** ISO date: June 1, or the next business day. */
  deadline: string;
  daysLeft: number;
  obligation: "must-file" | "claim-of-exclusion";
  /** Whole dollars the owner risks by filing late. */
  penaltyIfLate: number;
}

/** A statement file not extracted: waiting to be, or its extraction failed. */
interface AttentionFile {
  id: string;
  fileName: string;
  status: "uploaded" | "failed";
}

interface AttentionQuote {
  id: string;
  filingId: string;
  bbl: string;
  year: number;
  totalCents: number;
}

interface AttentionInvoice {
  id: string;
  number: string;
  filingId: string;
  amountCents: number;
}

interface AttentionItem {
  id: string;
  title: string;
  sku: string;
}

interface AttentionListing {
  itemId: string;
  title: string;
  error: string;
}

export interface Attention {
  /**
   * Which parts concern the company: `rpie` once it has a property or a filing, `inventory` once
   * it has an item or an eBay connection. The page shows only those.
   */
  areas: { rpie: boolean; inventory: boolean };
  rpie: {
    deadlines: AttentionList<AttentionDeadline> & { penaltyAtRisk: number };
    files: AttentionList<AttentionFile>;
    quotes: AttentionList<AttentionQuote>;
    invoices: AttentionList<AttentionInvoice>;
  };
  inventory: {
    toDescribe: AttentionList<AttentionItem>;
    listingErrors: AttentionList<AttentionListing>;
  };
  notifications: { unread: number };
}
