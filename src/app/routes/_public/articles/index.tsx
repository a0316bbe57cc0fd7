import { createFileRoute } from "@tanstack/react-router";
import { ArticlesPage } from "../../../features/articles/ArticlesPage";

/** /articles?page=N (from 1). */
export const Route = createFileRoute("/_public/articles/")({
  validateSearch: (s: Record<string, unknown>): { page?: number } => {
    const page = Number(s.page);
    return Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {};
  },
  component: function Articles() {
    const navigate = Route.useNavigate();
    const { page = 1 } = Route.useSearch();
    return <ArticlesPage page={page} onPage={(p) => navigate({ search: p > 1 ? { page: p } : {} })} />;
  },
});
