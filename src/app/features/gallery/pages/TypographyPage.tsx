import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Blockquote, Code, List, Stack, Text, Title } from "@mantine/core";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const headingsCode = `// Sizes come from the theme (fluid with "responsive font sizes" on).
// One h1 per page; keep the order, and restyle with size="h4" instead of skipping levels.
<Title order={1}>…</Title> … <Title order={6}>…</Title>`;

const textCode = `<Text size="lg">…</Text>
<Text>…</Text>
<Text size="sm" c="dimmed">…</Text>
<Text size="xs" tt="uppercase" fw={700}>…</Text>
<Anchor href="/articles">{t\`Read the RPIE guides\`}</Anchor>
<Code>TC201</Code>`;

const blocksCode = `<List>
  <List.Item>{t\`Income and expense statement\`}</List.Item>
</List>
<Blockquote color="blue" cite={t\`NYC Department of Finance\`}>…</Blockquote>`;

/** /components/typography: the theme's type scale. */
export default function TypographyPage() {
  const { t } = useLingui();
  // Shown as h2–h6 under the page's h1, sized as h1–h6: the outline stays in order.
  const levels = [1, 2, 3, 4, 5, 6] as const;
  return (
    <GalleryPage
      title={t`Typography`}
      intro={<Trans>Headings in Plus Jakarta Sans, text in Inter, both self-hosted.</Trans>}
    >
      <Example title={t`Headings`} code={headingsCode}>
        <Stack gap="xs">
          {levels.map((level) => (
            <Title
              key={level}
              order={level === 1 ? 3 : (Math.min(level + 1, 6) as 3 | 4 | 5 | 6)}
              size={`h${level}`}
            >
              {t`Heading size ${level}`}
            </Title>
          ))}
        </Stack>
      </Example>
      <Example title={t`Text`} code={textCode}>
        <Stack gap="xs">
          <Text size="lg">{t`Large text leads a page.`}</Text>
          <Text>{t`Body text is what most of a screen says.`}</Text>
          <Text size="sm" c="dimmed">
            {t`Dimmed text explains, and still meets 4.5:1.`}
          </Text>
          <Text size="xs" tt="uppercase" fw={700}>
            {t`Subheader`}
          </Text>
          <Text>
            <Anchor href="/articles">{t`Read the RPIE guides`}</Anchor>
          </Text>
          <Text>
            <Trans>
              Form <Code>TC201</Code> in a sentence.
            </Trans>
          </Text>
        </Stack>
      </Example>
      <Example title={t`Lists and quotes`} code={blocksCode}>
        <Stack>
          <List>
            <List.Item>{t`Income and expense statement`}</List.Item>
            <List.Item>{t`Rent roll`}</List.Item>
          </List>
          <Blockquote color="blue" cite={t`NYC Department of Finance`}>
            {t`File the RPIE by June 1 to avoid a penalty.`}
          </Blockquote>
        </Stack>
      </Example>
    </GalleryPage>
  );
}
