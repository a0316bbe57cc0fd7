import { describe, expect, it } from "vitest";
import { parseArticleAdminPath } from "./admin-paths";

describe("admin article paths", () => {
  it("reads create, edit/{slug} and view/{slug}, and nothing else", () => {
    expect(parseArticleAdminPath("create")).toEqual({ screen: "create" });
    expect(parseArticleAdminPath("edit/rpie-deadline")).toEqual({ screen: "edit", slug: "rpie-deadline" });
    expect(parseArticleAdminPath("view/a1")).toEqual({ screen: "view", slug: "a1" });
    for (const bad of ["", "edit", "edit/", "view/Bad Slug", "delete/x", "edit/a/b"])
      expect(parseArticleAdminPath(bad)).toBeNull();
  });
});
