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
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconMailPlus, IconTrash, IconUsers, IconX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { type CompanyRole, ROLES } from "../../../domain/roles";
import { toast } from "../../ui/toast";
import { AppTooltip } from "../../ui/tooltip";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import {
  companyAccountApi,
  companyKeys,
  companyQueries,
  type Member,
  type PendingInvitation,
} from "./company-account-api";
import { isPrimary } from "./company-store";
import { ManagedListingCard } from "./ManagedListingCard";
import { useRoleLabel } from "./role-labels";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function useRoleOptions() {
  const label = useRoleLabel();
  return [ROLES.COMPANY_EMPLOYEE, ROLES.COMPANY_ADMIN].map((value) => ({ value, label: label(value) }));
}

const companyRoleOf = (roles: readonly string[]): CompanyRole =>
  roles.includes(ROLES.COMPANY_ADMIN) ? ROLES.COMPANY_ADMIN : ROLES.COMPANY_EMPLOYEE;

/** /dashboard/company-account: the active company's name, members and invitations. */
export function CompanyAccountPage() {
  const { t } = useLingui();
  usePageTitle(t`Company Account`);
  const { user, hasRole } = useAuth();
  const companies = useQuery(companyQueries.companies());
  const active = companies.data?.find(isPrimary);
  const myRoles = active?.users.find((u) => u.id === user?.id)?.roles ?? [];
  const isAdmin = myRoles.includes(ROLES.COMPANY_ADMIN) || hasRole([ROLES.SUPER_ADMIN]);

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Company Account</Trans>
      </Title>
      {companies.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading company`} />
        </Center>
      ) : companies.isError ? (
        <Alert color="red" title={t`Could not load your company`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageOf(companies.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void companies.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : !active ? (
        <Alert color="yellow" title={t`No active company`}>
          <Trans>You are not a member of any company yet. Ask a company admin to invite you.</Trans>
        </Alert>
      ) : (
        <>
          <CompanyNameCard companyId={active.id} name={active.companyName} isAdmin={isAdmin} />
          <MembersCard companyId={active.id} isAdmin={isAdmin} />
          <ManagedListingCard companyId={active.id} isAdmin={isAdmin} />
          {isAdmin && <InvitationsCard companyId={active.id} />}
          {!isAdmin && (
            <Text c="dimmed" size="sm" data-testid="read-only-note">
              <Trans>Only a company admin can change the company, its members and invitations.</Trans>
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function CompanyNameCard({
  companyId,
  name,
  isAdmin,
}: {
  companyId: string;
  name: string;
  isAdmin: boolean;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(name), [name]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next) return setError(t`Company name is required`);
    if (next.length > 200) return setError(t`Company name must be at most 200 characters`);
    setError(null);
    setSaving(true);
    try {
      await companyAccountApi.rename(companyId, next);
      toast.success(t`Company name saved`);
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
    } catch (err) {
      toast.error(t`Company name not saved: ${messageOf(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="company-name-heading">
      <Title order={2} size="h4" id="company-name-heading" mb="sm">
        <Trans>Company</Trans>
      </Title>
      {isAdmin ? (
        <form onSubmit={save} noValidate>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              style={{ flex: "1 1 240px" }}
              label={t`Company name`}
              value={value}
              maxLength={200}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
            <Button type="submit" loading={saving} disabled={value.trim() === name}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </form>
      ) : (
        <Text fw={600} data-testid="company-name">
          {name}
        </Text>
      )}
    </Card>
  );
}

function MembersCard({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
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
      toast.error(t`Role not changed: ${messageOf(err)}`);
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
      toast.error(t`Member not removed: ${messageOf(err)}`);
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
            <Text size="sm">{messageOf(members.error)}</Text>
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

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t`Remove member`} centered>
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
      </Modal>
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

function InvitationsCard({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const roleLabel = useRoleLabel();
  const roleOptions = useRoleOptions();
  const key = companyKeys.invitations(companyId);
  const invitations = useQuery(companyQueries.invitations(companyId));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<CompanyRole>(ROLES.COMPANY_EMPLOYEE);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return setError(t`Email is required`);
    if (!EMAIL_RE.test(address) || address.length > 254) return setError(t`Enter a valid email address`);
    setError(null);
    setSending(true);
    try {
      await companyAccountApi.invite(companyId, address, role);
      toast.success(t`Invitation sent to ${address}`);
      setEmail("");
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setSending(false);
    }
  };

  const revoke = async (inv: PendingInvitation) => {
    setRevoking(inv.id);
    try {
      await companyAccountApi.revoke(companyId, inv.id);
      const address = inv.email;
      toast.success(t`Invitation to ${address} withdrawn`);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (err) {
      toast.error(t`Invitation not withdrawn: ${messageOf(err)}`);
    } finally {
      setRevoking(null);
    }
  };

  const rows = invitations.data ?? [];
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="invitations-heading">
      <Title order={2} size="h4" id="invitations-heading" mb="sm">
        <Trans>Invitations</Trans>
      </Title>
      <form onSubmit={submit} noValidate aria-label={t`Invite a member`}>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            style={{ flex: "1 1 240px" }}
            type="email"
            label={t`Email address`}
            placeholder="name@example.com"
            value={email}
            error={error}
            autoComplete="off"
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Select
            w={{ base: "100%", xs: 200 }}
            label={t`Role`}
            data={roleOptions}
            value={role}
            allowDeselect={false}
            onChange={(v) => v && setRole(v as CompanyRole)}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            loading={sending}
            leftSection={<IconMailPlus size={18} />}
          >
            <Trans>Send invitation</Trans>
          </Button>
        </Group>
      </form>

      <Title order={3} size="h5" mt="lg" mb="xs">
        <Trans>Pending invitations</Trans>
      </Title>
      {invitations.isPending ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t`Loading invitations`} />
        </Center>
      ) : invitations.isError ? (
        <Alert color="red" title={t`Could not load the invitations`}>
          {messageOf(invitations.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="invitations-empty">
          <Trans>No pending invitations.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" data-testid="invitations-list">
          {rows.map((inv) => {
            const address = inv.email;
            const until = new Date(inv.expiresAt).toLocaleDateString();
            return (
              <Card
                key={inv.id}
                withBorder
                radius="md"
                p="sm"
                data-testid="invitation-row"
                data-email={inv.email}
              >
                <Group justify="space-between" wrap="nowrap" align="center">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ wordBreak: "break-all" }}>
                      {inv.email}
                    </Text>
                    <Group gap={6}>
                      {inv.roles.map((r) => (
                        <Badge key={r} variant="light" size="sm">
                          {roleLabel(r)}
                        </Badge>
                      ))}
                      <Text size="xs" c="dimmed">
                        <Trans>Expires {until}</Trans>
                      </Text>
                    </Group>
                  </div>
                  <AppTooltip label={t`Withdraw the invitation to ${address}`}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`Withdraw the invitation to ${address}`}
                      loading={revoking === inv.id}
                      onClick={() => void revoke(inv)}
                    >
                      <IconX size={18} />
                    </ActionIcon>
                  </AppTooltip>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
