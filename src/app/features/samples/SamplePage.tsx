import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePageTitle } from "../../ui/usePageTitle";
import { SampleDataNotice } from "./SampleDataNotice";

export interface Crumb {
  label: string;
  to: LinkProps["to"];
}

/**
 * The frame of every sample page: breadcrumbs to its parent pages, the heading with its actions,
 * the "Sample data" notice, then the page's sections.
 */
export function SamplePage({
  title,
  description,
  crumbs,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  crumbs?: readonly Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      {crumbs && (
        <Breadcrumbs>
          {crumbs.map((c) => (
            <Anchor key={c.label} component={Link} to={c.to}>
              {c.label}
            </Anchor>
          ))}
          <Text span>{title}</Text>
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <SampleDataNotice />
      {children}
    </Stack>
  );
}
