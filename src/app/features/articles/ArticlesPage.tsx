import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Pagination,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ComponentProps } from "react";
import { QueryProvider } from "../../lib/QueryProvider";
import { usePageTitle } from "../../ui/usePageTitle";
import { PageIntro } from "../public-site/content/PageIntro";
import { ArticleMetaLine } from "./ArticleMetaLine";
import { publicArticleQueries, publicPageCount } from "./public-api";
import { ServerSlot } from "./ServerSlot";
import { serverSlot } from "./server-slot";

/** The page a URL's `?page=` names (from 1); anything else is the first. */
function pageOf(search: Record<string, unknown>): number {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1;
}

/** /articles, with the QueryProvider the public layout does not have. */
export function ArticlesPage(props: ComponentProps<typeof ArticleList>) {
  return (
    <QueryProvider>
      <ArticleList {...props} />
    </QueryProvider>
  );
}

/**
 * /articles: the published articles, newest first, a page at a time (`?page=` from 1). On the
 * page the server sent, its list and page links as sent (server-slot.ts).
 */
function ArticleList({ search, onPage }: { search: Record<string, unknown>; onPage(page: number): void }) {
  const { t } = useLingui();
  const page = pageOf(search);
  usePageTitle(t`Blog and News`);
  const sent = serverSlot();
  const list = useQuery({ ...publicArticleQueries.list(page), enabled: !sent });
  const pages = publicPageCount(list.data?.total ?? 0);
  return (
    <Container size="md">
      <PageIntro
        eyebrow={<Trans>Blog and News</Trans>}
        title={<Trans>Articles about RPIE filing</Trans>}
        lead={<Trans>Plain-language guides to New York City's income and expense filing rules.</Trans>}
      />
      {sent && <ServerSlot html={sent.html} />}
      {!sent && list.isPending && <Loader aria-label={t`Loading`} />}
      {list.isError && (
        <Alert color="red" title={t`The articles could not be loaded`}>
          <Trans>Check your connection and try again.</Trans>
        </Alert>
      )}
      {list.data && list.data.rows.length === 0 && (
        <Text c="dimmed">
          <Trans>No articles yet.</Trans>
        </Text>
      )}
      <Stack gap="lg">
        {list.data?.rows.map((a) => (
          <Card key={a.id} padding="lg" component="article" data-testid="article-card">
            {a.coverImage && (
              <Card.Section mb="md">
                <Image src={a.coverImage} alt="" h={180} fit="cover" loading="lazy" />
              </Card.Section>
            )}
            <ArticleMetaLine publishedAt={a.publishedAt} minutes={a.readingMinutes} />
            <Title order={2} fz="h4" my={6}>
              <Anchor
                c="inherit"
                renderRoot={(props) => <Link {...props} to="/articles/$slug" params={{ slug: a.slug }} />}
              >
                {a.title}
              </Anchor>
            </Title>
            <Text c="dimmed">{a.summary}</Text>
          </Card>
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="center" mt="xl">
          <Pagination total={pages} value={page} onChange={onPage} aria-label={t`Pages of articles`} />
        </Group>
      )}
    </Container>
  );
}
