import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UNREGISTERED_SORTS } from "../../../domain/admin/list-sorts";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { adminUsersApi, errorMessage, type UnregisteredRow } from "./admin-users-api";
import { ConfirmAction } from "./ConfirmAction";
import { useWhen } from "./user-link";

type Sort = (typeof UNREGISTERED_SORTS)[number];

/**
 * /admin/unregistered-user-list: accounts never confirmed and invitations never accepted, with
 * resend (confirmation mail or invitation) and delete (asks first).
 */
export function UnregisteredUsersPage({
  search,
  onSearch,
}: {
  search: ListSearch<Sort>;
  onSearch(next: ListSearch<Sort>): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Unregistered Users`);
  const when = useWhen(i18n);
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ["server-list", "/api/admin/unregistered-user/list"] });
  const resend = useMutation({
    mutationFn: (r: UnregisteredRow) => adminUsersApi.resend(r.kind, r.id),
    onSuccess: (res) => {
      toast.success(res.message);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (r: UnregisteredRow) => adminUsersApi.remove(r.kind, r.id),
    onSuccess: (_, r) => {
      toast.success(r.kind === "account" ? t`Deleted ${r.email}` : t`Invitation for ${r.email} withdrawn`);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const label: Record<Sort, string> = { email: t`Email`, createdAt: t`Since`, kind: t`Kind` };
  const kind = (r: UnregisteredRow) =>
    r.kind === "account" ? (
      <Badge variant="light" color="yellow">
        <Trans>Not confirmed</Trans>
      </Badge>
    ) : (
      <Badge variant="light" color="blue">
        <Trans>Invited</Trans>
      </Badge>
    );
  const actions = (r: UnregisteredRow) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        loading={resend.isPending && resend.variables?.id === r.id}
        onClick={() => resend.mutate(r)}
        data-testid="unregistered-resend"
      >
        <Trans>Resend</Trans>
      </Button>
      <ConfirmAction
        label={<Trans>Delete</Trans>}
        title={r.kind === "account" ? t`Delete this account?` : t`Withdraw this invitation?`}
        question={
          r.kind === "account" ? (
            <Trans>
              The unconfirmed account {r.email} and any company only it belongs to will be deleted.
            </Trans>
          ) : (
            <Trans>The invitation link sent to {r.email} will stop working.</Trans>
          )
        }
        confirmLabel={<Trans>Delete</Trans>}
        onConfirm={() => remove.mutate(r)}
        loading={remove.isPending && remove.variables?.id === r.id}
        testId="unregistered-delete"
      />
    </Group>
  );
  const columns: ListColumn<UnregisteredRow, Sort>[] = [
    {
      key: "email",
      header: label.email,
      sort: "email",
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.email}
        </Text>
      ),
    },
    { key: "kind", header: label.kind, sort: "kind", render: kind },
    { key: "name", header: t`Name`, render: (r) => r.name ?? "—" },
    { key: "company", header: t`Company`, render: (r) => r.companyName ?? "—" },
    { key: "since", header: label.createdAt, sort: "createdAt", render: (r) => when(r.createdAt) },
    { key: "actions", header: <Trans>Actions</Trans>, render: actions },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Unregistered Users</Trans>
      </Title>
      <ServerList<UnregisteredRow, Sort, ListSearch<Sort>>
        endpoint="/api/admin/unregistered-user/list"
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "createdAt", sortDir: "desc" }}
        sorts={UNREGISTERED_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => (
          <Stack gap={6}>
            <Text fw={600}>{r.email}</Text>
            <Group gap="xs">
              {kind(r)}
              <Text size="xs" c="dimmed">
                {r.companyName ?? ""} · {when(r.createdAt)}
              </Text>
            </Group>
            {actions(r)}
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Email, name or company`}
        emptyText={<Trans>Everyone has confirmed their address and accepted their invitation.</Trans>}
        errorTitle={t`The list could not be loaded`}
        exportFile="unregistered.csv"
        testId="unregistered"
      />
    </Stack>
  );
}
