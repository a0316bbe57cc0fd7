/** The articles' data (server: src/server/modules/articles, docs/articles.md). */
import { queryOptions } from "@tanstack/react-query";
import {
  ARTICLE_PATHS,
  type ArticleInput,
  type ArticleState,
  PUBLIC_PAGE_SIZE,
  type PublicArticle,
  type PublicArticleWithBody,
  type StaffArticle,
} from "../../../domain/articles/article";
import { http } from "../../lib/http";

export interface ArticlePage {
  rows: PublicArticle[];
  total: number;
  page: number;
  rowsPerPage: number;
}
export type StaffArticleWithBody = StaffArticle & { html: string };

export const articleKeys = {
  all: ["articles"] as const,
  publicList: (page: number) => ["articles", "public", "list", page] as const,
  publicArticle: (slug: string) => ["articles", "public", "one", slug] as const,
  staffArticle: (key: string) => ["articles", "staff", key] as const,
  preview: (bodyMd: string) => ["articles", "preview", bodyMd] as const,
};

export const articleQueries = {
  /** `page` counts from 1, as in the URL. */
  publicList: (page: number) =>
    queryOptions({
      queryKey: articleKeys.publicList(page),
      queryFn: ({ signal }) =>
        http.get<ArticlePage>(ARTICLE_PATHS.public, { query: { page: page - 1 }, anonymous: true, signal }),
    }),
  /** An id or old slug answers with the article under its current slug (the server redirects). */
  publicArticle: (slug: string) =>
    queryOptions({
      queryKey: articleKeys.publicArticle(slug),
      queryFn: ({ signal }) =>
        http.get<PublicArticleWithBody>(`${ARTICLE_PATHS.public}/${encodeURIComponent(slug)}`, {
          anonymous: true,
          signal,
        }),
    }),
  staffArticle: (key: string) =>
    queryOptions({
      queryKey: articleKeys.staffArticle(key),
      queryFn: ({ signal }) =>
        http.get<StaffArticleWithBody>(`${ARTICLE_PATHS.staff}/${encodeURIComponent(key)}`, { signal }),
    }),
};

export const publicPageCount = (total: number) => Math.max(1, Math.ceil(total / PUBLIC_PAGE_SIZE));

export const createArticle = (input: ArticleInput) => http.post<StaffArticle>(ARTICLE_PATHS.staff, input);
export const saveArticle = (id: string, input: ArticleInput) =>
  http.put<StaffArticle>(`${ARTICLE_PATHS.staff}/${id}`, input);
export const setArticleState = (id: string, state: ArticleState, publishAt?: string) =>
  http.post<StaffArticle>(`${ARTICLE_PATHS.staff}/${id}/state`, publishAt ? { state, publishAt } : { state });
export const previewArticle = (bodyMd: string, signal?: AbortSignal) =>
  http.post<{ html: string }>(ARTICLE_PATHS.preview, { bodyMd }, { signal });
