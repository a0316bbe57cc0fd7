import { SERVER_SLOT } from "../../../domain/articles/public";

/**
 * What the server put into a public article page (docs/articles.md, "Pages"). The build
 * prerenders /articles and an article as templates whose slot (SLOT_ATTRIBUTE) holds SERVER_SLOT;
 * the server sends the template with the list or the article in the slot. When the app starts on
 * such a page it hydrates it with the same slot holding the same HTML, read here before React
 * touches the page: nothing the server sent is fetched or drawn again while the visitor stays.
 */
export const SLOT_ATTRIBUTE = "data-server-slot";

interface Sent {
  /** The address the server answered (path and query). */
  href: string;
  html: string;
  /** The page's heading (an article's title), for the document title once the visitor comes back. */
  heading: string | null;
}

const here = () => `${window.location.pathname}${window.location.search}`;

function read(): Sent | null {
  // A page the app renders afresh (main.tsx drops data-prerendered) reads from the API.
  const slot = document.querySelector(`#root[data-prerendered] [${SLOT_ATTRIBUTE}]`);
  if (!slot) return null;
  return { href: here(), html: slot.innerHTML, heading: slot.querySelector("h1")?.textContent ?? null };
}

const sent: Sent | null = import.meta.env.SSR ? null : read();

/**
 * The slot's HTML for the page being rendered: the marker while the build prerenders the
 * template, the server's HTML on the address the server sent it for, null otherwise (the app
 * renders the page from the API).
 */
export function serverSlot(): Pick<Sent, "html" | "heading"> | null {
  if (import.meta.env.SSR) return { html: SERVER_SLOT, heading: null };
  return sent && sent.href === here() ? sent : null;
}
