/** Where the admin article screens live under /admin/article/ (one route, routes/admin/article.$.tsx). */
export type ArticleAdminPath = { screen: "create" } | { screen: "edit" | "view"; slug: string } | null;

/** "create", "edit/{slug}" or "view/{slug}"; null for anything else (the 404 page). */
export function parseArticleAdminPath(path: string): ArticleAdminPath {
  if (path === "create") return { screen: "create" };
  const m = /^(edit|view)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(path);
  return m ? { screen: m[1] as "edit" | "view", slug: m[2] as string } : null;
}
