/**
 * What guests read of the articles (docs/articles.md): the public API path, the page size and the
 * wire shapes. Apart from article.ts so the public pages load nothing of the staff side.
 */

export const PUBLIC_ARTICLES_PATH = "/api/articles";

/** Articles per page of the public list. */
export const PUBLIC_PAGE_SIZE = 10;

/** An article as the public pages read it. */
export interface PublicArticle {
  id: string;
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  tags: string[];
  author: string;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
}

export interface PublicArticleWithBody extends PublicArticle {
  /** The body rendered and sanitised by the server. */
  html: string;
}

/**
 * The public article pages as islands (docs/articles.md, "Pages"): the build prerenders the
 * public layout of /articles and of an article as templates (scripts/prerender.ts), each with
 * one slot element holding this marker; the server puts the list or the article there.
 */
export const SERVER_SLOT = "<!--server-slot-->";

/** The templates' files under the build's prerendered/ folder: not routes of their own. */
export const ARTICLE_TEMPLATES = {
  list: { path: "/articles", file: "template-articles.html" },
  article: { path: "/articles/template", file: "template-article.html" },
} as const;
