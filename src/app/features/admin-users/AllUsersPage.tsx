import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { ALL_USER_SORTS } from "../../../domain/admin/list-sorts";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import type { AdminUserRow } from "./admin-users-api";
import { UserLink, useWhen } from "./user-link";

type Sort = (typeof ALL_USER_SORTS)[number];

/** /admin/all-user-list: every account, searched by email or name, linking to the detail. */
export function AllUsersPage({
  search,
  onSearch,
}: {
  search: ListSearch<Sort>;
  onSearch(next: ListSearch<Sort>): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`All Users`);
  const when = useWhen(i18n);
  const label: Record<Sort, string> = { email: t`Email`, displayName: t`Name`, createdAt: t`Registered` };
  const confirmed = (r: AdminUserRow) =>
    r.emailConfirmed ? (
      <Badge color="green" variant="light">
        <Trans>Confirmed</Trans>
      </Badge>
    ) : (
      <Badge color="yellow" variant="light">
        <Trans>Not confirmed</Trans>
      </Badge>
    );
  const company = (r: AdminUserRow) =>
    r.companies.find((c) => c.isPrimary)?.companyName ?? r.companies[0]?.companyName ?? "—";
  const columns: ListColumn<AdminUserRow, Sort>[] = [
    {
      key: "email",
      header: label.email,
      sort: "email",
      render: (r) => <UserLink userId={r.id}>{r.email}</UserLink>,
    },
    { key: "name", header: label.displayName, sort: "displayName", render: (r) => r.displayName },
    { key: "company", header: t`Company`, render: company },
    { key: "state", header: t`Email`, render: confirmed },
    { key: "created", header: label.createdAt, sort: "createdAt", render: (r) => when(r.createdAt) },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>All Users</Trans>
      </Title>
      <ServerList<AdminUserRow, Sort, ListSearch<Sort>>
        endpoint="/api/admin/all-user/list"
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "createdAt", sortDir: "desc" }}
        sorts={ALL_USER_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => (
          <Stack gap={4}>
            <UserLink userId={r.id}>{r.email}</UserLink>
            <Text size="sm">
              {r.displayName} · {company(r)}
            </Text>
            <Group gap="xs">
              {confirmed(r)}
              <Text size="xs" c="dimmed">
                {when(r.createdAt)}
              </Text>
            </Group>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Email or name`}
        emptyText={<Trans>No users match this search.</Trans>}
        errorTitle={t`The users could not be loaded`}
        exportFile="users.csv"
        testId="all-users"
      />
    </Stack>
  );
}
