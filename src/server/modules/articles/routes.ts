/**
 * Articles (issue 17, docs/articles.md): staff write and publish them under /api/admin/articles
 * (super admins only); guests read the published ones under /api/articles, in /sitemap.xml, in the
 * RSS and Atom feeds, and as server-rendered pages at /articles and /articles/{slug}.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  ARTICLE_PATHS,
  ARTICLE_SORTS,
  ARTICLE_STATES,
  type ArticleInput,
  type ArticleState,
  BODY_MAX,
  SLUG_MAX,
  SLUG_PATTERN,
  SUMMARY_MAX,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from "../../../domain/articles/article";
import { ARTICLE_TEMPLATES, PUBLIC_ARTICLES_PATH, PUBLIC_PAGE_SIZE } from "../../../domain/articles/public";
import { ERROR_CODES } from "../../../domain/errors";
import { ROLES } from "../../../domain/roles";
import { ErrorBody, httpError } from "../../plugins/errors";
import { listQuerySchema, pageSchema } from "../../plugins/paged-list";
import { articleFeed, FEED_SIZE, sitemapXml } from "./feeds";
import { sendHtml } from "./html-reply";
import { articleListHtml, articlePageHtml } from "./pages";
import { renderArticle } from "./render";
import {
  allPublished,
  changeState,
  createArticle,
  findPublic,
  findStaff,
  listPublic,
  listStaff,
  SlugTakenError,
  type StaffListParams,
  toPublic,
  toStaff,
  updateArticle,
} from "./store";

const superAdmin = { auth: [ROLES.SUPER_ADMIN] };
const publicRoute = { auth: "public" as const };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const StateSchema = Type.Unsafe<ArticleState>({ type: "string", enum: [...ARTICLE_STATES] });

/** What /articles/{key} can name: a slug (now or earlier) or an id, in any case. */
const PAGE_KEY = new RegExp(`^[A-Za-z0-9-]{1,${Math.max(SLUG_MAX, 36)}}$`);

/** A cover: a path on this site ("/images/…") or an https URL. */
const COVER_PATTERN = "^(/[A-Za-z0-9._~/-]+|https://[^\\s\"'<>]+)$";

const ArticleInputSchema = Type.Object(
  {
    slug: Type.String({ pattern: SLUG_PATTERN, minLength: 1, maxLength: SLUG_MAX }),
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX, pattern: "\\S" }),
    summary: Type.String({ maxLength: SUMMARY_MAX }),
    bodyMd: Type.String({ maxLength: BODY_MAX }),
    coverImage: Nullable(Type.String({ pattern: COVER_PATTERN, maxLength: 500 })),
    tags: Type.Array(Type.String({ minLength: 1, maxLength: TAG_MAX }), { maxItems: TAGS_MAX }),
    author: Type.String({ maxLength: 120 }),
  },
  { additionalProperties: false },
);

const publicFields = {
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  coverImage: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  author: Type.String(),
  publishedAt: Type.String(),
  updatedAt: Type.String(),
  readingMinutes: Type.Integer(),
};
const staffFields = {
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  bodyMd: Type.String(),
  coverImage: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  author: Type.String(),
  state: StateSchema,
  publishAt: Nullable(Type.String()),
  publishedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  readingMinutes: Type.Integer(),
};
const StaffArticle = Type.Object(staffFields);
const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) });

const tidy = (input: ArticleInput): ArticleInput => ({
  ...input,
  title: input.title.trim(),
  summary: input.summary.trim(),
  author: input.author.trim(),
  tags: [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))],
});

const slugTaken = (slug: string) =>
  httpError(409, `Another article already uses the address "${slug}".`, { code: ERROR_CODES.DUPLICATE });

