import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconTrash, IconUsers } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type CompanyRole, ROLES } from "../../../domain/roles";
import { errorMessage } from "../../lib/error-message";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { AppTooltip } from "../../ui/tooltip";
import { useAuth } from "../auth/auth-context";
import { companyAccountApi, companyKeys, companyQueries, type Member } from "./company-account-api";
import { companyRoleOf, useRoleLabel, useRoleOptions } from "./role-labels";

export function MembersCard({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const roleLabel = useRoleLabel();
  const roleOptions = useRoleOptions();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const members = useQuery(companyQueries.members(companyId));
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.all });

  const changeRole = async (m: Member, role: CompanyRole) => {
    if (companyRoleOf(m.roles) === role) return;
    setBusy(m.id);
    try {
      await companyAccountApi.setRoles(companyId, m.id, [role]);
      const name = m.displayName;
      const label = roleLabel(role);
      toast.success(t`${name} is now ${label}`);
      await refresh();
    } catch (err) {
      toast.error(t`Role not changed: ${errorMessage(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(removing.id);
    try {
      await companyAccountApi.remove(companyId, removing.id);
      const name = removing.displayName;
      toast.success(t`${name} was removed from the company`);
      setRemoving(null);
      await refresh();
    } catch (err) {
      toast.error(t`Member not removed: ${errorMessage(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const roleCell = (m: Member) => {
    const name = m.displayName;
    return (
      <Group gap={6} wrap="wrap">
        {isAdmin ? (
          <Select
            w={180}
            size="xs"
            aria-label={t`Role of ${name}`}
            data={roleOptions}
            value={companyRoleOf(m.roles)}
            allowDeselect={false}
            disabled={busy === m.id}
            onChange={(v) => v && void changeRole(m, v as CompanyRole)}
          />
        ) : (
          m.roles.map((r) => (
            <Badge key={r} variant="light">
              {roleLabel(r)}
            </Badge>
          ))
        )}
        {m.superAdmin && (
          <Badge color="grape" variant="light">
            {roleLabel(ROLES.SUPER_ADMIN)}
          </Badge>
        )}
      </Group>
    );
  };

  const removeButton = (m: Member) => {
    const name = m.displayName;
    return (
      <AppTooltip label={t`Remove ${name}`}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t`Remove ${name}`}
          disabled={busy === m.id}
          onClick={() => setRemoving(m)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </AppTooltip>
    );
  };

  const rows = members.data ?? [];
  const you = (m: Member) =>
    m.id === user?.id ? (
      <Text span size="xs" c="dimmed">
        {" "}
        <Trans>(you)</Trans>
      </Text>
    ) : null;

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="members-heading">
      <Title order={2} size="h4" id="members-heading" mb="sm">
        <Trans>Members</Trans>
      </Title>
      {members.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label={t`Loading members`} />
        </Center>
      ) : members.isError ? (
        <Alert color="red" title={t`Could not load the members`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(members.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void members.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Stack align="center" gap="xs" py="md">
          <IconUsers size={40} stroke={1.4} />
          <Text c="dimmed">
            <Trans>No members yet.</Trans>
          </Text>
        </Stack>
      ) : wide ? (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Email</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Role</Trans>
                </Table.Th>
                {isAdmin && (
                  <Table.Th>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id} data-testid="member-row" data-email={m.email}>
                  <Table.Td>
                    <Text fw={600} span>
                      {m.displayName}
                    </Text>
                    {you(m)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: "break-all" }}>
                      {m.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{roleCell(m)}</Table.Td>
                  {isAdmin && <Table.Td>{removeButton(m)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm" data-testid="members-cards">
          {rows.map((m) => (
            <Card key={m.id} withBorder radius="md" p="sm" data-testid="member-row" data-email={m.email}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>
                    {m.displayName}
                    {you(m)}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
                    {m.email}
                  </Text>
                </div>
                {isAdmin && removeButton(m)}
              </Group>
              <div style={{ marginTop: 8 }}>{roleCell(m)}</div>
            </Card>
          ))}
        </Stack>
      )}

      <AppModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove member`}
        centered
      >
        {removing && (
          <Stack>
            <Text>
              <RemoveQuestion name={removing.displayName} email={removing.email} />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button color="red" loading={busy === removing.id} onClick={() => void confirmRemove()}>
                <Trans>Remove</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Card>
  );
}

function RemoveQuestion({ name, email }: { name: string; email: string }) {
  return (
    <Trans>
      Remove {name} ({email}) from the company? They lose access to its data at once.
    </Trans>
  );
}
