import { createFileRoute } from "@tanstack/react-router";
import { ArticleEditorPage } from "../../../features/articles/ArticleEditorPage";

export const Route = createFileRoute("/admin/article/create")({
  component: function Create() {
    const navigate = Route.useNavigate();
    return (
      <ArticleEditorPage
        article={null}
        onSaved={(a) => navigate({ to: "/admin/article/view/$slug", params: { slug: a.slug } })}
      />
    );
  },
});
