import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BackLink } from "../../ui/BackLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { ArticleStateActions } from "./ArticleStateActions";
import { ArticleStateBadge } from "./ArticleStateBadge";
import { articleQueries, editPath } from "./articles-api";
import { StaffArticleBody } from "./StaffArticleBody";

/** /admin/article/view/{slug}: an article in any state as it will read, with its state changes. */
export function ArticleViewPage({ slug }: { slug: string }) {
  const { t, i18n } = useLingui();
  const query = useQuery(articleQueries.staffArticle(slug));
  const article = query.data;
  usePageTitle(article?.title ?? t`Article`);
  if (query.isPending) return <Loader aria-label={t`Loading`} />;
  if (!article)
    return (
      <Alert color="red" title={t`The article could not be loaded`}>
        <BackLink to="/admin/article-list" label={msg`Back to the articles`} />
      </Alert>
    );
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: "long", timeStyle: "short" });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{article.title}</Title>
          <Group gap="xs">
            <ArticleStateBadge state={article.state} />
            <Text fz="sm" c="dimmed">
              /articles/{article.slug}
            </Text>
            {article.state === "published" && (
              <Anchor
                fz="sm"
                renderRoot={(props) => (
                  <Link {...props} to="/articles/$slug" params={{ slug: article.slug }} />
                )}
              >
                <Trans>Open the public page</Trans>
              </Anchor>
            )}
          </Group>
          {article.state === "scheduled" && article.publishAt && (
            <Text fz="sm">
              <Trans>Publishes on {when(article.publishAt)}</Trans>
            </Text>
          )}
          {article.publishedAt && article.state !== "scheduled" && (
            <Text fz="sm" c="dimmed">
              <Trans>First published on {when(article.publishedAt)}</Trans>
            </Text>
          )}
        </Stack>
        <Group>
          <Button
            variant="default"
            renderRoot={(props) => (
              <Link {...props} to="/admin/article/$" params={{ _splat: editPath(article.slug) }} />
            )}
          >
            <Trans>Edit</Trans>
          </Button>
          <ArticleStateActions article={article} />
        </Group>
      </Group>
      {article.summary && <Text c="dimmed">{article.summary}</Text>}
      <Card withBorder padding="lg">
        <StaffArticleBody html={article.html} />
      </Card>
    </Stack>
  );
}
