import { useLingui } from "@lingui/react/macro";
import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { SamplePage } from "./SamplePage";
import { StatusBadge } from "./StatusBadge";
import { VEHICLES } from "./sample-data";
import { VEHICLE_STATUS } from "./sample-labels";

/** /dashboard/logistics/fleet: the sample vans and trucks with driver, place and fuel. */
export function FleetPage() {
  const { t } = useLingui();
  return (
    <SamplePage
      title={t`Fleet`}
      description={t`Every vehicle, who drives it and where it is.`}
      crumbs={[{ label: t`Logistics`, to: "/dashboard/logistics" }]}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {VEHICLES.map((v) => (
          <Card key={v.id} withBorder padding="md" component="article" aria-label={v.id}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h4">
                  {v.id}
                </Title>
                <StatusBadge status={VEHICLE_STATUS[v.status]} />
              </Group>
              <Text size="sm">{v.model}</Text>
              <Text size="sm" c="dimmed">
                {t`Driver: ${v.driver}`} · {v.location}
              </Text>
              <Text size="xs" c="dimmed">
                {t`Fuel ${v.fuel}%`}
              </Text>
              <Progress.Root>
                <Progress.Section
                  value={v.fuel}
                  color={v.fuel < 20 ? "red" : "teal"}
                  aria-label={t`Fuel of ${v.id}`}
                />
              </Progress.Root>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </SamplePage>
  );
}
