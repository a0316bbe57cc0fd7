import { type ComponentProps, lazy, Suspense } from "react";

// Loaded when opened: the landing page's route table then lists one small chunk for /articles,
// not the page's dependencies. The server's page already shows the articles meanwhile.
const ArticlesPage = lazy(() => import("./ArticlesPage").then((m) => ({ default: m.ArticlesPage })));

/** /articles. */
export function ArticlesScreen(props: ComponentProps<typeof ArticlesPage>) {
  return (
    <Suspense fallback={null}>
      <ArticlesPage {...props} />
    </Suspense>
  );
}
