import "@mantine/charts/styles.layer.css";
import { BarChart } from "@mantine/charts";
import { Box, Group, Paper, Text, Title, VisuallyHidden } from "@mantine/core";

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
 * One monthly series as a bar chart (@mantine/charts). The chart is drawn for the eye only; a
 * screen reader reads the same figures as a list, month by month.
 */
export function MonthlyBars({ title, months, values, format, monthLabel, color }: MonthlyBarsProps) {
  const total = values.reduce((a, b) => a + b, 0);
  const data = months.map((m, i) => ({ month: monthLabel(m), value: values[i] ?? 0 }));
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
      <Box aria-hidden>
        <BarChart
          h={160}
          data={data}
          dataKey="month"
          series={[{ name: "value", label: title, color }]}
          valueFormatter={format}
          withYAxis={false}
          gridAxis="none"
          tickLine="none"
          barProps={{ radius: 2 }}
          barChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <VisuallyHidden>
        <ul>
          {data.map((d) => (
            <li key={d.month}>
              {d.month}: {format(d.value)}
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </Paper>
  );
}
