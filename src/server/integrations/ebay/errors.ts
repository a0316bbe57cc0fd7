/** eBay's error body: `{ errors: [{ errorId, domain, category, message, longMessage, parameters }] }`. */
export interface EbayErrorDetail {
  errorId?: number;
  domain?: string;
  category?: string;
  message?: string;
  longMessage?: string;
  parameters?: { name?: string; value?: string }[];
}

/** A non-2xx answer from eBay (after the client's own retries of 429 and 5xx). */
export class EbayApiError extends Error {
  constructor(
    readonly status: number,
    readonly operation: string,
    readonly errors: EbayErrorDetail[],
  ) {
    super(
      `eBay ${operation} answered ${status}: ${
        errors
          .map((e) => e.message)
          .filter(Boolean)
          .join("; ") || "no details"
      }`,
    );
    this.name = "EbayApiError";
  }
  has(errorId: number): boolean {
    return this.errors.some((e) => e.errorId === errorId);
  }
}

/** The seller's token was refused and could not be refreshed: they must connect again. */
export class EbayReconnectNeeded extends Error {
  constructor(message = "eBay refused the saved sign-in; connect your eBay account again") {
    super(message);
    this.name = "EbayReconnectNeeded";
  }
}

/**
 * Words a seller understands for eBay's error ids the listing pipeline meets most (Inventory API
 * error catalogue); anything else falls back to eBay's own message.
 */
const READABLE: Record<number, string> = {
  25001: "eBay had a problem with its category service; try again later",
  25002: "eBay reports a problem with this listing's data",
  25003: "eBay does not allow this listing on the marketplace",
  25004: "The eBay category is not valid; choose another category",
  25005: "Choose an eBay category (a leaf category) for the item",
  25006: "Add an eBay category before publishing",
  25007: "The shipping (fulfillment) policy is missing or not valid; finish the eBay setup",
  25008: "The payment policy is missing or not valid; finish the eBay setup",
  25009: "The return policy is missing or not valid; finish the eBay setup",
  25014: "Add at least one photo; eBay needs a picture to list an item",
  25015: "eBay could not use one of the photos (too small or unreadable)",
  25016: "A value is not valid for eBay",
  25017: "An item specific is not valid for this category",
  25018: "The price or quantity is missing or not valid",
  25019: "This listing cannot be changed now",
  25020: "The price or quantity is missing or not valid",
  25021: "The item's condition is not allowed in this category",
  25025: "eBay could not update this listing now; try again",
  25035: "The inventory location is missing; finish the eBay setup",
  25036: "The inventory location is not valid; finish the eBay setup",
  25047: "The listing duration is not allowed in this category",
  25702: "The item is not on eBay (its SKU was not found)",
  25707: "The SKU is not valid for eBay (letters and digits, at most 50)",
  25709: "The request to eBay was not valid",
  25713: "The offer is not available on eBay",
  25727: "Too many items in one eBay request",
};

/** The first reason eBay gave, in a seller's words, with eBay's own detail kept after it. */
export function readableEbayError(errors: EbayErrorDetail[] | undefined, fallback: string): string {
  const first = errors?.find((e) => e.errorId !== undefined || e.message) ?? undefined;
  if (!first) return fallback;
  const words = first.errorId !== undefined ? READABLE[first.errorId] : undefined;
  const detail = first.longMessage || first.message;
  if (words && detail && detail !== words) return `${words} (eBay: ${detail})`;
  return words ?? detail ?? fallback;
}
