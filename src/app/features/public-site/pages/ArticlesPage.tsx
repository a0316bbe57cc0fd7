import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import { listArticles } from "../articles/catalog";
import { ARTICLE_CONTENT } from "../articles/content";
import { PageIntro } from "../content/PageIntro";

export function ArticlesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Blog and News`);
  return (
    <Container size="md">
      <PageIntro
        eyebrow={<Trans>Blog and News</Trans>}
        title={<Trans>Articles about RPIE filing</Trans>}
        lead={<Trans>Plain-language guides to New York City's income and expense filing rules.</Trans>}
      />
      <Stack gap="lg">
        {listArticles().map((a) => {
          const content = ARTICLE_CONTENT[a.slug];
          if (!content) return null;
          const date = i18n.date(new Date(`${a.published}T12:00:00Z`), { dateStyle: "long" });
          const minutes = a.readingMinutes;
          return (
            <Card key={a.slug} padding="lg" component="article">
              <Group gap="xs" mb={6}>
                <Text fz="xs" c="dimmed" component="time" dateTime={a.published}>
                  {date}
                </Text>
                <Text fz="xs" c="dimmed" aria-hidden="true">
                  ·
                </Text>
                <Text fz="xs" c="dimmed">
                  <Trans>{minutes} min read</Trans>
                </Text>
              </Group>
              <Title order={2} fz="h4" mb={6}>
                <Anchor
                  c="inherit"
                  renderRoot={(props) => <Link {...props} to="/articles/$slug" params={{ slug: a.slug }} />}
                >
                  {i18n._(content.title)}
                </Anchor>
              </Title>
              <Text c="dimmed">{i18n._(content.summary)}</Text>
            </Card>
          );
        })}
      </Stack>
    </Container>
  );
}
