/** Where the blog screens live under /dashboard/blog/ (one route, routes/dashboard/blog.$.tsx). */
export type BlogPath =
  | { screen: "list"; page: number }
  | { screen: "create" }
  | { screen: "post" | "edit"; id: string }
  | null;

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * "" (the list, `?page=` from 1), "create", "{postId}" or "{postId}/edit"; null for anything else
 * (the 404 page). A post is named by its article id.
 */
export function parseBlogPath(splat: string, search: Record<string, unknown>): BlogPath {
  const path = splat.replace(/\/+$/, "");
  if (path === "") {
    const page = Number(search.page);
    return { screen: "list", page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1 };
  }
  if (path === "create") return { screen: "create" };
  const m = new RegExp(`^(${ID})(/edit)?$`, "i").exec(path);
  if (!m) return null;
  return { screen: m[2] ? "edit" : "post", id: (m[1] as string).toLowerCase() };
}

export const editPostPath = (id: string) => `${id}/edit`;
