import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import {
  ARTICLE_PATHS,
  ARTICLE_SORTS,
  ARTICLE_STATES,
  type ArticleSort,
  type ArticleState,
  type StaffArticle,
} from "../../../domain/articles/article";
import { type ListSearch, parseListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import { ArticleStateBadge } from "./ArticleStateBadge";
import { editPath, viewPath } from "./articles-api";
import { useArticleStateLabels } from "./state-labels";

type ArticleListSearch = ListSearch<ArticleSort> & { state?: ArticleState };

/** The list's URL search: the shared list parameters and a known state. */
function articleListSearch(raw: Record<string, unknown>): ArticleListSearch {
  const state = ARTICLE_STATES.find((s) => s === raw.state);
  return { ...parseListSearch(raw, ARTICLE_SORTS), ...(state ? { state } : {}) };
}

/** /admin/article-list: every article in every state, paged and searched on the server. */
export function ArticleListPage({
  rawSearch,
  onSearch,
}: {
  rawSearch: Record<string, unknown>;
  onSearch(next: ArticleListSearch): void;
}) {
  const { t, i18n } = useLingui();
  const search = articleListSearch(rawSearch);
  usePageTitle(t`All Articles`);
  const states = useArticleStateLabels();
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";
  const label: Record<ArticleSort, string> = {
    updatedAt: t`Updated`,
    publishedAt: t`Publication`,
    title: t`Title`,
    state: t`State`,
  };
  const titleLink = (a: StaffArticle) => (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/admin/article/$" params={{ _splat: viewPath(a.slug) }} />}
    >
      {a.title}
    </Anchor>
  );
  const columns: ListColumn<StaffArticle, ArticleSort>[] = [
    { key: "title", header: label.title, sort: "title", render: titleLink },
    {
      key: "state",
      header: label.state,
      sort: "state",
      render: (a) => <ArticleStateBadge state={a.state} />,
    },
    {
      key: "published",
      header: label.publishedAt,
      sort: "publishedAt",
      render: (a) => when(a.publishedAt ?? a.publishAt),
    },
    { key: "updated", header: label.updatedAt, sort: "updatedAt", render: (a) => when(a.updatedAt) },
    {
      key: "edit",
      header: <Trans>Actions</Trans>,
      render: (a) => (
        <Button
          size="compact-sm"
          variant="light"
          renderRoot={(props) => (
            <Link {...props} to="/admin/article/$" params={{ _splat: editPath(a.slug) }} />
          )}
          aria-label={t`Edit ${a.title}`}
        >
          <Trans>Edit</Trans>
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>
          <Trans>All Articles</Trans>
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          renderRoot={(props) => <Link {...props} to="/admin/article/$" params={{ _splat: "create" }} />}
        >
          <Trans>New article</Trans>
        </Button>
      </Group>
      <ServerList<StaffArticle, ArticleSort, ArticleListSearch>
        endpoint={ARTICLE_PATHS.staff}
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "updatedAt", sortDir: "desc" }}
        sorts={ARTICLE_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(a) => a.id}
        card={(a) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {titleLink(a)}
              </Text>
              <ArticleStateBadge state={a.state} />
            </Group>
            <Text size="xs" c="dimmed">
              {when(a.updatedAt)}
            </Text>
          </Stack>
        )}
        filters={
          <Select
            label={t`State`}
            placeholder={t`Any state`}
            clearable
            data={ARTICLE_STATES.map((s) => ({ value: s, label: states[s] }))}
            value={search.state ?? null}
            onChange={(v) => {
              const { page: _page, ...rest } = search;
              onSearch({ ...rest, state: (v as ArticleState | null) ?? undefined });
            }}
          />
        }
        searchLabel={t`Search`}
        searchPlaceholder={t`Title, address, summary, author or tag`}
        emptyText={<Trans>No articles yet.</Trans>}
        errorTitle={t`The list could not be loaded`}
        testId="articles"
      />
    </Stack>
  );
}
