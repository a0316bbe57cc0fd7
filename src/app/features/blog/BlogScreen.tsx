import { lazy, Suspense } from "react";
import { ROLES } from "../../../domain/roles";
import { useAuth } from "../auth/auth-context";
import { ForbiddenPage, NotFoundPage } from "../errors/pages";
import { parseBlogPath } from "./blog-paths";

// Loaded when opened, so the route's chunk and the landing page's route table stay small.
const BlogListPage = lazy(() => import("./BlogListPage").then((m) => ({ default: m.BlogListPage })));
const BlogPostPage = lazy(() => import("./BlogPostPage").then((m) => ({ default: m.BlogPostPage })));
const BlogEditorPage = lazy(() => import("./BlogEditorPage").then((m) => ({ default: m.BlogEditorPage })));

/**
 * /dashboard/blog{, /create, /{postId}, /{postId}/edit}: the template's blog pages over the
 * articles (docs/articles.md). Staff (super admins) write and see every state; everyone else reads
 * the published ones.
 */
export function BlogScreen({
  path,
  search,
  onOpen,
}: {
  path: string;
  search: Record<string, unknown>;
  onOpen(path: string, page?: number): void;
}) {
  const { hasRole } = useAuth();
  const staff = hasRole([ROLES.SUPER_ADMIN]);
  const target = parseBlogPath(path, search);
  if (!target) return <NotFoundPage />;
  if ((target.screen === "create" || target.screen === "edit") && !staff) return <ForbiddenPage />;
  return (
    <Suspense fallback={null}>
      {target.screen === "list" && (
        <BlogListPage staff={staff} page={target.page} onPage={(page) => onOpen("", page)} />
      )}
      {target.screen === "post" && <BlogPostPage key={target.id} id={target.id} staff={staff} />}
      {target.screen === "create" && <BlogEditorPage id={null} onDone={(id) => onOpen(id ?? "")} />}
      {target.screen === "edit" && (
        <BlogEditorPage key={target.id} id={target.id} onDone={() => onOpen(target.id)} />
      )}
    </Suspense>
  );
}
