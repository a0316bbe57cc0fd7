/**
 * The seller a super admin works in on the admin's product pages (docs/marketplace.md "Super
 * admins in any seller's scope"): a searchable choice of every company, items or not, so a
 * company's first product can be created (the admin seller list with `companies=all`, searched
 * on the server by company name or owner e-mail, 50 at a time), each marked with its item count.
 * Choosing one opens that seller's product list.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { http } from "../../lib/http";
import type { SellerRow } from "../admin-users/admin-users-api";

const label = (r: Pick<SellerRow, "companyName" | "ownerEmail">) =>
  r.ownerEmail ? `${r.companyName} (${r.ownerEmail})` : r.companyName;

export function AdminSellerPicker({
  seller,
  name,
}: {
  seller: string | undefined;
  name: string | undefined;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const sellers = useQuery({
    queryKey: ["admin", "product-sellers", query],
    queryFn: ({ signal }) =>
      http.get<{ rows: SellerRow[] }>("/api/admin/seller/list", {
        query: {
          companies: "all",
          rowsPerPage: 50,
          sortBy: "companyName",
          sortDir: "asc",
          query: query || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = sellers.data?.rows ?? [];
  const data = rows.map(({ items, ...r }) => ({
    value: r.id,
    label: `${label(r)} · ${plural(items, { one: "# item", other: "# items" })}`,
  }));
  // the chosen seller stays shown while a search lists others
  if (seller && !data.some((d) => d.value === seller)) data.unshift({ value: seller, label: name ?? seller });
  return (
    <Select
      label={t`Seller`}
      placeholder={t`Search by company or e-mail`}
      searchable
      data={data}
      value={seller ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={sellers.isFetching ? t`Searching…` : t`No seller found`}
      onChange={(id) => {
        if (!id || id === seller) return;
        const row = rows.find((r) => r.id === id);
        void navigate({ to: "/admin/product-list", search: { seller: id, name: row?.companyName } });
      }}
      maw={480}
      w="100%"
      data-testid="admin-seller-picker"
    />
  );
}
