import { describe, expect, it } from "vitest";
import { ARTICLES, findArticle, listArticles } from "./catalog";

describe("article lookup", () => {
  it("finds an article by its slug, whatever the case", () => {
    expect(findArticle("rpie-penalties-explained")?.id).toBe(2);
    expect(findArticle("RPIE-Penalties-Explained")?.id).toBe(2);
  });

  it("finds an article by its numeric id", () => {
    expect(findArticle("1")?.slug).toBe("what-is-rpie-and-who-must-file");
    expect(findArticle("3")?.slug).toBe("preparing-financial-statements-for-rpie");
  });

  it("answers nothing for unknown slugs and ids", () => {
    expect(findArticle("no-such-article")).toBeUndefined();
    expect(findArticle("99")).toBeUndefined();
    expect(findArticle("")).toBeUndefined();
    expect(findArticle("1.5")).toBeUndefined();
    expect(findArticle("__proto__")).toBeUndefined();
  });

  it("has unique ids and slugs, and lists newest first", () => {
    expect(new Set(ARTICLES.map((a) => a.id)).size).toBe(ARTICLES.length);
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(ARTICLES.length);
    const dates = listArticles().map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
