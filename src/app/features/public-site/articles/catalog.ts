/**
 * The articles of the public blog ("Blog and News"): their ids, slugs and dates. The text of
 * each article lives in its own content module (see content.tsx); this file holds no
 * translations so the lookup stays plain data.
 */
export interface ArticleMeta {
  id: number;
  slug: string;
  /** ISO date of publication. */
  published: string;
  readingMinutes: number;
}

export const ARTICLES: readonly ArticleMeta[] = [
  { id: 3, slug: "preparing-financial-statements-for-rpie", published: "2026-03-02", readingMinutes: 5 },
  { id: 2, slug: "rpie-penalties-explained", published: "2026-02-09", readingMinutes: 4 },
  { id: 1, slug: "what-is-rpie-and-who-must-file", published: "2026-01-12", readingMinutes: 5 },
];

export type ArticleSlug = (typeof ARTICLES)[number]["slug"];

/** Newest first. */
export function listArticles(): ArticleMeta[] {
  return [...ARTICLES].sort((a, b) => b.published.localeCompare(a.published) || b.id - a.id);
}

/**
 * The article a URL segment names: its slug (case-insensitive) or its numeric id
 * (spec: /articles/{slug} takes the article id or slug). Undefined when none matches.
 */
export function findArticle(idOrSlug: string): ArticleMeta | undefined {
  const key = idOrSlug.trim().toLowerCase();
  if (!key) return undefined;
  if (/^\d+$/.test(key)) {
    const id = Number(key);
    return ARTICLES.find((a) => a.id === id);
  }
  return ARTICLES.find((a) => a.slug === key);
}
