import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import type { RoleLevel, RoleSetting } from "../../../domain/admin/user-roles";
import { roleSettingOf } from "../../../domain/admin/user-roles";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { adminUsersApi, errorMessage, type UserDetail, userDetailQuery } from "./admin-users-api";
import { ConfirmAction } from "./ConfirmAction";
import { useWhen } from "./user-link";

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function useRoleLabels() {
  const { t } = useLingui();
  const level: Record<RoleLevel, string> = {
    employee: t`Employee`,
    companyAdmin: t`Company Admin`,
    admin: t`Admin (full access)`,
  };
  return {
    level,
    setting: (s: RoleSetting | null) =>
      s ? `${level[s.role]}${s.marketplace ? ` + ${t`Marketplace`}` : ""}` : "—",
  };
}

/** The role options of spec section 6 plus the marketplace role; saved and audited by the server. */
function RoleEditor({ user }: { user: UserDetail }) {
  const { t } = useLingui();
  const labels = useRoleLabels();
  const primary = user.companies.find((c) => c.isPrimary);
  const current = roleSettingOf(user.roles, primary?.roles ?? []);
  const [role, setRole] = useState<RoleLevel>(current.role);
  const [marketplace, setMarketplace] = useState(current.marketplace);
  useEffect(() => {
    setRole(current.role);
    setMarketplace(current.marketplace);
  }, [current.role, current.marketplace]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => adminUsersApi.setRoles(user.id, { role, marketplace }),
    onSuccess: () => {
      toast.success(t`Role saved`);
      void queryClient.invalidateQueries({ queryKey: ["admin", "user-detail", user.id] });
      void queryClient.invalidateQueries({ queryKey: ["server-list"] });
    },
  });
  const changed = role !== current.role || marketplace !== current.marketplace;
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        orientation="horizontal"
        data={(["employee", "companyAdmin", "admin"] as const).map((v) => ({
          value: v,
          label: labels.level[v],
        }))}
        value={role}
        onChange={(v) => setRole(v as RoleLevel)}
        aria-label={t`Role`}
        data-testid="user-role"
      />
      {role !== "admin" && (
        <Text size="xs" c="dimmed">
          {primary ? (
            <Trans>Employee and Company Admin are the role in {primary.companyName}.</Trans>
          ) : (
            <Trans>This user belongs to no company.</Trans>
          )}
        </Text>
      )}
      <Switch
        label={t`Marketplace staff`}
        checked={marketplace}
        onChange={(e) => setMarketplace(e.currentTarget.checked)}
        data-testid="user-marketplace"
      />
      {save.isError && (
        <Alert color="red" title={t`The role was not changed`} data-testid="user-role-error">
          {errorMessage(save.error)}
        </Alert>
      )}
      <Group>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="user-role-save"
        >
          <Trans>Save role</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/all-user-list/{userId}: everything about one account, with its actions. */
