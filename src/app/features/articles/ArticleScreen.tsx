import { type ComponentProps, lazy, Suspense } from "react";

// Loaded when opened, as ArticlesScreen.tsx: the server's page already shows the article meanwhile.
const PublicArticleScreen = lazy(() =>
  import("./PublicArticleScreen").then((m) => ({ default: m.PublicArticleScreen })),
);

/** /articles/{slug}. */
export function ArticleScreen(props: ComponentProps<typeof PublicArticleScreen>) {
  return (
    <Suspense fallback={null}>
      <PublicArticleScreen {...props} />
    </Suspense>
  );
}
