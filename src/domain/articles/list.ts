/**
 * The staff article list's states and sorts: the only part of the articles' rules a route's
 * `validateSearch` needs at start-up, kept apart so the rest does not load with the landing page.
 */

/** draft → scheduled (publish_at in the future) → published → unpublished (and back). */
export const ARTICLE_STATES = ["draft", "scheduled", "published", "unpublished"] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const ARTICLE_SORTS = ["updatedAt", "publishedAt", "title", "state"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];
