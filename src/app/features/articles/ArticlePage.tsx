import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Badge, Button, Container, Divider, Group, Image, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { PublicArticleWithBody } from "../../../domain/articles/public";
import { BackLink } from "../../ui/BackLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { REGISTER_PATH } from "../public-site/constants";
import { ArticleBody } from "./ArticleBody";
import { ArticleMetaLine } from "./ArticleMetaLine";

/** /articles/{slug}: one published article (its head tags come from the server's page). */
export function ArticlePage({ article }: { article: PublicArticleWithBody }) {
  usePageTitle(article.title);
  return (
    <Container size="sm" component="article" pt={40}>
      <BackLink to="/articles" label={msg`All articles`} />
      <Title order={1} mt="md" mb="xs">
        {article.title}
      </Title>
      <Group gap="xs" mb="xl">
        <ArticleMetaLine publishedAt={article.publishedAt} minutes={article.readingMinutes} />
        {article.author && (
          <Text fz="sm" c="dimmed">
            · {article.author}
          </Text>
        )}
      </Group>
      {article.coverImage && <Image src={article.coverImage} alt="" radius="md" mb="xl" />}
      <ArticleBody html={article.html} />
      {article.tags.length > 0 && (
        <Group gap="xs" mt="lg">
          {article.tags.map((tag) => (
            <Badge key={tag} variant="light">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
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
