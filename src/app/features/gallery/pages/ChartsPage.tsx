import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Progress, RingProgress, SemiCircleProgress, Stack, Text } from "@mantine/core";
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

/**
 * /components/charts: the figure displays Mantine core ships. @mantine/charts (line and bar
 * charts) is not a dependency of the product yet, so the gallery shows none of them.
 */
export default function ChartsPage() {
  const { t } = useLingui();
  return (
    <GalleryPage
      title={t`Charts`}
      intro={
        <Trans>
          Shares and progress from Mantine core, in the theme's palette. Give every figure a text too.
        </Trans>
      }
    >
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
