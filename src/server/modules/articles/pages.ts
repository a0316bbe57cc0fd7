/**
 * The public article pages as the server sends them (docs/articles.md, "Pages"): the build's
 * prerendered template of the page (the public layout, its styles and the island loader; see
 * scripts/prerender.ts) with the page's title, description, canonical URL, Open Graph and Twitter
 * card tags and JSON-LD in <head>, and the list or the article (the server's escaped and sanitised
 * HTML) in the template's slot (SERVER_SLOT). A guest reads it without the app's script, a crawler
 * and a guest without JavaScript too; the app, once the visitor reaches for it, hydrates the page
 * and keeps the slot as sent (src/app/features/articles/server-slot.ts). Without a template (a
 * build that has none) the page goes into index.html's #root, for the app to render afresh.
 */
import { readingMinutes } from "../../../domain/articles/article";
import { PUBLIC_PAGE_SIZE, SERVER_SLOT } from "../../../domain/articles/public";
import { articleText, renderArticle } from "./render";
import type { allPublished } from "./store";

type Row = Awaited<ReturnType<typeof allPublished>>[number];

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside <script>: no "</script>" or "<!--" can close it early. */
const jsonInScript = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");

interface Head {
  title: string;
  description: string;
  canonical: string;
  type: "website" | "article";
  image: string | null;
  jsonLd: Record<string, unknown>;
  extra?: string[];
}

const absolute = (publicUrl: string, src: string | null) =>
  src === null ? null : /^https:\/\//.test(src) ? src : `${publicUrl}${src}`;

/**
 * The template with the page's head tags, and `slot` in its slot; a template without a slot
 * (index.html) gets `fallback`, the page with its own heading, in #root instead.
 */
function fill(template: string, head: Head, slot: string, fallback: string): string {
  const tags = [
    `<meta name="description" content="${esc(head.description)}" />`,
    `<link rel="canonical" href="${esc(head.canonical)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${esc(head.title)}" />`,
    `<meta property="og:description" content="${esc(head.description)}" />`,
    `<meta property="og:url" content="${esc(head.canonical)}" />`,
    `<meta property="og:site_name" content="Blocklot" />`,
    ...(head.image ? [`<meta property="og:image" content="${esc(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${esc(head.title)}" />`,
    `<meta name="twitter:description" content="${esc(head.description)}" />`,
    ...(head.image ? [`<meta name="twitter:image" content="${esc(head.image)}" />`] : []),
    `<link rel="alternate" type="application/rss+xml" title="Blocklot articles" href="/articles/feed.xml" />`,
    `<script type="application/ld+json">${jsonInScript(head.jsonLd)}</script>`,
    ...(head.extra ?? []),
  ].join("\n    ");
  const page = template
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace(/<title>[^<]*<\/title>/, () => `<title>${esc(head.title)} | Blocklot</title>`)
    .replace("</head>", () => `  ${tags}\n  </head>`);
  return page.includes(SERVER_SLOT)
    ? page.replace(SERVER_SLOT, () => slot)
    : page.replace(/<div id="root">[\s\S]*?<\/div><\/div>/, () => `<div id="root">${fallback}</div>`);
}

const dateOf = (d: Date | null) => (d ?? new Date(0)).toISOString();
/** "March 2, 2026", as the app writes it in English (the template's language); the day in UTC. */
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const time = (d: Date | null) => `<time datetime="${dateOf(d)}">${longDate.format(d ?? new Date(0))}</time>`;

export function articlePageHtml(template: string, publicUrl: string, r: Row): string {
  const canonical = `${publicUrl}/articles/${r.slug}`;
  const description = r.summary || articleText(r.bodyMd).slice(0, 160);
  const image = absolute(publicUrl, r.coverImage);
  // What the app's ArticlePage shows between "All articles" and the call to action.
  const slot = `<h1>${esc(r.title)}</h1>
<p>${time(r.publishedAt)} · ${readingMinutes(r.bodyMd)} min read${r.author ? ` · ${esc(r.author)}` : ""}</p>
${r.coverImage ? `<p><img src="${esc(r.coverImage)}" alt="" /></p>` : ""}
${renderArticle(r.bodyMd)}
${r.tags.length ? `<p>Tags: ${r.tags.map(esc).join(", ")}</p>` : ""}`;
  return fill(
    template,
    {
      title: r.title,
      description,
      canonical,
      type: "article",
      image,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: r.title,
        description,
        datePublished: dateOf(r.publishedAt),
        dateModified: dateOf(r.updatedAt),
        mainEntityOfPage: canonical,
        ...(image ? { image: [image] } : {}),
        ...(r.author ? { author: { "@type": "Person", name: r.author } } : {}),
        publisher: { "@type": "Organization", name: "Blocklot" },
        keywords: r.tags.join(", "),
      },
      extra: [
        `<meta property="article:published_time" content="${dateOf(r.publishedAt)}" />`,
        ...r.tags.map((t) => `<meta property="article:tag" content="${esc(t)}" />`),
      ],
    },
    slot,
    `<main><article><p><a href="/articles">All articles</a></p>\n${slot}</article></main>`,
  );
}

export function articleListHtml(
  template: string,
  publicUrl: string,
  page: { rows: Row[]; total: number; page: number },
): string {
  const canonical = `${publicUrl}/articles${page.page > 0 ? `?page=${page.page + 1}` : ""}`;
  const items = page.rows
    .map(
      (r) => `<article>
${r.coverImage ? `<p><img src="${esc(r.coverImage)}" alt="" loading="lazy" /></p>` : ""}
<h2><a href="/articles/${esc(r.slug)}">${esc(r.title)}</a></h2>
<p>${time(r.publishedAt)} · ${readingMinutes(r.bodyMd)} min read</p>
<p>${esc(r.summary)}</p>
</article>`,
    )
    .join("\n");
  const pages = Math.max(1, Math.ceil(page.total / PUBLIC_PAGE_SIZE));
  const links = [
    page.page > 0 ? `<a href="/articles?page=${page.page}" rel="prev">Newer articles</a>` : "",
    page.page + 1 < pages ? `<a href="/articles?page=${page.page + 2}" rel="next">Older articles</a>` : "",
  ].filter(Boolean);
  const slot = [
    items || "<p>No articles yet.</p>",
    links.length ? `<nav aria-label="Pages of articles"><p>${links.join(" · ")}</p></nav>` : "",
  ].join("\n");
  const description = "Plain-language guides to New York City's RPIE filing rules.";
  return fill(
    template,
    {
      title: "Blog and News",
      description,
      canonical,
      type: "website",
      image: null,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: "Blocklot articles",
        url: `${publicUrl}/articles`,
        description,
      },
    },
    slot,
    `<main><h1>Articles about RPIE filing</h1>\n${slot}</main>`,
  );
}