export function UserDetailPage({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const when = useWhen(i18n);
  const labels = useRoleLabels();
  const detail = useQuery(userDetailQuery(userId));
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ["admin", "user-detail", userId] });
  usePageTitle(detail.data?.displayName ?? t`User`);
  const resend = useMutation({
    mutationFn: () => adminUsersApi.resend("account", userId),
    onSuccess: (res) => toast.success(res.message),
    onError: (e) => toast.error(errorMessage(e)),
  });
  const revoke = useMutation({
    mutationFn: (familyId: string) => adminUsersApi.revokeSession(userId, familyId),
    onSuccess: () => {
      toast.success(t`Session signed out`);
      void reload();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  if (detail.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Center>
    );
  if (detail.isError)
    return (
      <Alert color="red" title={t`The user could not be loaded`}>
        {errorMessage(detail.error)}
      </Alert>
    );
  const u = detail.data;
  const none = (text: ReactNode) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );

  return (
    <Stack gap="lg">
      <Group gap="md">
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/all-user-list" />}>
          <Trans>All Users</Trans>
        </Anchor>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/admin/view/$userId" params={{ userId: u.id }} />}
        >
          <Trans>View as user</Trans>
        </Anchor>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link {...props} to="/admin/batch-item/list/$userId" params={{ userId: u.id }} />
          )}
        >
          <Trans>Import batches</Trans>
        </Anchor>
      </Group>
      <Stack gap={4}>
        <Title order={1}>{u.displayName}</Title>
        <Group gap="xs">
          <Text>{u.email}</Text>
          {u.emailConfirmed ? (
            <Badge color="green" variant="light">
              <Trans>Confirmed</Trans>
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              <Trans>Not confirmed</Trans>
            </Badge>
          )}
          {u.disabled && (
            <Badge color="red" variant="light">
              <Trans>Disabled</Trans>
            </Badge>
          )}
          {u.google && <Badge variant="light">Google</Badge>}
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={<Trans>Profile</Trans>}>
          <Text size="sm">
            <Trans>Phone: {u.phoneNumber ?? "—"}</Trans>
          </Text>
          <Text size="sm">
            <Trans>Registered: {when(u.createdAt)}</Trans>
          </Text>
          <Text size="sm">
            <Trans>Email confirmed: {when(u.emailConfirmedAt)}</Trans>
          </Text>
          {!u.emailConfirmed && (
            <Group>
              <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
                <Trans>Resend confirmation mail</Trans>
              </Button>
            </Group>
          )}
        </Section>
        <Section title={<Trans>Role</Trans>} testId="user-roles">
          <RoleEditor user={u} />
        </Section>
      </SimpleGrid>

      <Section title={<Trans>Companies</Trans>}>
        {u.companies.length === 0 ? (
          none(<Trans>No company.</Trans>)
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Company</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Role</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Properties</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Filings</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Inventory items</Trans>
                  </Table.Th>
                  <Table.Th>eBay</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {u.companies.map((c) => (
                  <Table.Tr key={c.id} data-testid="user-company">
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm" fw={600}>
                          {c.companyName}
                        </Text>
                        {c.isPrimary && (
                          <Badge size="xs" variant="light">
                            <Trans>Active</Trans>
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {c.roles.includes("ROLE_COMPANY_ADMIN")
                        ? labels.level.companyAdmin
                        : labels.level.employee}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link {...props} to="/admin/view/$userId" params={{ userId: u.id }} />
                        )}
                      >
                        {c.properties}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/filings" />}>
                        {c.filings}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link {...props} to="/admin/batch-item/list/$userId" params={{ userId: u.id }} />
                        )}
                      >
                        {c.inventoryItems}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {c.ebay ? (
                        <Anchor
                          size="sm"
                          renderRoot={(props) => (
                            <Link
                              {...props}
                              to="/admin/ebay-listing/list/$userId"
                              params={{ userId: u.id }}
                            />
                          )}
                        >
                          {c.ebay.username ?? c.ebay.state}
                        </Anchor>
                      ) : (
                        <Trans>Not connected</Trans>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={<Trans>Role changes</Trans>} testId="user-role-changes">
        {u.roleChanges.length === 0
          ? none(<Trans>No role changes yet.</Trans>)
          : u.roleChanges.map((c) => (
              <Text key={c.id} size="sm" data-testid="user-role-change">
                {when(c.at)} · {c.byEmail ?? "—"}: {labels.setting(c.before)} → {labels.setting(c.after)}
              </Text>
            ))}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={<Trans>Open sessions</Trans>}>
          {u.sessions.length === 0
            ? none(<Trans>Not signed in anywhere.</Trans>)
            : u.sessions.map((s) => (
                <Group key={s.familyId} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    <Trans>
                      Signed in {when(s.startedAt)}, last refreshed {when(s.lastUsedAt)}
                    </Trans>
                  </Text>
                  <ConfirmAction
                    label={<Trans>Sign out</Trans>}
                    title={t`Sign out this session?`}
                    question={<Trans>The user will have to sign in again on that device.</Trans>}
                    confirmLabel={<Trans>Sign out</Trans>}
                    onConfirm={() => revoke.mutate(s.familyId)}
                    loading={revoke.isPending && revoke.variables === s.familyId}
                  />
                </Group>
              ))}
        </Section>
        <Section title={<Trans>Sign-in history</Trans>}>
          {u.signIns.length === 0
            ? none(<Trans>No sign-ins recorded.</Trans>)
            : u.signIns.map((s) => (
                <Text key={s.id} size="sm" c={s.ok ? undefined : "red"}>
                  {when(s.at)} · {s.ok ? t`Signed in` : t`Failed`} {s.method ? `(${s.method})` : ""}{" "}
                  {s.ip ?? ""}
                </Text>
              ))}
        </Section>
      </SimpleGrid>

      <Section title={<Trans>Clarity IDs</Trans>}>
        {u.clarityIds.length === 0
          ? none(<Trans>No clarity ids stored.</Trans>)
          : u.clarityIds.map((c) => (
              <Group key={c.clarityId} gap="xs">
                <Code>{c.clarityId}</Code>
                <Text size="xs" c="dimmed">
                  {when(c.createdAt)}
                </Text>
              </Group>
            ))}
      </Section>
    </Stack>
  );
}
