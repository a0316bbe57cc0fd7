import { createFileRoute, notFound, redirect } from "@tanstack/react-router";
import { findArticle } from "../../../features/public-site/articles/catalog";
import { ArticlePage } from "../../../features/public-site/pages/ArticlePage";

export const Route = createFileRoute("/_public/articles/$slug")({
  loader: ({ params }) => {
    const article = findArticle(params.slug);
    if (!article) throw notFound();
    // An id or differently cased slug goes to the article's one address.
    if (article.slug !== params.slug) {
      throw redirect({ to: "/articles/$slug", params: { slug: article.slug }, replace: true });
    }
    return article;
  },
  component: ArticleRoute,
});

function ArticleRoute() {
  const article = Route.useLoaderData();
  return <ArticlePage article={article} />;
}
