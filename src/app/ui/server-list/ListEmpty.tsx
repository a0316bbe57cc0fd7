import { Card, Stack } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import type { ComponentType, ReactNode } from "react";

/** The empty state of a list: a bordered card with an icon above what to say (and do) next. */
export function ListEmpty({
  icon: Icon = IconInbox,
  testId,
  children,
}: {
  icon?: ComponentType<{ size?: number; stroke?: number; "aria-hidden"?: boolean }>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm">
        <Icon size={48} stroke={1.4} aria-hidden />
        {children}
      </Stack>
    </Card>
  );
}
