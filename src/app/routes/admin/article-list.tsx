import { createFileRoute } from "@tanstack/react-router";
import { ARTICLE_SORTS, ARTICLE_STATES, type ArticleState } from "../../../domain/articles/article";
import { ArticleListPage, type ArticleListSearch } from "../../features/articles/ArticleListPage";
import { parseListSearch } from "../../ui/server-list/list-search";

/** /admin/article-list: every article, paged and searched on the server (docs/articles.md). */
export const Route = createFileRoute("/admin/article-list")({
  validateSearch: (s): ArticleListSearch => {
    const state = (ARTICLE_STATES as readonly string[]).includes(s.state as string)
      ? (s.state as ArticleState)
      : undefined;
    return { ...parseListSearch(s, ARTICLE_SORTS), ...(state ? { state } : {}) };
  },
  component: function Page() {
    const navigate = Route.useNavigate();
    return <ArticleListPage search={Route.useSearch()} onSearch={(next) => navigate({ search: next })} />;
  },
});
