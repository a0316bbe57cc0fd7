/**
 * The articles' SQL (docs/articles.md). A scheduled article becomes published when its
 * publish_at has passed: `settleScheduled` does that on every read that shows articles, so no
 * job has to run at the right moment and every replica agrees.
 */
import { and, count, desc, eq, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import {
  type ArticleInput,
  type ArticleSort,
  type ArticleState,
  readingMinutes,
  type StaffArticle,
} from "../../../domain/articles/article";
import type { PublicArticle } from "../../../domain/articles/public";
import type { Db } from "../../db/client";
import { articleSlugRedirects, articles } from "../../db/schema";
import { containsPattern, type ListParams, orderOf, pageOf, searchTerm } from "../../plugins/paged-list";
import { isUniqueViolation } from "../auth/db-errors";

type Row = typeof articles.$inferSelect;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SlugTakenError extends Error {}

export const toStaff = (r: Row): StaffArticle => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  bodyMd: r.bodyMd,
  coverImage: r.coverImage,
  tags: r.tags,
  author: r.author,
  state: r.state,
  publishAt: iso(r.publishAt),
  publishedAt: iso(r.publishedAt),
  createdAt: iso(r.createdAt) ?? "",
  updatedAt: iso(r.updatedAt) ?? "",
  readingMinutes: readingMinutes(r.bodyMd),
});

export const toPublic = (r: Row): PublicArticle => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  coverImage: r.coverImage,
  tags: r.tags,
  author: r.author,
  publishedAt: iso(r.publishedAt) ?? "",
  updatedAt: iso(r.updatedAt) ?? "",
  readingMinutes: readingMinutes(r.bodyMd),
});

/** Publishes every scheduled article whose time has come, dated at its publish_at. */
async function settleScheduled(db: Db, now = new Date()) {
  await db
    .update(articles)
    .set({ state: "published", publishedAt: sql`${articles.publishAt}` })
    .where(and(eq(articles.state, "scheduled"), lte(articles.publishAt, now)));
}

// ---- staff ----

export type StaffListParams = ListParams<ArticleSort> & { state?: ArticleState };

function sortExpr(sort: ArticleSort): SQL {
  switch (sort) {
    case "updatedAt":
      return sql`${articles.updatedAt}`;
    case "publishedAt":
      return sql`coalesce(${articles.publishedAt}, ${articles.publishAt}, 'epoch'::timestamptz)`;
    case "title":
      return sql`lower(${articles.title})`;
    case "state":
      return sql`${articles.state}`;
  }
}

export async function listStaff(db: Db, p: StaffListParams) {
  await settleScheduled(db);
  const q = searchTerm(p);
  const where = and(
    p.state ? eq(articles.state, p.state) : undefined,
    q
      ? or(
          ilike(articles.title, containsPattern(q)),
          ilike(articles.slug, containsPattern(q)),
          ilike(articles.summary, containsPattern(q)),
          ilike(articles.author, containsPattern(q)),
          sql`array_to_string(${articles.tags}, ' ') ilike ${containsPattern(q)}`,
        )
      : undefined,
  );
  return pageOf(p, {
    count: async () => (await db.select({ n: count() }).from(articles).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await db
          .select()
          .from(articles)
          .where(where)
          .orderBy(...orderOf(sortExpr(p.sortBy), p.sortDir, articles.id))
          .limit(limit)
          .offset(offset)
      ).map(toStaff),
  });
}

/** An article by its current slug or id (staff screens), whatever its state. */
export async function findStaff(db: Db, slugOrId: string): Promise<Row | null> {
  await settleScheduled(db);
  const [row] = await db
    .select()
    .from(articles)
    .where(UUID.test(slugOrId) ? eq(articles.id, slugOrId) : eq(articles.slug, slugOrId));
  return row ?? null;
}

export async function createArticle(db: Db, input: ArticleInput, authorId: string | null): Promise<Row> {
  try {
    const [row] = await db
      .insert(articles)
      .values({ id: uuidv7(), ...input, authorId })
      .returning();
    // The new slug wins over an old slug another article left behind.
    await db.delete(articleSlugRedirects).where(eq(articleSlugRedirects.oldSlug, input.slug));
    return row as Row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new SlugTakenError(input.slug);
    throw err;
  }
}

/** Saves the fields; a changed slug leaves a redirect from the old one. Null when no such id. */
export async function updateArticle(db: Db, id: string, input: ArticleInput): Promise<Row | null> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select({ slug: articles.slug }).from(articles).where(eq(articles.id, id));
      if (!before) return null;
      const [row] = await tx
        .update(articles)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning();
      if (before.slug !== input.slug) {
        await tx.delete(articleSlugRedirects).where(eq(articleSlugRedirects.oldSlug, input.slug));
        await tx
          .insert(articleSlugRedirects)
          .values({ oldSlug: before.slug, articleId: id })
          .onConflictDoUpdate({ target: articleSlugRedirects.oldSlug, set: { articleId: id } });
      }
      return row ?? null;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new SlugTakenError(input.slug);
    throw err;
  }
}

/**
 * Moves an article to a state. Publishing keeps the first publication date (an article taken down
 * and put back is not new); scheduling needs `publishAt` (a time already past publishes at once).
 */
export async function changeState(
  db: Db,
  id: string,
  state: ArticleState,
  publishAt: Date | null,
): Promise<Row | null> {
  const now = new Date();
  const set =
    state === "published"
      ? { state, publishAt: null, publishedAt: sql`coalesce(${articles.publishedAt}, ${now})` }
      : state === "scheduled"
        ? { state, publishAt }
        : { state, publishAt: null };
  const [row] = await db
    .update(articles)
    .set({ ...set, updatedAt: now })
    .where(eq(articles.id, id))
    .returning();
  if (!row) return null;
  await settleScheduled(db, now);
  return (await findStaff(db, id)) ?? row;
}

// ---- public ----

const isPublished = eq(articles.state, "published");

export async function listPublic(db: Db, page: number, perPage: number) {
  await settleScheduled(db);
  const [total] = await db.select({ n: count() }).from(articles).where(isPublished);
  const rows = await db
    .select()
    .from(articles)
    .where(isPublished)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(perPage)
    .offset(page * perPage);
  return { rows, total: Number(total?.n ?? 0), page, rowsPerPage: perPage };
}

/**
 * A published article by slug, id or earlier slug: `{ row }` when the key is its current slug,
 * `{ redirectTo }` (its current slug) when the key is its id or an old slug, null otherwise.
 */
export async function findPublic(db: Db, key: string): Promise<{ row: Row } | { redirectTo: string } | null> {
  await settleScheduled(db);
  const slug = key.trim().toLowerCase();
  const [bySlug] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), isPublished));
  if (bySlug) return { row: bySlug };
  const [other] = UUID.test(slug)
    ? await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(and(eq(articles.id, slug), isPublished))
    : await db
        .select({ slug: articles.slug })
        .from(articleSlugRedirects)
        .innerJoin(articles, eq(articles.id, articleSlugRedirects.articleId))
        .where(and(eq(articleSlugRedirects.oldSlug, slug), isPublished));
  return other ? { redirectTo: other.slug } : null;
}

/** Every published article, newest first (sitemap and feeds). */
export async function allPublished(db: Db, limit = 50_000): Promise<Row[]> {
  await settleScheduled(db);
  return db
    .select()
    .from(articles)
    .where(isPublished)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}
