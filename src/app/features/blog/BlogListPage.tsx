import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ArticleState } from "../../../domain/articles/article";
import { usePageTitle } from "../../ui/usePageTitle";
import { ArticleMetaLine } from "../articles/ArticleMetaLine";
import { ArticleStateBadge } from "../articles/ArticleStateBadge";
import { staffArticlePage } from "../articles/articles-api";
import { publicArticleQueries } from "../articles/public-api";
import { BlogCover } from "./BlogCover";

const PER_PAGE = 12;

interface Post {
  id: string;
  title: string;
  summary: string;
  coverImage: string | null;
  publishedAt: string | null;
  readingMinutes: number;
  state?: ArticleState;
}
type PostPage = { rows: Post[]; total: number; rowsPerPage: number };

/** /dashboard/blog: the posts as cards, newest first; staff see every state and can write one. */
export function BlogListPage({
  staff,
  page,
  onPage,
}: {
  staff: boolean;
  page: number;
  onPage(page: number): void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Blog`);
  const staffList = useQuery({
    queryKey: ["articles", "blog", "staff", page],
    queryFn: ({ signal }) => staffArticlePage(page - 1, PER_PAGE, signal),
    enabled: staff,
  });
  const publicList = useQuery({ ...publicArticleQueries.list(page), enabled: !staff });
  const list: UseQueryResult<PostPage> = staff ? staffList : publicList;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.rowsPerPage ?? PER_PAGE)));
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>
          <Trans>Blog</Trans>
        </Title>
        {staff && (
          <Button
            renderRoot={(props) => <Link {...props} to="/dashboard/blog/$" params={{ _splat: "create" }} />}
          >
            <Trans>New post</Trans>
          </Button>
        )}
      </Group>
      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t`Loading`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={260} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && (
        <Alert color="red" role="alert" title={t`The posts could not be loaded`}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {list.data && list.data.rows.length === 0 && (
        <Text c="dimmed">
          {staff ? <Trans>No posts yet. Write the first one.</Trans> : <Trans>No posts yet.</Trans>}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.data?.rows.map((post) => (
          <Card key={post.id} withBorder padding="lg" component="article" data-testid="blog-card">
            {post.coverImage && (
              <Card.Section mb="md">
                <BlogCover src={post.coverImage} staff={staff} h={160} />
              </Card.Section>
            )}
            <Group gap="xs" mb={4}>
              {post.state && <ArticleStateBadge state={post.state} />}
              {post.publishedAt && (
                <ArticleMetaLine publishedAt={post.publishedAt} minutes={post.readingMinutes} />
              )}
            </Group>
            <Title order={2} fz="h4" my={6}>
              <Anchor
                c="inherit"
                renderRoot={(props) => (
                  <Link {...props} to="/dashboard/blog/$" params={{ _splat: post.id }} />
                )}
              >
                {post.title}
              </Anchor>
            </Title>
            <Text c="dimmed" fz="sm" lineClamp={3}>
              {post.summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPage} aria-label={t`Pages of posts`} />
        </Group>
      )}
    </Stack>
  );
}
