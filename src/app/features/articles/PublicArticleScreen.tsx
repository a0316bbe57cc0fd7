import { useLingui } from "@lingui/react/macro";
import { Alert, Container, Loader } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ComponentProps, useEffect } from "react";
import { HttpError } from "../../lib/http";
import { QueryProvider } from "../../lib/QueryProvider";
import { NotFoundPage } from "../errors/pages";
import { ArticlePage } from "./ArticlePage";
import { publicArticleQueries } from "./public-api";
import { ServerArticlePage } from "./ServerArticlePage";
import { serverSlot } from "./server-slot";

/**
 * A public article by the slug in the URL: the 404 page when there is none, and a move to the
 * current slug when the URL named its id or an earlier slug (the server answered with the article).
 * On the page the server sent, its article as sent (server-slot.ts).
 */
export function PublicArticleScreen(props: ComponentProps<typeof PublicArticle>) {
  const sent = serverSlot();
  if (sent) return <ServerArticlePage {...sent} />;
  return (
    <QueryProvider>
      <PublicArticle {...props} />
    </QueryProvider>
  );
}

function PublicArticle({ slug, onMoved }: { slug: string; onMoved(current: string): void }) {
  const { t } = useLingui();
  const query = useQuery({
    ...publicArticleQueries.one(slug),
    retry: (n, e) => n < 2 && !(e instanceof HttpError && e.status === 404),
  });
  const moved = query.data && query.data.slug !== slug ? query.data.slug : null;
  useEffect(() => {
    if (moved) onMoved(moved);
  }, [moved, onMoved]);
  if (query.error instanceof HttpError && query.error.status === 404) return <NotFoundPage />;
  if (query.isError)
    return (
      <Container size="sm" pt={40}>
        <Alert color="red" title={t`The article could not be loaded`} />
      </Container>
    );
  if (!query.data || moved) return <Loader aria-label={t`Loading`} m="xl" />;
  return <ArticlePage article={query.data} />;
}
