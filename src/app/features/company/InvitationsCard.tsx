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
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconMailPlus, IconX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type CompanyRole, ROLES } from "../../../domain/roles";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../../ui/toast";
import { AppTooltip } from "../../ui/tooltip";
import { validateEmail } from "../auth/validation";
import {
  companyAccountApi,
  companyKeys,
  companyQueries,
  type PendingInvitation,
} from "./company-account-api";
import { useRoleLabel, useRoleOptions } from "./role-labels";

export function InvitationsCard({ companyId }: { companyId: string }) {
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
    const invalid = validateEmail(address) ?? (address.length > 254 ? t`Email is too long` : null);
    if (invalid) return setError(invalid);
    setError(null);
    setSending(true);
    try {
      await companyAccountApi.invite(companyId, address, role);
      toast.success(t`Invitation sent to ${address}`);
      setEmail("");
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(errorMessage(err));
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
      toast.error(t`Invitation not withdrawn: ${errorMessage(err)}`);
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
          {errorMessage(invitations.error)}
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
