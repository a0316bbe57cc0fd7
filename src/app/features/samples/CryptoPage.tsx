import { useLingui } from "@lingui/react/macro";
import { Grid, Group, Stack, Text } from "@mantine/core";
import { SamplePage } from "./SamplePage";
import { SampleTable } from "./SampleTable";
import { SectionCard } from "./SectionCard";
import { StatCards } from "./StatCards";
import { StatusBadge } from "./StatusBadge";
import { HOLDINGS, type Holding, TRANSACTIONS } from "./sample-data";
import { TRANSACTION_KIND } from "./sample-labels";
import { useSampleFormat } from "./use-sample-format";

const worth = (h: Holding) => h.price * h.amount;

/** /dashboard/crypto: the template's crypto portfolio, on the sample seed. */
export function CryptoPage() {
  const { t } = useLingui();
  const f = useSampleFormat();
  const total = HOLDINGS.reduce((sum, h) => sum + worth(h), 0);
  const dayAgo = HOLDINGS.reduce((sum, h) => sum + worth(h) / (1 + h.change24h / 100), 0);
  const change = ((total - dayAgo) / dayAgo) * 100;
  const best = [...HOLDINGS].sort((a, b) => b.change24h - a.change24h)[0] as Holding;
  return (
    <SamplePage
      title={t`Crypto`}
      description={t`A portfolio of coins with its value and recent transactions.`}
    >
      <StatCards
        stats={[
          { label: t`Portfolio value`, value: f.usd(total) },
          {
            label: t`Change in 24 hours`,
            value: f.usd(total - dayAgo),
            hint: f.percent(change),
            trend: change >= 0 ? "up" : "down",
          },
          { label: t`Coins held`, value: f.number(HOLDINGS.length) },
          { label: t`Best today`, value: best.name, hint: f.percent(best.change24h), trend: "up" },
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <SectionCard title={t`Holdings`}>
            <SampleTable
              caption={t`Holdings`}
              rows={HOLDINGS}
              rowKey={(h) => h.symbol}
              columns={[
                {
                  header: t`Coin`,
                  cell: (h) => (
                    <Stack gap={0}>
                      <Text fw={600}>{h.name}</Text>
                      <Text size="xs" c="dimmed">
                        {h.symbol}
                      </Text>
                    </Stack>
                  ),
                },
                { header: t`Price`, cell: (h) => f.usd(h.price), align: "right", visibleFrom: "sm" },
                {
                  header: t`24 h`,
                  cell: (h) => (
                    <Text c={h.change24h > 0 ? "teal.9" : h.change24h < 0 ? "red.9" : undefined} size="sm">
                      {f.percent(h.change24h)}
                    </Text>
                  ),
                  align: "right",
                },
                { header: t`Amount`, cell: (h) => f.number(h.amount), align: "right", visibleFrom: "md" },
                { header: t`Value`, cell: (h) => f.usd(worth(h), 0), align: "right" },
              ]}
            />
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SectionCard title={t`Recent transactions`}>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {TRANSACTIONS.map((tx) => (
                <Group key={tx.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0}>
                    <Group gap={6}>
                      <StatusBadge status={TRANSACTION_KIND[tx.kind]} />
                      <Text size="sm" fw={600}>
                        {f.number(tx.amount)} {tx.symbol}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {f.date(tx.date)}
                    </Text>
                  </Stack>
                  <Text size="sm">{f.usd(tx.value, 0)}</Text>
                </Group>
              ))}
            </Stack>
          </SectionCard>
        </Grid.Col>
      </Grid>
    </SamplePage>
  );
}
