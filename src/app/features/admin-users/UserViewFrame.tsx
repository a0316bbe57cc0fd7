import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Badge, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePageTitle } from "../../ui/usePageTitle";
import { errorMessage } from "./admin-users-api";

/** A card of the read-only views: a titled block of one company's records. */
export function ViewSection({
  title,
  children,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The dimmed line a section shows when it has nothing. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** One company's card in a read-only view. */
export function CompanyCard({
  company,
  children,
}: {
  company: { companyName: string; isPrimary: boolean; truncated: boolean };
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" data-testid="view-company">
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2} size="h4">
            {company.companyName}
          </Title>
          {company.isPrimary && (
            <Badge size="xs" variant="light">
              <Trans>Active</Trans>
            </Badge>
          )}
        </Group>
        {company.truncated && (
          <Text size="xs" c="dimmed">
            <Trans>Only the newest 200 of each are shown.</Trans>
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The frame of the admin's read-only views of a user: loading and error states, the user's name,
 * the note that the view is recorded, and links to the user's page and the other view.
 */
export function UserViewFrame<
  T extends { user: { id: string; email: string; displayName: string }; companies: unknown[] },
>({
  userId,
  query,
  title,
  other,
  children,
}: {
  userId: string;
  query: UseQueryResult<T>;
  title: string;
  other: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  usePageTitle(query.data ? `${title}: ${query.data.user.displayName}` : title);
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title={t`The user could not be loaded`}>
        {errorMessage(query.error)}
      </Alert>
    );
  const { user, companies } = query.data;
  return (
    <Stack gap="lg">
      <Group gap="md">
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/admin/all-user-list/$userId" params={{ userId }} />}
        >
          <Trans>User details</Trans>
        </Anchor>
        {other}
      </Group>
      <Stack gap={4}>
        <Title order={1}>
          {title}: {user.displayName}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {user.email}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Read-only. This view is recorded in the audit log.</Trans>
        </Text>
      </Stack>
      {companies.length === 0 ? (
        <Empty>
          <Trans>This user belongs to no company.</Trans>
        </Empty>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
