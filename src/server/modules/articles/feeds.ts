/**
 * What crawlers and feed readers read (docs/articles.md): /sitemap.xml (the public pages and every
 * published article) and the RSS 2.0 and Atom feeds of the published articles, written by `feed`.
 */
import { Feed } from "feed";
import { renderArticle } from "./render";
import type { allPublished } from "./store";

type Row = Awaited<ReturnType<typeof allPublished>>[number];

/** Public pages a guest can read, listed in the sitemap beside the articles. */
const SITEMAP_PAGES = [
  "/",
  "/pricing",
  "/faq",
  "/about-us",
  "/penalty-removal",
  "/articles",
  "/policy",
  "/terms-service",
  "/contact",
  "/request-demo",
];

/** Feeds carry the newest articles only. */
export const FEED_SIZE = 50;

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const articleUrl = (publicUrl: string, slug: string) => `${publicUrl}/articles/${slug}`;

export function sitemapXml(publicUrl: string, rows: Row[]): string {
  const urls = [
    ...SITEMAP_PAGES.map(
      (path) => `  <url><loc>${xmlEscape(`${publicUrl}${path === "/" ? "/" : path}`)}</loc></url>`,
    ),
    ...rows.map(
      (r) =>
        `  <url><loc>${xmlEscape(articleUrl(publicUrl, r.slug))}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function articleFeed(publicUrl: string, rows: Row[]): Feed {
  const feed = new Feed({
    id: `${publicUrl}/articles`,
    link: `${publicUrl}/articles`,
    title: "Blocklot articles",
    description: "Plain-language guides to New York City's RPIE filing rules.",
    language: "en",
    copyright: `© ${new Date().getUTCFullYear()} Blocklot`,
    updated: rows[0]?.updatedAt ?? new Date(0),
    generator: "Blocklot",
    feedLinks: { rss: `${publicUrl}/articles/feed.xml`, atom: `${publicUrl}/articles/atom.xml` },
  });
  for (const r of rows) {
    const link = articleUrl(publicUrl, r.slug);
    feed.addItem({
      id: link,
      link,
      title: r.title,
      description: r.summary,
      content: renderArticle(r.bodyMd),
      date: r.updatedAt,
      published: r.publishedAt ?? r.updatedAt,
      ...(r.author ? { author: [{ name: r.author }] } : {}),
      category: r.tags.map((name) => ({ name })),
    });
  }
  return feed;
}
