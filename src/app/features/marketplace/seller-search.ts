/**
 * The marketplace inventory screens' search: `seller` (the seller company staff work for, kept
 * across the screens by their links) and, from the /marketplace row that opened them, `name`
 * (remembered on the device, so later screens show it). Kept apart from the frame so the route
 * tree does not load Dexie.
 */
export interface SellerSearch {
  seller?: string;
  name?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseSellerSearch(search: Record<string, unknown>): SellerSearch {
  const out: SellerSearch = {};
  if (typeof search.seller === "string" && UUID.test(search.seller)) out.seller = search.seller.toLowerCase();
  if (typeof search.name === "string" && search.name.trim() !== "")
    out.name = search.name.trim().slice(0, 200);
  return out;
}

/** The link from a /marketplace row into that seller's batches. */
export const sellerInventoryHref = (seller: string, name: string, page = "import") =>
  `/marketplace/${page}?${new URLSearchParams({ seller, name })}`;
