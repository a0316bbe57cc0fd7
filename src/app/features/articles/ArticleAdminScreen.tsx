import { lazy, Suspense } from "react";
import { NotFoundPage } from "../errors/pages";
import { parseArticleAdminPath } from "./admin-paths";

// Loaded when opened: the route's own chunk stays small, and so does the landing page's route table
// that lists each route chunk's dependencies.
const ArticleEditorPage = lazy(() =>
  import("./ArticleEditorPage").then((m) => ({ default: m.ArticleEditorPage })),
);
const ArticleEditPage = lazy(() => import("./ArticleEditPage").then((m) => ({ default: m.ArticleEditPage })));
const ArticleViewPage = lazy(() => import("./ArticleViewPage").then((m) => ({ default: m.ArticleViewPage })));

/** /admin/article/{create | edit/slug | view/slug}: the screen the path names. */
export function ArticleAdminScreen({ path, onOpen }: { path: string; onOpen(path: string): void }) {
  const target = parseArticleAdminPath(path);
  if (!target) return <NotFoundPage />;
  const saved = (a: { slug: string }) => onOpen(`view/${a.slug}`);
  return (
    <Suspense fallback={null}>
      {target.screen === "create" && <ArticleEditorPage article={null} onSaved={saved} />}
      {target.screen === "edit" && <ArticleEditPage key={target.slug} slug={target.slug} onSaved={saved} />}
      {target.screen === "view" && <ArticleViewPage key={target.slug} slug={target.slug} />}
    </Suspense>
  );
}
