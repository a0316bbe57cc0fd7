/**
 * Articles of the public blog (issue 17, docs/articles.md): the states staff move an article
 * through, the slug rule, the wire row and the reading-time rule, shared by the app and the server.
 */

import type { ArticleState } from "./list";

export { ARTICLE_SORTS, ARTICLE_STATES, type ArticleSort, type ArticleState } from "./list";

/** Lower-case words joined by single hyphens: "rpie-deadline-2026". */
export const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
export const SLUG_MAX = 120;
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 400;
export const BODY_MAX = 100_000;
export const TAGS_MAX = 10;
export const TAG_MAX = 40;

/** The editable fields ("front matter" and body). */
export interface ArticleInput {
  slug: string;
  title: string;
  summary: string;
  bodyMd: string;
  coverImage: string | null;
  tags: string[];
  author: string;
}

/** An article as staff see it. */
export interface StaffArticle extends ArticleInput {
  id: string;
  state: ArticleState;
  publishAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  readingMinutes: number;
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read a Markdown body at 200 words a minute, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`[\]()!-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** A slug made from a title: "What is RPIE?" → "what-is-rpie". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

/** Staff API paths (the public ones are in public.ts). */
export const ARTICLE_PATHS = {
  staff: "/api/admin/articles",
  preview: "/api/admin/articles/preview",
  /** POST an image (multipart `file`): answers its `url`, served under /api/articles/images/{id}. */
  images: "/api/admin/articles/images",
} as const;

/** Where an uploaded article image is served (guests: only while a published article names it). */
export const ARTICLE_IMAGE_PATH = "/api/articles/images";
/** The most an article image may weigh. */
export const ARTICLE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image an upload answers. */
export interface ArticleImage {
  id: string;
  url: string;
  fileName: string;
  contentType: string;
  size: number;
}
