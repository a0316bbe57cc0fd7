import { Trans, useLingui } from "@lingui/react/macro";
import { Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle";

function DashboardHome() {
  const { t } = useLingui();
  usePageTitle(t`Dashboard`);
  return (
    <Title order={1}>
      <Trans>Dashboard</Trans>
    </Title>
  );
}

export const Route = createFileRoute("/dashboard/")({
  component: DashboardHome,
});
