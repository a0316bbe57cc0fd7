import { Trans } from "@lingui/react/macro";
import { Container, Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { LanguageSwitcher } from "../i18n/LanguageSwitcher";

export const Route = createFileRoute("/")({
  component: () => (
    <Container py="xl">
      <LanguageSwitcher />
      <Title order={1}>
        <Trans>Blocklot</Trans>
      </Title>
    </Container>
  ),
});
