/** The staff side of the articles' data (server: src/server/modules/articles, docs/articles.md). */
import { queryOptions } from "@tanstack/react-query";
import {
  ARTICLE_PATHS,
  type ArticleImage,
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

/** Uploads an article image (PNG or JPEG); answers its `url` for the cover or the body. */
export const uploadArticleImage = (file: File) => {
  const form = new FormData();
  form.append("file", file, file.name);
  return http.post<ArticleImage>(ARTICLE_PATHS.images, form);
};

/** One page of every article, any state (staff). `page` counts from 0. */
export const staffArticlePage = (page: number, rowsPerPage: number, signal?: AbortSignal) =>
  http.get<{ rows: StaffArticle[]; total: number; page: number; rowsPerPage: number }>(ARTICLE_PATHS.staff, {
    query: { page, rowsPerPage, sortBy: "updatedAt", sortDir: "desc" },
    signal,
  });

/** An uploaded image's bytes with the staff's token, for drafts' images guests cannot load. */
export const staffImageBlob = (url: string, signal?: AbortSignal) =>
  http.get<Blob>(url, { responseType: "blob", signal });
