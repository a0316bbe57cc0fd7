import { Trans, useLingui } from "@lingui/react/macro";
import { Code, Stack, Text, Title } from "@mantine/core";
import { CLARITY_SORTS } from "../../../domain/admin/list-sorts";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import type { ClarityRow } from "./admin-users-api";
import { UserLink, useWhen } from "./user-link";

type Sort = (typeof CLARITY_SORTS)[number];

/** /admin/clarity-list: the clarity ids users' browsers sent, newest first. */
export function ClarityListPage({
  search,
  onSearch,
}: {
  search: ListSearch<Sort>;
  onSearch(next: ListSearch<Sort>): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Clarity List`);
  const when = useWhen(i18n);
  const label: Record<Sort, string> = { createdAt: t`Received`, email: t`User`, clarityId: t`Clarity ID` };
  const columns: ListColumn<ClarityRow, Sort>[] = [
    { key: "clarity", header: label.clarityId, sort: "clarityId", render: (r) => <Code>{r.clarityId}</Code> },
    {
      key: "user",
      header: label.email,
      sort: "email",
      render: (r) => <UserLink userId={r.userId}>{r.email}</UserLink>,
    },
    { key: "name", header: t`Name`, render: (r) => r.displayName },
    { key: "at", header: label.createdAt, sort: "createdAt", render: (r) => when(r.createdAt) },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Clarity List</Trans>
      </Title>
      <ServerList<ClarityRow, Sort, ListSearch<Sort>>
        endpoint="/api/admin/clarity/list"
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "createdAt", sortDir: "desc" }}
        sorts={CLARITY_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => (
          <Stack gap={4}>
            <Code>{r.clarityId}</Code>
            <UserLink userId={r.userId}>{r.email}</UserLink>
            <Text size="xs" c="dimmed">
              {when(r.createdAt)}
            </Text>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Clarity ID, email or name`}
        emptyText={<Trans>No clarity ids stored yet.</Trans>}
        errorTitle={t`The clarity ids could not be loaded`}
        exportFile="clarity-ids.csv"
        testId="clarity"
      />
    </Stack>
  );
}
