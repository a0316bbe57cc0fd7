import { Badge, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The top of a content page: an optional eyebrow, the page's one h1 and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  lead,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <Stack gap="sm" mb="xl" pt={{ base: 24, md: 48 }}>
      {eyebrow ? (
        <Badge variant="light" size="lg" w="fit-content">
          {eyebrow}
        </Badge>
      ) : null}
      <Title order={1}>{title}</Title>
      {lead ? (
        <Text fz="lg" c="dimmed" maw={720}>
          {lead}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A titled block of a content page (policy, terms, about). */
export function ContentSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" mb="xl">
      <Title order={2} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
