import { createFileRoute } from "@tanstack/react-router";
import { ArticleAdminScreen } from "../../features/articles/ArticleAdminScreen";

/**
 * /admin/article/create, /admin/article/edit/{slug} and /admin/article/view/{slug} (spec section 2):
 * one route for the three, so the landing page's route table grows by one entry, not three.
 */
export const Route = createFileRoute("/admin/article/$")({
  component: function Article() {
    const { _splat = "" } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <ArticleAdminScreen
        path={_splat}
        onOpen={(next) => navigate({ to: "/admin/article/$", params: { _splat: next } })}
      />
    );
  },
});
