import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Progress, RingProgress, SemiCircleProgress, Stack, Text } from "@mantine/core";
import { MonthlyBars } from "../../../ui/charts/MonthlyBars";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const ringCode = `<RingProgress
  size={140}
  thickness={14}
  roundCaps
  sections={[
    { value: 62, color: "teal", tooltip: t\`Filed: 62%\` },
    { value: 23, color: "yellow", tooltip: t\`In progress: 23%\` },
  ]}
  label={<Text ta="center" fw={700}>{t\`85%\`}</Text>}
/>`;

const progressCode = `<Progress.Root size="xl">
  <Progress.Section value={48} color="blue" aria-label={t\`Listed: 48%\`}>
    <Progress.Label>48%</Progress.Label>
  </Progress.Section>
  <Progress.Section value={30} color="teal" aria-label={t\`Sold: 30%\`}>
    <Progress.Label>30%</Progress.Label>
  </Progress.Section>
</Progress.Root>
<Progress value={72} aria-label={t\`Storage used: 72%\`} />`;

const semiCode = `<SemiCircleProgress
  value={64}
  label={t\`64% extracted\`}
  filledSegmentColor="teal"
/>`;

const monthlyCode = `<MonthlyBars
  title={t\`Items sold\`}
  months={["2026-07", "2026-08", "2026-09", "2026-10"]}
  values={[12, 18, 9, 24]}
  format={(v) => count.format(v)}
  monthLabel={(m) => month.format(new Date(\`\${m}-01T00:00:00Z\`))}
  color="teal.7"
/>`;

const SAMPLE_MONTHS = ["2026-07", "2026-08", "2026-09", "2026-10"];

/**
 * /components/charts: the analytics page's monthly bar chart (ui/charts, on @mantine/charts) and
 * the figure displays Mantine core ships.
 */
export default function ChartsPage() {
  const { t, i18n } = useLingui();
  const count = new Intl.NumberFormat(i18n.locale);
  const month = new Intl.DateTimeFormat(i18n.locale, { month: "short", year: "numeric", timeZone: "UTC" });
  return (
    <GalleryPage
      title={t`Charts`}
      intro={<Trans>Monthly series and shares in the theme's palette. Give every figure a text too.</Trans>}
    >
      <Example
        title={t`Monthly bars`}
        description={
          <Trans>
            The analytics page's chart: bars for the eye, the same figures as a list for screen readers.
          </Trans>
        }
        code={monthlyCode}
      >
        <MonthlyBars
          title={t`Items sold`}
          months={SAMPLE_MONTHS}
          values={[12, 18, 9, 24]}
          format={(v) => count.format(v)}
          monthLabel={(m) => month.format(new Date(`${m}-01T00:00:00Z`))}
          color="teal.7"
        />
      </Example>
      <Example
        title={t`Ring`}
        description={<Trans>This year's RPIE filings by state.</Trans>}
        code={ringCode}
      >
        <Group>
          <RingProgress
            size={140}
            thickness={14}
            roundCaps
            sections={[
              { value: 62, color: "teal", tooltip: t`Filed: 62%` },
              { value: 23, color: "yellow", tooltip: t`In progress: 23%` },
            ]}
            label={
              <Text ta="center" fw={700}>
                {t`85%`}
              </Text>
            }
          />
          <Stack gap={2}>
            <Text size="sm">{t`Filed: 62%`}</Text>
            <Text size="sm">{t`In progress: 23%`}</Text>
          </Stack>
        </Group>
      </Example>
      <Example title={t`Progress bars`} code={progressCode}>
        <Stack>
          <Progress.Root size="xl">
            <Progress.Section value={48} color="blue" aria-label={t`Listed: 48%`}>
              <Progress.Label>48%</Progress.Label>
            </Progress.Section>
            <Progress.Section value={30} color="teal" aria-label={t`Sold: 30%`}>
              <Progress.Label>30%</Progress.Label>
            </Progress.Section>
          </Progress.Root>
          <Progress value={72} aria-label={t`Storage used: 72%`} />
        </Stack>
      </Example>
      <Example title={t`Half circle`} code={semiCode}>
        <SemiCircleProgress value={64} label={t`64% extracted`} filledSegmentColor="teal" />
      </Example>
    </GalleryPage>
  );
}
