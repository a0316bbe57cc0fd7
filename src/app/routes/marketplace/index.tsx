import { Trans, useLingui } from "@lingui/react/macro";
import { Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle";

function MarketplaceHome() {
  const { t } = useLingui();
  usePageTitle(t`Marketplace`);
  return (
    <Title order={1}>
      <Trans>Marketplace</Trans>
    </Title>
  );
}

export const Route = createFileRoute("/marketplace/")({
  component: MarketplaceHome,
});
