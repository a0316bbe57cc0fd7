/** The staff side of the articles' data (server: src/server/modules/articles, docs/articles.md). */
import { queryOptions } from "@tanstack/react-query";
import {
  ARTICLE_PATHS,
  type ArticleInput,
  type ArticleState,
  type StaffArticle,
} from "../../../domain/articles/article";
import { http } from "../../lib/http";

type StaffArticleWithBody = StaffArticle & { html: string };

export const articleKeys = {
  /** Every article query, the public ones too (public-api.ts). */
  all: ["articles"] as const,
  staffArticle: (key: string) => ["articles", "staff", key] as const,
  preview: (bodyMd: string) => ["articles", "preview", bodyMd] as const,
};

export const articleQueries = {
  staffArticle: (key: string) =>
    queryOptions({
      queryKey: articleKeys.staffArticle(key),
      queryFn: ({ signal }) =>
        http.get<StaffArticleWithBody>(`${ARTICLE_PATHS.staff}/${encodeURIComponent(key)}`, { signal }),
    }),
};

export const createArticle = (input: ArticleInput) => http.post<StaffArticle>(ARTICLE_PATHS.staff, input);
export const saveArticle = (id: string, input: ArticleInput) =>
  http.put<StaffArticle>(`${ARTICLE_PATHS.staff}/${id}`, input);
export const setArticleState = (id: string, state: ArticleState, publishAt?: string) =>
  http.post<StaffArticle>(`${ARTICLE_PATHS.staff}/${id}/state`, publishAt ? { state, publishAt } : { state });
export const previewArticle = (bodyMd: string, signal?: AbortSignal) =>
  http.post<{ html: string }>(ARTICLE_PATHS.preview, { bodyMd }, { signal });

/** The admin screens' paths under /admin/article/ (routes/admin/article.$.tsx). */
export const viewPath = (slug: string) => `view/${slug}`;
export const editPath = (slug: string) => `edit/${slug}`;
