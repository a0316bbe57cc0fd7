/**
 * Articles (issue 17, docs/articles.md): staff-only writing routes, states (a scheduled article
 * publishes itself when its time comes), slug changes that keep a redirect, sanitisation of the
 * Markdown against known XSS payloads, and the sitemap and feeds (published articles only, valid XML).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_TEMPLATES, SERVER_SLOT } from "../../src/domain/articles/public";
import { ROLES, type Role } from "../../src/domain/roles";
import { articles } from "../../src/server/db/schema";
import { renderArticle } from "../../src/server/modules/articles/render";
import { createTestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let admin: string;

const tokenFor = async (roles: Role[]) => (await createTestUser(server, { roles })).token;
const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const get = (url: string, token?: string) => server.app.inject({ method: "GET", url, headers: auth(token) });
/** Sent as the super admin unless a token (or null: a guest) is given. */
const send = (method: "POST" | "PUT", url: string, payload: object, token: string | null = admin) =>
  server.app.inject({ method, url, payload, headers: auth(token ?? undefined) });

const draft = (slug: string, over: object = {}) => ({
  slug,
  title: `Title of ${slug}`,
  summary: `Summary of ${slug}`,
  bodyMd: `# ${slug}\n\nThe body of **${slug}**.`,
  coverImage: null,
  tags: ["rpie"],
  author: "Blocklot staff",
  ...over,
});
async function create(slug: string, over: object = {}) {
  const res = await send("POST", "/api/admin/articles", draft(slug, over));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; slug: string; state: string };
}
const setState = (id: string, state: string, publishAt?: string) =>
  send("POST", `/api/admin/articles/${id}/state`, publishAt ? { state, publishAt } : { state });
/** Well-formed XML, as the database's XML parser (libxml2, in PGlite and PostgreSQL) judges it. */
async function wellFormed(xml: string) {
  const res = await server.database.db.execute(sql`select xml_is_well_formed_document(${xml}) as ok`);
  return (res.rows[0] as { ok: boolean }).ok;
}
const publicSlugs = async () =>
  ((await get("/api/articles")).json() as { rows: { slug: string }[] }).rows.map((r) => r.slug);

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: "https://blocklot.test" });
  admin = await tokenFor([ROLES.SUPER_ADMIN]);
});
afterAll(async () => server.close());

describe("who may write articles", () => {
  it("answers 401 to a guest and 403 to a company admin on every staff route", async () => {
    const companyAdmin = await tokenFor([ROLES.COMPANY_ADMIN]);
    const { id } = await create("staff-only");
    const calls = [
      () => get("/api/admin/articles"),
      () => get("/api/admin/articles/staff-only"),
      () => send("POST", "/api/admin/articles", draft("intruder"), null),
      () => send("PUT", `/api/admin/articles/${id}`, draft("intruder"), null),
      () => send("POST", `/api/admin/articles/${id}/state`, { state: "published" }, null),
      () => send("POST", "/api/admin/articles/preview", { bodyMd: "x" }, null),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);
    const asCompanyAdmin = [
      get("/api/admin/articles", companyAdmin),
      get("/api/admin/articles/staff-only", companyAdmin),
      send("POST", "/api/admin/articles", draft("intruder"), companyAdmin),
      send("PUT", `/api/admin/articles/${id}`, draft("intruder"), companyAdmin),
      send("POST", `/api/admin/articles/${id}/state`, { state: "published" }, companyAdmin),
      send("POST", "/api/admin/articles/preview", { bodyMd: "x" }, companyAdmin),
    ];
    for (const res of await Promise.all(asCompanyAdmin)) expect(res.statusCode).toBe(403);
    expect(await publicSlugs()).not.toContain("staff-only");
  });

  it("refuses bad input with a 400 and a taken slug with a 409", async () => {
    expect((await send("POST", "/api/admin/articles", draft("Bad Slug!"))).statusCode).toBe(400);
    expect((await send("POST", "/api/admin/articles", draft("ok", { title: "  " }))).statusCode).toBe(400);
    expect(
      (await send("POST", "/api/admin/articles", draft("cover", { coverImage: "javascript:alert(1)" })))
        .statusCode,
    ).toBe(400);
    await create("taken");
    const again = await send("POST", "/api/admin/articles", draft("taken"));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("DUPLICATE");
    const long = (await get("/api/articles/x".padEnd(300, "x"))).statusCode;
    expect(long >= 400 && long < 500).toBe(true);
  });
});