export async function articleRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  // ---- staff ----

  app.get<{ Querystring: StaffListParams }>(
    ARTICLE_PATHS.staff,
    {
      config: superAdmin,
      schema: {
        tags: ["articles"],
        summary: "Articles in every state, paged, sorted and searched (title, slug, summary, author, tags)",
        querystring: listQuerySchema(
          ARTICLE_SORTS,
          { sortBy: "updatedAt" },
          { state: Type.Optional(StateSchema) },
        ),
        response: { 200: pageSchema(staffFields), ...errors },
      },
    },
    async (request) => listStaff(db, request.query),
  );

  app.post<{ Body: { bodyMd: string } }>(
    ARTICLE_PATHS.preview,
    {
      config: superAdmin,
      schema: {
        tags: ["articles"],
        summary: "The HTML a Markdown body renders to (rendered and sanitised as when published)",
        body: Type.Object({ bodyMd: Type.String({ maxLength: BODY_MAX }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ html: Type.String() }), ...errors },
      },
    },
    async (request) => ({ html: renderArticle(request.body.bodyMd) }),
  );

  app.get<{ Params: { key: string } }>(
    `${ARTICLE_PATHS.staff}/:key`,
    {
      config: superAdmin,
      schema: {
        tags: ["articles"],
        summary: "One article in any state, by its slug or id, with its rendered body",
        params: KeyParams,
        response: { 200: Type.Object({ ...staffFields, html: Type.String() }), ...errors },
      },
    },
    async (request) => {
      const row = await findStaff(db, request.params.key);
      if (!row) throw httpError(404, "No such article");
      return { ...toStaff(row), html: renderArticle(row.bodyMd) };
    },
  );

  app.post<{ Body: Static<typeof ArticleInputSchema> }>(
    ARTICLE_PATHS.staff,
    {
      config: superAdmin,
      schema: {
        tags: ["articles"],
        summary: "Create an article (a draft)",
        body: ArticleInputSchema,
        response: { 201: StaffArticle, ...errors },
      },
    },
    async (request, reply) => {
      const input = tidy(request.body);
      try {
        const row = await createArticle(db, input, (request.user as { id: string }).id);
        return reply.status(201).send(toStaff(row));
      } catch (err) {
        if (err instanceof SlugTakenError) throw slugTaken(input.slug);
        throw err;
      }
    },
  );

  app.put<{ Params: { id: string }; Body: Static<typeof ArticleInputSchema> }>(
    `${ARTICLE_PATHS.staff}/:id`,
    {
      config: superAdmin,
      schema: {
        tags: ["articles"],
        summary: "Save an article's fields; a new slug keeps a redirect from the old one",
        params: IdParams,
        body: ArticleInputSchema,
        response: { 200: StaffArticle, ...errors },
      },
    },
    async (request) => {
      const input = tidy(request.body);
      try {
        const row = await updateArticle(db, request.params.id, input);
        if (!row) throw httpError(404, "No such article");
        return toStaff(row);
      } catch (err) {
        if (err instanceof SlugTakenError) throw slugTaken(input.slug);
        throw err;
      }
    },
  );

  app.post<{ Params: { id: string }; Body: { state: ArticleState; publishAt?: string } }>(
    `${ARTICLE_PATHS.staff}/:id/state`,
    {
      config: superAdmin,
      schema: {
        tags: ["articles"],
        summary: "Move an article to draft, scheduled (with publishAt), published or unpublished",
        params: IdParams,
        body: Type.Object(
          { state: StateSchema, publishAt: Type.Optional(Type.String({ format: "date-time" })) },
          { additionalProperties: false },
        ),
        response: { 200: StaffArticle, ...errors },
      },
    },
    async (request) => {
      const { state, publishAt } = request.body;
      if (state === "scheduled" && !publishAt)
        throw httpError(400, "A scheduled article needs the date and time to publish it");
      const row = await changeState(db, request.params.id, state, publishAt ? new Date(publishAt) : null);
      if (!row) throw httpError(404, "No such article");
      return toStaff(row);
    },
  );

  // ---- guests ----

  app.get<{ Querystring: { page: number } }>(
    PUBLIC_ARTICLES_PATH,
    {
      config: publicRoute,
      schema: {
        tags: ["articles"],
        summary: `Published articles, newest first, ${PUBLIC_PAGE_SIZE} a page (page from 0)`,
        querystring: Type.Object(
          { page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }) },
          { additionalProperties: false },
        ),
        response: { 200: pageSchema(publicFields), ...errors },
      },
    },
    async (request) => {
      const page = await listPublic(db, request.query.page, PUBLIC_PAGE_SIZE);
      return { ...page, rows: page.rows.map(toPublic) };
    },
  );

  app.get<{ Params: { key: string } }>(
    `${PUBLIC_ARTICLES_PATH}/:key`,
    {
      config: publicRoute,
      schema: {
        tags: ["articles"],
        summary:
          "A published article by slug with its rendered body; its id or an earlier slug answers 301 to the current slug",
        params: KeyParams,
        response: {
          200: Type.Object({ ...publicFields, html: Type.String() }),
          301: Type.Object({ slug: Type.String() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const found = await findPublic(db, request.params.key);
      if (!found) throw httpError(404, "No such article");
      if ("redirectTo" in found)
        return reply
          .status(301)
          .header("location", `${PUBLIC_ARTICLES_PATH}/${found.redirectTo}`)
          .send({ slug: found.redirectTo });
      return { ...toPublic(found.row), html: renderArticle(found.row.bodyMd) };
    },
  );

  const xml = (reply: FastifyReply, type: string, body: string) =>
    reply.type(`${type}; charset=utf-8`).header("cache-control", "public, max-age=300").send(body);

  app.get("/sitemap.xml", { config: publicRoute, schema: { hide: true } }, async (_request, reply) =>
    xml(reply, "application/xml", sitemapXml(config.publicUrl, await allPublished(db))),
  );
  app.get("/articles/feed.xml", { config: publicRoute, schema: { hide: true } }, async (_request, reply) =>
    xml(
      reply,
      "application/rss+xml",
      articleFeed(config.publicUrl, await allPublished(db, FEED_SIZE)).rss2(),
    ),
  );
  app.get("/articles/atom.xml", { config: publicRoute, schema: { hide: true } }, async (_request, reply) =>
    xml(
      reply,
      "application/atom+xml",
      articleFeed(config.publicUrl, await allPublished(db, FEED_SIZE)).atom1(),
    ),
  );

  // ---- server-rendered pages (when the built app is served) ----

  const staticDir = config.staticDir;
  if (!staticDir || !existsSync(resolve(staticDir, "index.html"))) return;
  // The build's prerendered templates (scripts/prerender.ts), else index.html (pages.ts); read once.
  const files = new Map<string, string>();
  const fileText = (path: string) => {
    const text = files.get(path) ?? readFileSync(path, "utf8");
    files.set(path, text);
    return text;
  };
  const shell = () => fileText(resolve(staticDir, "index.html"));
  const template = (file: string) => {
    const prerendered = resolve(staticDir, "prerendered", file);
    return existsSync(prerendered) ? fileText(prerendered) : shell();
  };

  app.get<{ Querystring: { page?: string } }>(
    "/articles",
    { config: publicRoute, schema: { hide: true } },
    async (request, reply) => {
      const n = Number.parseInt(String(request.query.page ?? "1"), 10);
      const page = Number.isFinite(n) && n >= 1 && n <= 100_000 ? n - 1 : 0;
      const list = await listPublic(db, page, PUBLIC_PAGE_SIZE);
      return sendHtml(
        request,
        reply,
        articleListHtml(template(ARTICLE_TEMPLATES.list.file), config.publicUrl, list),
      );
    },
  );

  // A wildcard, not `:key`: a key longer than the router's parameter limit is no article either.
  app.get<{ Params: { "*": string } }>(
    "/articles/*",
    { config: publicRoute, schema: { hide: true } },
    async (request, reply) => {
      const key = request.params["*"];
      // A slug, an earlier slug or an id: anything else is no article (never a query).
      const found = PAGE_KEY.test(key) ? await findPublic(db, key) : null;
      // Unknown: the app's own 404 page, with a 404 status for crawlers.
      if (!found) return sendHtml(request, reply, shell(), 404);
      if ("redirectTo" in found) return reply.redirect(`/articles/${found.redirectTo}`, 301);
      return sendHtml(
        request,
        reply,
        articlePageHtml(template(ARTICLE_TEMPLATES.article.file), config.publicUrl, found.row),
      );
    },
  );
}
