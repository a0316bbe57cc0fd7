import { Badge, Container, Group, Image, Text, Title } from "@mantine/core";
import type { PublicArticleWithBody } from "../../../domain/articles/public";
import { usePageTitle } from "../../ui/usePageTitle";
import { AllArticlesLink } from "./AllArticlesLink";
import { ArticleBody } from "./ArticleBody";
import { ArticleCallToAction } from "./ArticleCallToAction";
import { ArticleMetaLine } from "./ArticleMetaLine";

/** /articles/{slug}: one published article (its head tags come from the server's page). */
export function ArticlePage({ article }: { article: PublicArticleWithBody }) {
  usePageTitle(article.title);
  return (
    <Container size="sm" component="article" pt={40}>
      <AllArticlesLink />
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
      <ArticleCallToAction />
    </Container>
  );
}
