/**
 * The sync screen's queue split by company (docs/marketplace.md "In the app"): the signed-in
 * company's changes first, then those of each seller a marketplace staff member works for on
 * this device, each seller in the order of its oldest queued change. Changes of any other
 * company (left from before a company switch) are not shown, as before; without a company of
 * one's own (outside a provider) every change that is not a seller's is listed as one's own.
 */
export interface CompanyGroup<R> {
  /** The seller's company id, or null for the signed-in company. */
  sellerId: string | null;
  /** The seller's name as remembered on this device (null: not known, or one's own company). */
  sellerName: string | null;
  rows: R[];
}

export function groupByCompany<R extends { entry: { companyId: string } }>(
  rows: readonly R[],
  ownCompanyId: string | null,
  sellers: ReadonlyMap<string, string | null>,
): CompanyGroup<R>[] {
  const own: CompanyGroup<R> = { sellerId: null, sellerName: null, rows: [] };
  const bySeller = new Map<string, CompanyGroup<R>>();
  for (const row of rows) {
    const id = row.entry.companyId;
    if (id !== ownCompanyId && sellers.has(id)) {
      let group = bySeller.get(id);
      if (!group) {
        group = { sellerId: id, sellerName: sellers.get(id) ?? null, rows: [] };
        bySeller.set(id, group);
      }
      group.rows.push(row);
    } else if (!ownCompanyId || id === ownCompanyId) {
      own.rows.push(row);
    }
  }
  return [own, ...bySeller.values()].filter((g) => g.rows.length > 0);
}
