import { createFileRoute } from "@tanstack/react-router";
import { ArticleListScreen } from "../../features/articles/ArticleListScreen";

/**
 * /admin/article-list: every article, paged and searched on the server (docs/articles.md). The page
 * reads its search itself (no validateSearch here, so nothing of it loads with the landing page).
 */
export const Route = createFileRoute("/admin/article-list")({
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <ArticleListScreen
        rawSearch={Route.useSearch() as Record<string, unknown>}
        onSearch={(next) => navigate({ search: next as never })}
      />
    );
  },
});
