import { Card, SimpleGrid, Text } from "@mantine/core";

export interface Stat {
  label: string;
  value: string;
  /** A short line under the value ("+2.4% today"); green or red when `trend` says so. */
  hint?: string;
  trend?: "up" | "down";
}

/** Key figures in a row of cards: one column on a phone, two on a tablet, four on a desktop. */
export function StatCards({ stats }: { stats: readonly Stat[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0}>
      {stats.map((s) => (
        <Card key={s.label} withBorder padding="md">
          <Text component="dt" size="sm" c="dimmed">
            {s.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {s.value}
          </Text>
          {s.hint && (
            <Text
              component="dd"
              m={0}
              size="sm"
              c={s.trend === "up" ? "teal.9" : s.trend === "down" ? "red.9" : "dimmed"}
            >
              {s.hint}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
