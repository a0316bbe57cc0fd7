import { Trans, useLingui } from "@lingui/react/macro";
import { Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle";

/** An empty page with a title: the starting point for a new screen. */
function BlankPage() {
  const { t } = useLingui();
  usePageTitle(t`Blank`);
  return (
    <Title order={1}>
      <Trans>Blank</Trans>
    </Title>
  );
}

export const Route = createFileRoute("/dashboard/blank")({
  component: BlankPage,
});
