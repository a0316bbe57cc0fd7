import { createFileRoute, notFound, redirect } from "@tanstack/react-router";
import { ArticlePage } from "../../../features/articles/ArticlePage";
import { articleQueries } from "../../../features/articles/articles-api";
import { HttpError } from "../../../lib/http";
import { queryClient } from "../../../lib/query-client";

export const Route = createFileRoute("/_public/articles/$slug")({
  loader: async ({ params }) => {
    const article = await queryClient
      .ensureQueryData(articleQueries.publicArticle(params.slug))
      .catch((e: unknown) => {
        if (e instanceof HttpError && e.status === 404) throw notFound();
        throw e;
      });
    // An id or an earlier slug: the server answered with the article under its one address.
    if (article.slug !== params.slug) {
      throw redirect({ to: "/articles/$slug", params: { slug: article.slug }, replace: true });
    }
    return article;
  },
  component: function Article() {
    return <ArticlePage article={Route.useLoaderData()} />;
  },
});
