import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LanguageSwitcher } from "../i18n/LanguageSwitcher";
import { Logo } from "../ui/Logo";
import { usePageTitle } from "../ui/usePageTitle";

// PLACEHOLDER landing page: the public-site helper replaces this file.
function Landing() {
  const { t } = useLingui();
  usePageTitle(null);
  return (
    <Container size="md" py={48} component="main">
      <Group justify="space-between" mb={64}>
        <Group gap="xs">
          <Logo />
          <Text fw={700} ff="heading" fz="lg">
            Blocklot
          </Text>
        </Group>
        <Group gap="xs">
          <LanguageSwitcher />
          <Button component={Link} to="/auth/google/login" variant="filled">
            <Trans>Log In</Trans>
          </Button>
          <Button component={Link} to="/auth/google/data-user-register-for-login" variant="outline">
            <Trans>Sign Up</Trans>
          </Button>
        </Group>
      </Group>
      <Stack gap="md" maw={640}>
        <Title order={1}>
          <Trans>NYC property income and expense filings, done for you</Trans>
        </Title>
        <Text size="lg" c="dimmed">
          <Trans>
            Upload your financial statements, get a quote and let us file your RPIE report. Every property
            with an assessed value over $40,000 must file, usually by June 1st.
          </Trans>
        </Text>
        <Group>
          <Button
            component={Link}
            to="/auth/google/data-user-register-for-login"
            size="md"
            aria-label={t`Get started`}
          >
            <Trans>Get started</Trans>
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export const Route = createFileRoute("/")({
  component: Landing,
});