describe("states", () => {
  it("shows guests published articles only, and keeps the first publication date", async () => {
    const a = await create("state-walk");
    expect((await get("/api/articles/state-walk")).statusCode).toBe(404);
    const published = await setState(a.id, "published");
    expect(published.json().state).toBe("published");
    const firstDate = published.json().publishedAt;
    expect(await publicSlugs()).toContain("state-walk");
    const page = (await get("/api/articles/state-walk")).json();
    expect(page.title).toBe("Title of state-walk");
    expect(page.html).toContain("<strong>state-walk</strong>");
    expect((await setState(a.id, "unpublished")).json().state).toBe("unpublished");
    expect((await get("/api/articles/state-walk")).statusCode).toBe(404);
    expect(await publicSlugs()).not.toContain("state-walk");
    const again = await setState(a.id, "published");
    expect(again.json().publishedAt).toBe(firstDate);
  });

  it("publishes a scheduled article once its time has passed, not before", async () => {
    const a = await create("scheduled-one");
    expect((await setState(a.id, "scheduled")).statusCode).toBe(400);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await setState(a.id, "scheduled", future)).json().state).toBe("scheduled");
    expect((await get("/api/articles/scheduled-one")).statusCode).toBe(404);
    // An hour later (moved back in the database rather than waiting).
    const past = new Date(Date.now() - 60_000);
    await server.database.db.update(articles).set({ publishAt: past });
    const read = await get("/api/articles/scheduled-one");
    expect(read.statusCode).toBe(200);
    expect(read.json().publishedAt).toBe(past.toISOString());
    expect((await get("/api/admin/articles/scheduled-one", admin)).json().state).toBe("published");
  });
});

describe("addresses", () => {
  it("redirects an old slug and the id to the current slug", async () => {
    const a = await create("old-name");
    await setState(a.id, "published");
    const renamed = await send("PUT", `/api/admin/articles/${a.id}`, draft("new-name"));
    expect(renamed.statusCode).toBe(200);
    const old = await get("/api/articles/old-name");
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/api/articles/new-name");
    expect(old.json().slug).toBe("new-name");
    const byId = await get(`/api/articles/${a.id}`);
    expect(byId.statusCode).toBe(301);
    expect(byId.json().slug).toBe("new-name");
    expect((await get("/api/articles/new-name")).statusCode).toBe(200);
    // A second rename: both earlier slugs lead to the newest.
    await send("PUT", `/api/admin/articles/${a.id}`, draft("newest-name"));
    expect((await get("/api/articles/old-name")).json().slug).toBe("newest-name");
    expect((await get("/api/articles/new-name")).json().slug).toBe("newest-name");
    // A new article may take an old slug: its own page wins over the redirect.
    const b = await create("old-name");
    await setState(b.id, "published");
    expect((await get("/api/articles/old-name")).statusCode).toBe(200);
  });

  it("lists, pages and searches for staff on the server", async () => {
    const res = await get("/api/admin/articles?query=newest&rowsPerPage=5", admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { slug: string }) => r.slug)).toEqual(["newest-name"]);
    const drafts = (await get("/api/admin/articles?state=draft&rowsPerPage=1", admin)).json();
    expect(drafts.rows).toHaveLength(1);
    expect(drafts.total).toBeGreaterThan(1);
    expect((await get("/api/admin/articles?sortBy=nope", admin)).statusCode).toBe(400);
  });
});

/** Every HTML start tag of a rendering (text "<" is escaped, so each match is a real tag). */
const tagsOf = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];

describe("sanitisation", () => {
  const PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    '<a href="javascript:alert(1)">x</a>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "![img](javascript:alert(1))",
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<p style="width: expression(alert(1))">x</p>',
    "<iframe src=https://evil.example></iframe>",
    '<object data="javascript:alert(1)"></object>',
    "<math><mi xlink:href=javascript:alert(1)>x</mi></math>",
    '<a href="https://ok.example" onclick="alert(1)">x</a>',
    '[x](https://ok.example "title" onmouseover=alert(1))',
    "<style>body{background:url(javascript:alert(1))}</style>",
    '<form action="javascript:alert(1)"><button>x</button></form>',
    "<base href=javascript:/a/>",
  ];
  it.each(PAYLOADS)("renders %s harmless", async (payload) => {
    const html = renderArticle(`Before\n\n${payload}\n\nAfter`);
    for (const tag of tagsOf(html)) {
      expect(tag).not.toMatch(/^<(script|svg|iframe|object|embed|style|form|math|base|div|button)/i);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/javascript:|data:|style=/i);
    }
    // The preview route answers the same rendering to staff.
    const preview = await send("POST", "/api/admin/articles/preview", {
      bodyMd: `Before\n\n${payload}\n\nAfter`,
    });
    expect(preview.json().html).toBe(html);
  });

  it("keeps ordinary Markdown, and opens other sites in a new tab without the opener", () => {
    const html = renderArticle(
      "# Heading\n\n[DOF](https://www.nyc.gov/dof) and [pricing](/pricing)\n\n- one\n- two\n\n![map](https://img.example/a.png)",
    );
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain(
      '<a href="https://www.nyc.gov/dof" target="_blank" rel="noopener noreferrer">DOF</a>',
    );
    expect(html).toContain('<a href="/pricing">pricing</a>');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<img src="https://img.example/a.png" alt="map" />');
  });
});

