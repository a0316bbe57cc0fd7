import { createFileRoute } from "@tanstack/react-router";
import { ArticleViewPage } from "../../../../features/articles/ArticleViewPage";

export const Route = createFileRoute("/admin/article/view/$slug")({
  component: function View() {
    const { slug } = Route.useParams();
    return <ArticleViewPage key={slug} slug={slug} />;
  },
});
