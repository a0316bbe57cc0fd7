import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Container, Divider, Group, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import type { ArticleMeta } from "../articles/catalog";
import { ARTICLE_CONTENT } from "../articles/content";
import { REGISTER_PATH } from "../constants";

export function ArticlePage({ article }: { article: ArticleMeta }) {
  const { t, i18n } = useLingui();
  const content = ARTICLE_CONTENT[article.slug];
  const title = content ? i18n._(content.title) : "";
  usePageTitle(title || t`Blog and News`);
  if (!content) return null;
  const date = i18n.date(new Date(`${article.published}T12:00:00Z`), { dateStyle: "long" });
  const minutes = article.readingMinutes;
  return (
    <Container size="sm" component="article" pt={40}>
      <Anchor component={Link} to="/articles" fz="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          <Trans>All articles</Trans>
        </Group>
      </Anchor>
      <Title order={1} mt="md" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" fz="sm" mb="xl">
        <time dateTime={article.published}>{date}</time> · <Trans>{minutes} min read</Trans>
      </Text>
      <content.Body />
      <Divider my="xl" />
      <Text fw={600} mb="sm">
        <Trans>Want us to file for you?</Trans>
      </Text>
      <Group>
        <Button component={Link} to={REGISTER_PATH}>
          <Trans>Sign Up</Trans>
        </Button>
        <Button component={Link} to="/request-demo" variant="default">
          <Trans>Request Demo</Trans>
        </Button>
      </Group>
    </Container>
  );
}