describe("sitemap and feeds", () => {
  it("list every published article and nothing else, as valid XML", async () => {
    const hidden = await create("never-published");
    expect(hidden.state).toBe("draft");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toContain("xml");
    expect(await wellFormed(sitemap.body)).toBe(true);
    expect(await wellFormed("<urlset><url></urlset>")).toBe(false);
    expect(sitemap.body).toContain("<loc>https://blocklot.test/articles/newest-name</loc>");
    expect(sitemap.body).toContain("<loc>https://blocklot.test/articles</loc>");
    expect(sitemap.body).toContain("<loc>https://blocklot.test/pricing</loc>");
    expect(sitemap.body).not.toContain("never-published");
    expect(sitemap.body).not.toContain("staff-only");
    const published = (await get("/api/articles?page=0")).json().total as number;
    expect(sitemap.body.match(/\/articles\/[a-z0-9-]+<\/loc>/g)).toHaveLength(published);

    for (const [url, root] of [
      ["/articles/feed.xml", "<rss"],
      ["/articles/atom.xml", "<feed"],
    ] as const) {
      const feed = await get(url);
      expect(feed.statusCode).toBe(200);
      expect(await wellFormed(feed.body)).toBe(true);
      expect(feed.body).toContain(root);
      expect(feed.body).toContain("https://blocklot.test/articles/newest-name");
      expect(feed.body).toContain("Title of newest-name");
      expect(feed.body).not.toContain("never-published");
      expect(feed.body).not.toContain("staff-only");
    }
  });
});

describe("server-rendered pages", () => {
  let site: TestServer;
  let siteAdmin: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "articles-app-"));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Blocklot" /><title>Blocklot</title></head><body><div id="root"><div id="boot-splash"></div></div></body></html>',
    );
    site = await startTestServer({ PUBLIC_URL: "https://blocklot.test", STATIC_DIR: dir });
    siteAdmin = (await createTestUser(site, { roles: [ROLES.SUPER_ADMIN] })).token;
  });
  afterAll(async () => site.close());

  it("carry the article, its head tags and JSON-LD for guests without script; old slugs redirect", async () => {
    const headers = { authorization: `Bearer ${siteAdmin}` };
    const title = 'Deadline </script><script>alert(1)</script> & "quotes"';
    const created = await site.app.inject({
      method: "POST",
      url: "/api/admin/articles",
      headers,
      payload: draft("page-one", { title, bodyMd: "Body with **bold** text." }),
    });
    const { id } = created.json();
    await site.app.inject({
      method: "POST",
      url: `/api/admin/articles/${id}/state`,
      headers,
      payload: { state: "published" },
    });
    await site.app.inject({
      method: "PUT",
      url: `/api/admin/articles/${id}`,
      headers,
      payload: draft("page-two", { title, bodyMd: "Body with **bold** text." }),
    });

    const page = await site.app.inject({ method: "GET", url: "/articles/page-two" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const html = page.body;
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<link rel="canonical" href="https://blocklot.test/articles/page-two" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(
      "<title>Deadline &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; | Blocklot</title>",
    );
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // The only <script> is the JSON-LD, which the title cannot close.
    expect(html.match(/<script/g)).toHaveLength(1);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}",
    );
    expect(ld).toMatchObject({
      "@type": "Article",
      headline: title,
      mainEntityOfPage: "https://blocklot.test/articles/page-two",
    });
    expect(html).not.toContain("boot-splash");

    const old = await site.app.inject({ method: "GET", url: "/articles/page-one" });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/articles/page-two");
    const byId = await site.app.inject({ method: "GET", url: `/articles/${id}` });
    expect(byId.headers.location).toBe("/articles/page-two");
    expect((await site.app.inject({ method: "GET", url: "/articles/no-such-one" })).statusCode).toBe(404);

    const list = await site.app.inject({ method: "GET", url: "/articles" });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<a href="/articles/page-two">Deadline &lt;/script&gt;');
    expect(list.body).toContain('<link rel="canonical" href="https://blocklot.test/articles" />');
  });
});

