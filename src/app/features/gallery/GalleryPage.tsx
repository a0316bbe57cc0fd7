import { Trans } from "@lingui/react/macro";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePageTitle } from "../../ui/usePageTitle";

/** The frame of a gallery page: a link back to the index, the page's heading and its examples. */
export function GalleryPage({
  title,
  intro,
  index = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** The gallery's index itself: no link back to it. */
  index?: boolean;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="lg" miw={0}>
      <Stack gap={4}>
        {index ? null : (
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/components/$" params={{ _splat: "" }} />}
          >
            <Trans>Component gallery</Trans>
          </Anchor>
        )}
        <Title order={1}>{title}</Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}
