import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ArticleState } from "../../../domain/articles/article";
import { HttpError } from "../../lib/http";
import { BackLink } from "../../ui/BackLink";
import { usePageTitle } from "../../ui/usePageTitle";
import { ArticleBody } from "../articles/ArticleBody";
import { ArticleMetaLine } from "../articles/ArticleMetaLine";
import { ArticleStateActions } from "../articles/ArticleStateActions";
import { ArticleStateBadge } from "../articles/ArticleStateBadge";
import { articleQueries } from "../articles/articles-api";
import { publicArticleQueries } from "../articles/public-api";
import { StaffArticleBody } from "../articles/StaffArticleBody";
import { NotFoundPage } from "../errors/pages";
import { BlogCover } from "./BlogCover";
import { editPostPath } from "./blog-paths";

interface Post {
  id: string;
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  author: string;
  publishedAt: string | null;
  readingMinutes: number;
  html: string;
  state?: ArticleState;
}

/** /dashboard/blog/{postId}: one post; staff see it in any state with its edit and state buttons. */
export function BlogPostPage({ id, staff }: { id: string; staff: boolean }) {
  const { t } = useLingui();
  const staffPost = useQuery({ ...articleQueries.staffArticle(id), enabled: staff });
  const publicPost = useQuery({ ...publicArticleQueries.one(id), enabled: !staff, retry: false });
  const query: UseQueryResult<Post> = staff ? staffPost : publicPost;
  const post = query.data;
  usePageTitle(post?.title ?? t`Blog`);
  const author = post?.author ?? "";
  const back = <BackLink to="/dashboard/blog/$" params={{ _splat: "" }} label={msg`Back to the blog`} />;
  if (query.isPending) return <Loader aria-label={t`Loading`} />;
  if (query.error instanceof HttpError && query.error.status === 404) return <NotFoundPage />;
  if (!post)
    return (
      <Alert color="red" role="alert" title={t`The post could not be loaded`}>
        <Group gap="md" mt="xs">
          <Button variant="light" color="red" size="xs" onClick={() => query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
          {back}
        </Group>
      </Alert>
    );
  return (
    <Stack gap="lg" component="article">
      {back}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{post.title}</Title>
          <Group gap="xs">
            {post.state && <ArticleStateBadge state={post.state} />}
            {post.publishedAt && (
              <ArticleMetaLine publishedAt={post.publishedAt} minutes={post.readingMinutes} />
            )}
            {author && (
              <Text fz="sm" c="dimmed">
                <Trans>by {author}</Trans>
              </Text>
            )}
          </Group>
        </Stack>
        {staffPost.data && (
          <Group>
            <Button
              variant="default"
              renderRoot={(props) => (
                <Link {...props} to="/dashboard/blog/$" params={{ _splat: editPostPath(post.id) }} />
              )}
            >
              <Trans>Edit</Trans>
            </Button>
            <ArticleStateActions article={staffPost.data} />
          </Group>
        )}
      </Group>
      {post.coverImage && (
        <Card withBorder padding={0} radius="md">
          <BlogCover src={post.coverImage} staff={staff} h={280} />
        </Card>
      )}
      {post.summary && <Text c="dimmed">{post.summary}</Text>}
      <Card withBorder padding="lg">
        {staff ? <StaffArticleBody html={post.html} /> : <ArticleBody html={post.html} />}
      </Card>
    </Stack>
  );
}
