import { Trans, useLingui } from "@lingui/react/macro";
import { Stack, Text, Title } from "@mantine/core";
import { CONFIRMED_SORTS } from "../../../domain/admin/list-sorts";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import type { ConfirmedUserRow } from "./admin-users-api";
import { UserLink, useWhen } from "./user-link";

type Sort = (typeof CONFIRMED_SORTS)[number];

/** /admin/user-list: confirmed users with their primary company. */
export function ConfirmedUsersPage({
  search,
  onSearch,
}: {
  search: ListSearch<Sort>;
  onSearch(next: ListSearch<Sort>): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`User List`);
  const when = useWhen(i18n);
  const label: Record<Sort, string> = {
    email: t`Email`,
    displayName: t`Name`,
    companyName: t`Company`,
    confirmedAt: t`Confirmed`,
  };
  const columns: ListColumn<ConfirmedUserRow, Sort>[] = [
    {
      key: "email",
      header: label.email,
      sort: "email",
      render: (r) => <UserLink userId={r.id}>{r.email}</UserLink>,
    },
    { key: "name", header: label.displayName, sort: "displayName", render: (r) => r.displayName },
    { key: "company", header: label.companyName, sort: "companyName", render: (r) => r.companyName ?? "—" },
    { key: "confirmed", header: label.confirmedAt, sort: "confirmedAt", render: (r) => when(r.confirmedAt) },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>User List</Trans>
      </Title>
      <ServerList<ConfirmedUserRow, Sort, ListSearch<Sort>>
        endpoint="/api/admin/user/list"
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "confirmedAt", sortDir: "desc" }}
        sorts={CONFIRMED_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => (
          <Stack gap={4}>
            <UserLink userId={r.id}>{r.email}</UserLink>
            <Text size="sm">
              {r.displayName} · {r.companyName ?? "—"}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>Confirmed {when(r.confirmedAt)}</Trans>
            </Text>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Email, name or company`}
        emptyText={<Trans>No confirmed users match this search.</Trans>}
        errorTitle={t`The users could not be loaded`}
        exportFile="confirmed-users.csv"
        testId="confirmed-users"
      />
    </Stack>
  );
}
