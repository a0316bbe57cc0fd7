import { createFileRoute } from "@tanstack/react-router";
import { ArticleEditPage } from "../../../../features/articles/ArticleEditPage";

export const Route = createFileRoute("/admin/article/edit/$slug")({
  component: function Edit() {
    const { slug } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <ArticleEditPage
        key={slug}
        slug={slug}
        onSaved={(a) => navigate({ to: "/admin/article/view/$slug", params: { slug: a.slug } })}
      />
    );
  },
});
