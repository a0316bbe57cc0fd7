import { createFileRoute } from "@tanstack/react-router";
import { ArticleScreen } from "../../../features/articles/ArticleScreen";

/**
 * /articles/{slug} (an id or an earlier slug goes to the current one). The page loads the article
 * itself rather than a route loader: one lazy chunk and no loader in the landing page's route table.
 */
export const Route = createFileRoute("/_public/articles/$slug")({
  component: function Article() {
    const { slug } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <ArticleScreen
        slug={slug}
        onMoved={(current) => navigate({ to: "/articles/$slug", params: { slug: current }, replace: true })}
      />
    );
  },
});
