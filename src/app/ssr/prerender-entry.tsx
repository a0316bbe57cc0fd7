/**
 * Build-time prerender of the public pages (scripts/prerender.ts builds this entry with
 * `vite build --ssr` and calls render() for each path). It renders exactly what the browser's
 * first render shows when it hydrates (main.tsx): English, default settings, an initialised
 * guest, the cookie banner of a first visit, nothing client-only (toasts, deferred shell).
 * TanStack Router is bundled in its browser build (see scripts/prerender.ts) so the route
 * tree renders the same Suspense boundaries on both sides.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { App } from "../App";
import { i18n, LOCALES, type Locale, loadCatalog } from "../i18n/i18n";
import { createAppRouter } from "../router";
import { SHELL_HEADINGS } from "../shell/shell-headings";
import { serverHead } from "../ui/usePageTitle";

export interface Prerendered {
  /** Inner HTML of #root. */
  html: string;
  title: string;
  /** Ids of the matched routes, outermost first (scripts/prerender.ts maps them to chunks). */
  routeIds: string[];
  /** Status the page renders with (a path that matches no route renders the 404 page). */
  notFound: boolean;
}

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = "";
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
  }
  return out + decoder.decode();
}

/**
 * Every part of the page is written where it belongs (an infinite progressive chunk size). By
 * default React writes a part that completes after its chunk size (12.8 KB) of the page
 * elsewhere, hidden, with an inline script that moves it into place up to 2.3 s after the page
 * starts: the visible stand-in is then replaced by a new element (a click on the stand-in
 * Settings button was lost), and without JavaScript the part never shows.
 */
export async function render(path: string): Promise<Prerendered> {
  // The browser build of the router registers itself on `self` (window); Node has no `self`.
  (globalThis as { self?: unknown }).self ??= globalThis;
  i18n.loadAndActivate({ locale: "en", messages: {} });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  serverHead.title = undefined;
  const errors: unknown[] = [];
  // prerender() waits for every lazy component, so the HTML holds the whole page.
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} prerendered />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await streamToString(prelude);
  if (errors.length) throw new AggregateError(errors, `prerender of ${path} failed`);
  const matches = router.state.matches;
  return {
    html,
    title: serverHead.title ?? "Blocklot",
    routeIds: matches.map((m) => m.routeId),
    notFound: matches.some(
      (m) => m.status === "notFound" || (m as { globalNotFound?: boolean }).globalNotFound === true,
    ),
  };
}

/**
 * The boot shell's headings (shell/shell-headings.ts) in every language, by path: index.html
 * paints them before the app runs (scripts/prerender.ts writes them into it).
 */
export async function shellHeadings(): Promise<Record<string, Record<Locale, string>>> {
  const out: Record<string, Record<Locale, string>> = {};
  for (const locale of Object.keys(LOCALES) as Locale[]) {
    i18n.loadAndActivate({ locale, messages: (await loadCatalog(locale)).messages });
    for (const [path, heading] of Object.entries(SHELL_HEADINGS))
      out[path] = { ...out[path], [locale]: i18n._(heading) } as Record<Locale, string>;
  }
  return out;
}
