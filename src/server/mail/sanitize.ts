/**
 * Mail bodies are HTML written by people (the compose editor) or by anyone on the internet
 * (incoming mail): the server sanitises every body before it stores it, with sanitize-html's
 * allow-list (docs/dependencies.md), so the app can show stored HTML as it is. Scripts, event
 * handlers, `javascript:` URLs, styles, forms, frames and embedded objects are removed; links keep
 * http(s)/mailto and open in a new tab without the opener; images only from https or data URLs.
 */
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== "style"),
    "img",
    "span",
    "u",
    "s",
    "del",
    "mark",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https", "data"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
  },
  // target/rel are set by the transform above, not taken from the input.
  allowedClasses: {},
};
OPTIONS.allowedAttributes = {
  ...(OPTIONS.allowedAttributes as object),
  a: ["href", "title", "target", "rel"],
};

/** The body as it may be stored and shown. */
export const sanitizeMailHtml = (html: string) => sanitizeHtml(html, OPTIONS);

/** The plain text of a body (search and previews): tags dropped, blocks as line breaks. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>|<br\s*\/?>/gi, "$&\n");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text as HTML paragraphs (an incoming mail without an HTML part). */
export function textToHtml(text: string): string {
  const escapeHtml = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return text
    .replace(/\r\n/g, "\n")
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br />")}</p>`)
    .join("");
}
