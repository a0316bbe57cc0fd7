import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Code, CopyButton, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One example of the gallery: a live rendering of the product's component and, under it, the code
 * that renders it (kept beside the example in the page, so the two cannot drift far apart).
 */
export function Example({
  title,
  description,
  code,
  children,
}: {
  title: string;
  description?: ReactNode;
  code: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Card component="section" aria-label={title} padding="md" miw={0}>
      <Stack gap="md" miw={0}>
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        <div>{children}</div>
        <Stack gap="xs" miw={0}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              <Trans>Code</Trans>
            </Text>
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
                </Button>
              )}
            </CopyButton>
          </Group>
          {/* A region of its own: it scrolls sideways on a phone, so the keyboard must reach it. */}
          <Code block tabIndex={0} role="region" aria-label={t`Code of ${title}`}>
            {code}
          </Code>
        </Stack>
      </Stack>
    </Card>
  );
}
