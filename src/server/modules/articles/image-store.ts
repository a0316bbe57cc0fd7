/** Article images' rows (docs/articles.md "Images"). */
import { and, eq, or, sql } from "drizzle-orm";
import { ARTICLE_IMAGE_PATH, type ArticleImage } from "../../../domain/articles/article";
import type { Db } from "../../db/client";
import { articleImages, articles } from "../../db/schema";

export type ImageRow = typeof articleImages.$inferSelect;
const imageUrl = (id: string) => `${ARTICLE_IMAGE_PATH}/${id}`;
export const imageToApi = (row: ImageRow): ArticleImage => ({
  id: row.id,
  url: imageUrl(row.id),
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
});

/**
 * True when an article guests can read names the image: as its cover, or anywhere in its body
 * (a Markdown image). A scheduled article past its time counts as published (see settleScheduled).
 */
export async function shownPublicly(db: Db, id: string): Promise<boolean> {
  const url = imageUrl(id);
  const [hit] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        or(
          eq(articles.state, "published"),
          and(eq(articles.state, "scheduled"), sql`${articles.publishAt} <= now()`),
        ),
        or(eq(articles.coverImage, url), sql`strpos(${articles.bodyMd}, ${url}) > 0`),
      ),
    )
    .limit(1);
  return !!hit;
}

export async function insertImage(db: Db, values: typeof articleImages.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(articleImages).values(values).returning();
  if (!row) throw new Error("article image not stored");
  return row;
}

export async function imageById(db: Db, id: string): Promise<ImageRow | null> {
  const [row] = await db.select().from(articleImages).where(eq(articleImages.id, id));
  return row ?? null;
}
