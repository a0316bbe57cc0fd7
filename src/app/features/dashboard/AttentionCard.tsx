import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One thing that needs attention on the dashboard home: a title with its count, an optional
 * line that says what is at stake, its first few rows (each a link), and a link to the whole list.
 */
export function AttentionCard(props: {
  title: ReactNode;
  count: number;
  color: string;
  summary?: ReactNode;
  rows?: { key: string; node: ReactNode }[];
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" miw={0} data-testid={props.testId}>
      <Stack gap="xs" miw={0}>
        <Group justify="space-between" wrap="nowrap" gap="xs" miw={0}>
          <Title order={3} size="h5" miw={0}>
            {props.title}
          </Title>
          <Badge color={props.color} variant="filled" size="lg" circle={props.count < 10}>
            {props.count}
          </Badge>
        </Group>
        {props.summary ? (
          <Text size="sm" c="dimmed">
            {props.summary}
          </Text>
        ) : null}
        {props.rows && props.rows.length > 0 ? (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} miw={0}>
            {props.rows.map((row) => (
              <li key={row.key}>{row.node}</li>
            ))}
          </Stack>
        ) : null}
        {props.action ? <div>{props.action}</div> : null}
      </Stack>
    </Card>
  );
}
