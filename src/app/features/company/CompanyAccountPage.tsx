import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ROLES } from "../../../domain/roles";
import { errorMessage } from "../../lib/error-message";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { CompanyNameCard } from "./CompanyNameCard";
import { companyQueries } from "./company-account-api";
import { isPrimary } from "./company-store";
import { InvitationsCard } from "./InvitationsCard";
import { ManagedListingCard } from "./ManagedListingCard";
import { MembersCard } from "./MembersCard";

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
            <Text size="sm">{errorMessage(companies.error)}</Text>
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
