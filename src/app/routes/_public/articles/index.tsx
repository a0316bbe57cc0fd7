import { createFileRoute } from "@tanstack/react-router";
import { ArticlesScreen } from "../../../features/articles/ArticlesScreen";

/** /articles?page=N (from 1; read by the page, so no search parser loads with the landing page). */
export const Route = createFileRoute("/_public/articles/")({
  component: function Articles() {
    const navigate = Route.useNavigate();
    return (
      <ArticlesScreen
        search={Route.useSearch() as Record<string, unknown>}
        onPage={(p) => navigate({ search: (p > 1 ? { page: p } : {}) as never })}
      />
    );
  },
});
