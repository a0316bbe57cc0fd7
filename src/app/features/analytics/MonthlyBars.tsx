import { Box, Group, Paper, Stack, Text, Title } from "@mantine/core";

interface MonthlyBarsProps {
  title: string;
  months: string[];
  values: number[];
  /** How a value is written (a count, an amount). */
  format: (value: number) => string;
  /** How a "YYYY-MM" month is written. */
  monthLabel: (month: string) => string;
  color: string;
}

/**
 * One monthly series as labelled horizontal bars: readable on a phone and by a screen reader
 * (each row says its month and value; the bar itself is decoration).
 */
export function MonthlyBars({ title, months, values, format, monthLabel, color }: MonthlyBarsProps) {
  const max = Math.max(1, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text fw={700} size="lg">
          {format(total)}
        </Text>
      </Group>
      <Stack gap={4}>
        {months.map((m, i) => {
          const v = values[i] ?? 0;
          return (
            <Group key={m} gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" w={64} flex="none">
                {monthLabel(m)}
              </Text>
              <Box flex={1} miw={0}>
                <Box aria-hidden h={10} w={`${(v / max) * 100}%`} miw={v > 0 ? 2 : 0} bg={color} />
              </Box>
              <Text size="xs" w={72} ta="right" flex="none">
                {format(v)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
