import { Trans } from "@lingui/react/macro";
import { Button, Center, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePageTitle } from "../../ui/usePageTitle";
import { ErrorIllustration } from "./ErrorIllustration";

export interface ErrorPageProps {
  status: number;
  title: string;
  description?: ReactNode;
  /** Extra actions under the message (e.g. a resend link). */
  children?: ReactNode;
}

/** Spec section 2: "{status}: {title}" centred, an image, "Back to Home"; the document title is the same text. */
export function ErrorPage({ status, title, description, children }: ErrorPageProps) {
  const heading = `${status}: ${title}`;
  usePageTitle(heading);
  return (
    <Container size="sm" py={64} component="main">
      <Center>
        <Stack align="center" gap="lg" ta="center">
          <ErrorIllustration status={status} />
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {heading}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
          {children}
          <Button component={Link} to="/" size="md">
            <Trans>Back to Home</Trans>
          </Button>
        </Stack>
      </Center>
    </Container>
  );
}
