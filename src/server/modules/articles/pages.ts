/**
 * The public article pages as the server sends them (docs/articles.md): the built index.html with
 * the page's title, description, canonical URL, Open Graph and Twitter card tags and JSON-LD
 * `Article` in <head>, and the article itself (the server's sanitised HTML) in #root, so a guest
 * without JavaScript and a crawler read it. The app then starts as usual and renders the same
 * article from /api/articles.
 */
import { readingMinutes } from "../../../domain/articles/article";
import { PUBLIC_PAGE_SIZE } from "../../../domain/articles/public";
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

function fill(template: string, head: Head, body: string): string {
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
  return template
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace(/<title>[^<]*<\/title>/, () => `<title>${esc(head.title)} | Blocklot</title>`)
    .replace("</head>", () => `  ${tags}\n  </head>`)
    .replace(/<div id="root">[\s\S]*?<\/div><\/div>/, () => `<div id="root">${body}</div>`);
}

const dateOf = (d: Date | null) => (d ?? new Date(0)).toISOString();
const day = (d: Date | null) => dateOf(d).slice(0, 10);

export function articlePageHtml(template: string, publicUrl: string, r: Row): string {
  const canonical = `${publicUrl}/articles/${r.slug}`;
  const description = r.summary || articleText(r.bodyMd).slice(0, 160);
  const image = absolute(publicUrl, r.coverImage);
  const body = `<main><article>
<p><a href="/articles">All articles</a></p>
<h1>${esc(r.title)}</h1>
<p><time datetime="${dateOf(r.publishedAt)}">${day(r.publishedAt)}</time> · ${readingMinutes(r.bodyMd)} min read${r.author ? ` · ${esc(r.author)}` : ""}</p>
${image ? `<img src="${esc(image)}" alt="" />` : ""}
${renderArticle(r.bodyMd)}
</article></main>`;
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
    body,
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
      (r) => `<li><article>
<h2><a href="/articles/${esc(r.slug)}">${esc(r.title)}</a></h2>
<p><time datetime="${dateOf(r.publishedAt)}">${day(r.publishedAt)}</time> · ${readingMinutes(r.bodyMd)} min read</p>
<p>${esc(r.summary)}</p>
</article></li>`,
    )
    .join("\n");
  const pages = Math.max(1, Math.ceil(page.total / PUBLIC_PAGE_SIZE));
  const nav = [
    page.page > 0 ? `<a href="/articles?page=${page.page}" rel="prev">Newer articles</a>` : "",
    page.page + 1 < pages ? `<a href="/articles?page=${page.page + 2}" rel="next">Older articles</a>` : "",
  ].join(" ");
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
    `<main><h1>Articles about RPIE filing</h1><ul>${items}</ul><nav>${nav}</nav></main>`,
  );
}
