import { type ComponentProps, lazy, Suspense } from "react";

// Loaded when opened, as the other admin article screens (ArticleAdminScreen.tsx): the landing
// page's route table then lists one small chunk for this route, not the list's dependencies.
const ArticleListPage = lazy(() => import("./ArticleListPage").then((m) => ({ default: m.ArticleListPage })));

/** /admin/article-list. */
export function ArticleListScreen(props: ComponentProps<typeof ArticleListPage>) {
  return (
    <Suspense fallback={null}>
      <ArticleListPage {...props} />
    </Suspense>
  );
}
