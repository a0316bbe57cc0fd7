import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconDatabase } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle";

/**
 * /dashboard/data-management: empty in the spec, so an honest empty state rather than made-up
 * figures, with the way to where the company's items really are.
 */
export function DataManagementPage() {
  const { t } = useLingui();
  usePageTitle(t`Data Management`);
  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Data Management</Trans>
      </Title>
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconDatabase size={26} />
          </ThemeIcon>
          <Title order={2} size="h3">
            <Trans>Nothing here yet</Trans>
          </Title>
          <Text c="dimmed" maw={480}>
            <Trans>
              This page has no tools yet. Your items, batches and imports are on the Inventory Dashboard.
            </Trans>
          </Text>
          <Button renderRoot={(props) => <Link {...props} to="/dashboard/inventory-info" />}>
            <Trans>Open the Inventory Dashboard</Trans>
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
