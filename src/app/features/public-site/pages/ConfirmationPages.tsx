import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconReceipt } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePageTitle } from "../../../ui/usePageTitle";
import { LOGIN_PATH } from "../constants";
import { SimplePageLayout } from "../layout/SimplePageLayout";

function Confirmation({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <SimplePageLayout>
      <Stack align="center" ta="center" gap="lg" py={48}>
        <ThemeIcon size={72} radius="xl" variant="light" color="green">
          {icon ?? <IconCircleCheck size={40} aria-hidden="true" />}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </SimplePageLayout>
  );
}

export function SuccessContactPage() {
  const { t } = useLingui();
  usePageTitle(t`Message sent`);
  return (
    <Confirmation title={<Trans>Thank you, your message has been sent</Trans>}>
      <Text c="dimmed" maw={480}>
        <Trans>We will get back to you within one business day at the email address you gave us.</Trans>
      </Text>
      <Group justify="center">
        <Button component={Link} to="/">
          <Trans>Back to Home</Trans>
        </Button>
        <Button component={Link} to="/faq" variant="default">
          <Trans>Read the FAQ</Trans>
        </Button>
      </Group>
    </Confirmation>
  );
}

export function SuccessDemoPage() {
  const { t } = useLingui();
  usePageTitle(t`Demo requested`);
  return (
    <Confirmation title={<Trans>Thank you, your demo request has been received</Trans>}>
      <Text c="dimmed" maw={480}>
        <Trans>We will contact you shortly to arrange a time for your demo.</Trans>
      </Text>
      <Group justify="center">
        <Button component={Link} to="/">
          <Trans>Back to Home</Trans>
        </Button>
        <Button component={Link} to="/articles" variant="default">
          <Trans>Read our articles</Trans>
        </Button>
      </Group>
    </Confirmation>
  );
}

export function CheckoutPage() {
  const { t } = useLingui();
  usePageTitle(t`Checkout`);
  return (
    <Confirmation icon={<IconReceipt size={40} aria-hidden="true" />} title={<Trans>Checkout</Trans>}>
      <Text c="dimmed" maw={520}>
        <Trans>
          Invoices are paid from your dashboard once you have accepted a quote. Sign in to see your quotes and
          invoices.
        </Trans>
      </Text>
      <Group justify="center">
        <Button
          renderRoot={(props) => <Link {...props} to={LOGIN_PATH} search={{ returnTo: "/dashboard" }} />}
        >
          <Trans>Sign in</Trans>
        </Button>
        <Button component={Link} to="/pricing" variant="default">
          <Trans>How pricing works</Trans>
        </Button>
      </Group>
    </Confirmation>
  );
}
