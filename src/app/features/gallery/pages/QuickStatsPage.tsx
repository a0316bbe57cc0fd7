import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { AttentionCard } from "../../dashboard/AttentionCard";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const attentionCode = `// features/dashboard/AttentionCard: the dashboard home's cards.
<SimpleGrid cols={{ base: 1, sm: 2 }}>
  <AttentionCard
    testId="stat-filings"
    title={t\`Filings due\`}
    count={3}
    color="red"
    summary={t\`The RPIE deadline is June 1.\`}
    action={<Anchor component={Link} to="/dashboard/filings">{t\`Open filings\`}</Anchor>}
  />
  <AttentionCard testId="stat-items" title={t\`Items to describe\`} count={12} color="yellow" />
</SimpleGrid>`;

const figureCode = `<SimpleGrid cols={{ base: 2, md: 4 }}>
  <Card padding="md">
    <Text size="sm" c="dimmed">{t\`Items listed\`}</Text>
    <Text fz="h2" fw={700}>{i18n.number(128)}</Text>
  </Card>
  …
</SimpleGrid>`;

/** /components/data-display/quick-stats: counts at a glance. */
export default function QuickStatsPage() {
  const { t, i18n } = useLingui();
  const figures = [
    { label: t`Items listed`, value: i18n.number(128) },
    { label: t`Items sold`, value: i18n.number(42) },
    { label: t`Statements`, value: i18n.number(9) },
    { label: t`eBay revenue`, value: i18n.number(5320, { style: "currency", currency: "USD" }) },
  ];
  return (
    <GalleryPage title={t`Quick stats`} intro={<Trans>Sample figures, not your company's.</Trans>}>
      <Example title={t`Attention cards`} code={attentionCode}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AttentionCard
            testId="stat-filings"
            title={t`Filings due`}
            count={3}
            color="red"
            summary={t`The RPIE deadline is June 1.`}
            action={
              <Anchor component={Link} to="/dashboard/filings" size="sm">
                {t`Open filings`}
              </Anchor>
            }
          />
          <AttentionCard testId="stat-items" title={t`Items to describe`} count={12} color="yellow" />
        </SimpleGrid>
      </Example>
      <Example title={t`Figures`} code={figureCode}>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {figures.map((f) => (
            <Card key={f.label} padding="md" miw={0}>
              <Text size="sm" c="dimmed">
                {f.label}
              </Text>
              <Text fz="h3" fw={700} style={{ overflowWrap: "anywhere" }}>
                {f.value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Example>
    </GalleryPage>
  );
}
