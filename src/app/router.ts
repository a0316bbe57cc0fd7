import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";

/**
 * The app's router. The browser uses the default (browser) history; the build-time prerender
 * (ssr/prerender-entry.tsx) passes a memory history for the page it renders.
 * `keepInitialScroll`: a hydrated prerendered page may already have been scrolled by the
 * visitor; the first render must not jump it back to the top (later navigations do).
 */
export function createAppRouter(history?: RouterHistory, { keepInitialScroll = false } = {}) {
  const initialHref =
    typeof window === "undefined" ? "" : window.location.href.slice(window.location.origin.length);
  let navigated = !keepInitialScroll;
  return createRouter({
    routeTree,
    history,
    // Only the prerender passes a history; it has no window to read the origin from.
    origin: history ? "http://localhost" : undefined,
    defaultPreload: "intent",
    // Browser only (it reads window.history); it renders nothing, so the markup is the same.
    scrollRestoration: history
      ? false
      : ({ location }) => {
          if (!navigated && location.href === initialHref) return false;
          navigated = true;
          return true;
        },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
