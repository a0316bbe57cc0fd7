/** What the public article pages read (server: src/server/modules/articles, docs/articles.md). */
import { queryOptions } from "@tanstack/react-query";
import {
  PUBLIC_ARTICLES_PATH,
  PUBLIC_PAGE_SIZE,
  type PublicArticle,
  type PublicArticleWithBody,
} from "../../../domain/articles/public";
import { http } from "../../lib/http";

interface ArticlePage {
  rows: PublicArticle[];
  total: number;
  page: number;
  rowsPerPage: number;
}

/** Every article query key starts with "articles" (staff changes invalidate them all). */
const publicArticleKeys = {
  list: (page: number) => ["articles", "public", "list", page] as const,
  one: (slug: string) => ["articles", "public", "one", slug] as const,
};

export const publicArticleQueries = {
  /** `page` counts from 1, as in the URL. */
  list: (page: number) =>
    queryOptions({
      queryKey: publicArticleKeys.list(page),
      queryFn: ({ signal }) =>
        http.get<ArticlePage>(PUBLIC_ARTICLES_PATH, { query: { page: page - 1 }, anonymous: true, signal }),
    }),
  /** An id or old slug answers with the article under its current slug (the server redirects). */
  one: (slug: string) =>
    queryOptions({
      queryKey: publicArticleKeys.one(slug),
      queryFn: ({ signal }) =>
        http.get<PublicArticleWithBody>(`${PUBLIC_ARTICLES_PATH}/${encodeURIComponent(slug)}`, {
          anonymous: true,
          signal,
        }),
    }),
};

export const publicPageCount = (total: number) => Math.max(1, Math.ceil(total / PUBLIC_PAGE_SIZE));
