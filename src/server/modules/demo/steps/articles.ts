import type { StaffArticle } from "../../../../domain/articles/article";
import type { DemoStep } from "../demo-run";
import { SEED_ARTICLES } from "./articles-content";

/**
 * The public blog's RPIE articles, written and published by the demo super admin. They are real
 * content, not demo data: removing the demo data keeps them, and seeding again skips the ones
 * whose address is already taken.
 */
export const articlesStep: DemoStep = {
  name: "articles",
  describe: `${SEED_ARTICLES.length} published RPIE articles for /articles (kept when the demo data is removed)`,
  async run(run) {
    const existing = await run.call<{ rows: Pick<StaffArticle, "slug">[] }>(
      "superAdmin",
      "GET",
      "/api/admin/articles?rowsPerPage=100",
    );
    const taken = new Set(existing.rows.map((r) => r.slug));
    for (const input of SEED_ARTICLES) {
      if (taken.has(input.slug)) continue;
      const article = await run.call<StaffArticle>("superAdmin", "POST", "/api/admin/articles", input);
      await run.call("superAdmin", "POST", `/api/admin/articles/${article.id}/state`, { state: "published" });
    }
  },
};
