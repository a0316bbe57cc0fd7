/**
 * Article Markdown → HTML on the server (docs/articles.md): markdown-it with raw HTML off (a `<tag>`
 * in the Markdown is shown as text), then sanitize-html's allow-list over the result, so what is
 * stored, served and shown to guests carries no script, event handler, style, frame or
 * `javascript:`/`data:` URL, whatever a staff account (or whoever took it over) typed. Links to
 * other sites open in a new tab without the opener or the referrer; site links stay in the tab.
 */
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const EXTERNAL = /^(https?:)?\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "s",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's one h1 is the title: a "# heading" in the body becomes an h2.
    h1: "h2",
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const external = href !== undefined && EXTERNAL.test(href);
      return {
        tagName,
        attribs: {
          ...(href !== undefined ? { href } : {}),
          ...(title !== undefined ? { title } : {}),
          ...(external ? { target: "_blank", rel: "noopener noreferrer" } : {}),
        },
      };
    },
  },
};

/** The sanitised HTML of an article's Markdown body. */
export function renderArticle(bodyMd: string): string {
  return sanitizeHtml(markdown.render(bodyMd), OPTIONS);
}

/** The body's plain text (meta descriptions when the summary is empty). */
export function articleText(bodyMd: string): string {
  return sanitizeHtml(markdown.render(bodyMd), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}