describe("island pages (the build's templates filled by the server)", () => {
  let site: TestServer;
  const LOADER = "/* island loader */";
  /** A template as scripts/prerender.ts writes it: the public layout, the slot, the island loader. */
  const templateHtml = (name: string) =>
    `<!doctype html><html><head><meta name="description" content="Blocklot" /><title>Blocklot</title><style>.x{}</style></head><body><div id="root" data-prerendered><header>${name} header</header><main><div data-server-slot="">${SERVER_SLOT}</div></main><footer>footer</footer></div><script type="module">${LOADER}</script></body></html>`;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "articles-islands-"));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><html><head><title>Blocklot</title></head><body><div id="root"><div id="boot-splash"></div></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
    );
    mkdirSync(join(dir, "prerendered"));
    writeFileSync(join(dir, "prerendered", ARTICLE_TEMPLATES.article.file), templateHtml("article"));
    writeFileSync(join(dir, "prerendered", ARTICLE_TEMPLATES.list.file), templateHtml("list"));
    site = await startTestServer({ PUBLIC_URL: "https://blocklot.test", STATIC_DIR: dir });
    const headers = {
      authorization: `Bearer ${(await createTestUser(site, { roles: [ROLES.SUPER_ADMIN] })).token}`,
    };
    const created = await site.app.inject({
      method: "POST",
      url: "/api/admin/articles",
      headers,
      payload: draft("island-one", {
        title: 'Island <img src=x onerror=alert(1)> & "one"',
        bodyMd: "Body with **bold** text.\n\n<script>alert(2)</script>",
        tags: ["rpie", "<b>tag</b>"],
      }),
    });
    await site.app.inject({
      method: "POST",
      url: `/api/admin/articles/${created.json().id}/state`,
      headers,
      payload: { state: "published" },
    });
  });
  afterAll(async () => site.close());
  const page = (url: string, headers: Record<string, string> = {}) =>
    site.app.inject({ method: "GET", url, headers });

  it("an article is its template with the article in the slot: no app script, escaped and sanitised", async () => {
    const res = await page("/articles/island-one");
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain("article header");
    expect(html).toContain(LOADER);
    expect(html).not.toContain("/assets/index-abc.js");
    expect(html).not.toContain(SERVER_SLOT);
    const slot = /<div data-server-slot="">([\s\S]*?)<\/div><\/main>/.exec(html)?.[1] ?? "";
    expect(slot).toContain("<h1>Island &lt;img src=x onerror=alert(1)&gt; &amp; &quot;one&quot;</h1>");
    expect(slot).toContain("<strong>bold</strong>");
    expect(slot).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(slot).toContain("Tags: rpie, &lt;b&gt;tag&lt;/b&gt;");
    expect(slot).toMatch(
      /<time datetime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time> · 1 min read · Blocklot staff/,
    );
    expect(html).toContain(
      "<title>Island &lt;img src=x onerror=alert(1)&gt; &amp; &quot;one&quot; | Blocklot</title>",
    );
    expect(html).toContain('<link rel="canonical" href="https://blocklot.test/articles/island-one" />');
    // Two scripts: the template's island loader and the JSON-LD; the title closes neither.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<img/g)).toBeNull();
  });

  it("the list is its template with the articles and page links in the slot; any ?page= is a page", async () => {
    const res = await page("/articles");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("list header");
    expect(res.body).toContain('<h2><a href="/articles/island-one">Island &lt;img');
    expect(res.body).toContain('<link rel="canonical" href="https://blocklot.test/articles" />');
    for (const query of ["?page=abc", "?page=-1", "?page=99999999999", "?page=1&page=2", "?page[x]=1"]) {
      const other = await page(`/articles${query}`);
      expect(other.statusCode, query).toBe(200);
      expect(other.body, query).toContain("list header");
    }
    expect((await page("/articles?page=2")).body).toContain("No articles yet.");
  });

  it("bad or unknown slugs answer the app's 404 page, never a 500", async () => {
    for (const key of [
      "no-such-one",
      "%00",
      "a%00b",
      "%E2%9C%93",
      "..%2F..%2Fetc%2Fpasswd",
      "x".repeat(300),
      "a%20b",
      "'%20or%201=1--",
      "0190b9a4-0000-7000-8000-000000000000",
      "%ZZ",
      "island-one/more",
    ]) {
      const res = await page(`/articles/${key}`);
      expect([400, 404], key).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.body, key).toContain("/assets/index-abc.js");
    }
    // Upper case is the same slug.
    expect((await page("/articles/ISLAND-ONE")).statusCode).toBe(200);
  });

  it("is sent compressed when the browser accepts it", async () => {
    const br = await page("/articles/island-one", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("<strong>bold</strong>");
    const gz = await page("/articles", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("list header");
    expect((await page("/articles")).headers["content-encoding"]).toBeUndefined();
  });
});
