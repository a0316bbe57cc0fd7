/**
 * /dashboard/customers: the buyers of the company's eBay orders with the company's own contact
 * fields, paged, sorted and searched on the server through the shared ServerList.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Stack, Text, Title } from "@mantine/core";
import {
  COMMERCE_PATHS,
  type CommerceCustomer,
  CUSTOMER_SORTS,
  type CustomerSort,
} from "../../../domain/commerce/contract";
import { formatCents } from "../../../domain/money";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import type { CustomersSearch } from "./commerce-search";
import { CustomerLink } from "./links";

const displayName = (c: CommerceCustomer) => c.name ?? c.buyerName ?? c.username;

export function CustomersPage({
  search,
  onSearch,
}: {
  search: CustomersSearch;
  onSearch(next: CustomersSearch): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Customers`);
  const sortLabel: Record<CustomerSort, string> = {
    lastOrderAt: t`Last order`,
    spent: t`Spent`,
    orders: t`Orders`,
    username: t`eBay user name`,
  };
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium" });
  const columns: ListColumn<CommerceCustomer, CustomerSort>[] = [
    {
      key: "customer",
      header: t`Customer`,
      sort: "username",
      render: (c) => (
        <Stack gap={0}>
          <CustomerLink username={c.username}>{displayName(c)}</CustomerLink>
          <Text size="xs" c="dimmed">
            {c.username}
          </Text>
        </Stack>
      ),
    },
    { key: "city", header: t`City`, render: (c) => c.buyerCity ?? "—" },
    { key: "contact", header: t`Contact`, render: (c) => c.email ?? c.phone ?? "—" },
    { key: "orders", header: t`Orders`, sort: "orders", render: (c) => c.orders },
    { key: "spent", header: t`Spent`, sort: "spent", render: (c) => formatCents(c.spentCents) },
    { key: "last", header: t`Last order`, sort: "lastOrderAt", render: (c) => date(c.lastOrderAt) },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Customers</Trans>
      </Title>
      <ServerList<CommerceCustomer, CustomerSort, CustomersSearch>
        endpoint={COMMERCE_PATHS.customers}
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "lastOrderAt", sortDir: "desc" }}
        sorts={CUSTOMER_SORTS.map((s) => ({ value: s, label: sortLabel[s] }))}
        columns={columns}
        rowKey={(c) => c.username}
        card={(c) => (
          <Stack gap={4}>
            <CustomerLink username={c.username}>{displayName(c)}</CustomerLink>
            <Text size="sm" c="dimmed">
              {[c.username, c.buyerCity].filter(Boolean).join(" · ")}
            </Text>
            <Text size="sm">
              <Trans>
                {c.orders} orders · {formatCents(c.spentCents)} · last {date(c.lastOrderAt)}
              </Trans>
            </Text>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`User name, name, city, e-mail or phone`}
        emptyText={<Trans>No customers match. Buyers of your eBay orders appear here.</Trans>}
        errorTitle={t`The customers could not be loaded`}
        testId="commerce-customers"
      />
    </Stack>
  );
}
