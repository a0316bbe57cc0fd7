import { Trans, useLingui } from "@lingui/react/macro";
import { Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle";

function AdministratorHome() {
  const { t } = useLingui();
  usePageTitle(t`Administrator`);
  return (
    <Title order={1}>
      <Trans>Administrator</Trans>
    </Title>
  );
}

export const Route = createFileRoute("/admin/")({
  component: AdministratorHome,
});
