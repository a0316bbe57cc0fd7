/**
 * The script a prerendered public page runs (scripts/prerender.ts inlines it): everything the
 * page needs before the visitor reaches for the app, and nothing of the app itself.
 *
 * - The app (entry, its chunks, the route's chunks, the whole Mantine stylesheet) is fetched
 *   and evaluated only on intent: a pointer over or on, a touch, focus or a key on a button,
 *   field or menu (INTENT), or a form sent. A visitor who reads and leaves runs none of it.
 * - A part only the app can draw (ISLAND="visible": the RPIE check) starts it once in view;
 *   accepting analytics starts it too (Microsoft Clarity is the app's).
 * - A button clicked before the app handles it is held and clicked again by main.tsx once the
 *   page is hydrated (CLICK_QUEUED, HYDRATED), so the first click opens its menu.
 * - Until then the header's shadow follows the scroll here, as PublicHeader does after.
 * - The browser's install prompt is kept for the app (pwa-store.ts).
 * - Once the page is idle, the app's scripts are prefetched (fetched, not run: the first click
 *   then only evaluates them) and the service worker is registered: it caches the app and every
 *   public page for offline use and for the next visit, in its own thread.
 * index.html's boot script does the rest before the first paint (colour scheme, the cookie
 * banner's choice, holding a form sent too early).
 */
import { SCROLL_THRESHOLD } from "../src/app/features/public-site/constants";
import {
  CLICK_QUEUED,
  HELD_LABELS,
  HYDRATED,
  INTENT,
  ISLAND,
  WAITING_BUTTONS,
} from "../src/app/lib/island-rules";

export function islandLoader(entry: string, scripts: string[], styles: string[]): string {
  const json = JSON.stringify;
  return `
      // Prerendered page: scripts/island-loader.ts.
      const root = document.getElementById("root");
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        for (const href of ${json(styles)}) {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          document.head.append(link);
        }
        for (const href of ${json(scripts)}) {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.crossOrigin = "";
          link.href = href;
          document.head.append(link);
        }
        import(${json(entry)});
      };
      // A page this visitor sees otherwise than prerendered (index.html's boot script: a session,
      // another language, other settings) is rendered by the app behind a splash: at once.
      if (document.documentElement.getAttribute("data-boot") === "client") start();
      // Until the app has the page: hydrated (main.tsx sets HYDRATED), or rendered afresh (it drops data-prerendered).
      const waiting = () => root.hasAttribute("data-prerendered") && !root.hasAttribute(${json(HYDRATED)});
      const intent = (e) =>
        e.target instanceof Element && root.contains(e.target) && e.target.closest(${json(INTENT)}) &&
        !e.target.closest('[data-testid="cookie-banner"]');
      for (const type of ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"]) {
        addEventListener(type, (e) => intent(e) && start(), { capture: true, passive: true });
      }
      addEventListener("submit", start, true);
      // Accepting analytics needs the app (it loads Microsoft Clarity); declining does not.
      addEventListener("click", (e) => {
        if (e.target instanceof Element && e.target.closest('[data-testid="cookie-banner"] button[data-analytics="granted"]')) start();
      }, true);
      // Parts only the app can draw (the RPIE check) start it once they scroll into view.
      const visible = root.querySelectorAll(${json(`[${ISLAND}="visible"]`)});
      if (visible.length && window.IntersectionObserver) {
        const seen = new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            seen.disconnect();
            start();
          }
        });
        for (const el of visible) seen.observe(el);
      }
      addEventListener("click", (e) => {
        if (!waiting() || !(e.target instanceof Element)) return;
        const button = e.target.closest(${json(WAITING_BUTTONS)});
        if (!button || !root.contains(button)) return;
        e.preventDefault();
        e.stopPropagation();
        button.setAttribute(${json(CLICK_QUEUED)}, "");
        // By its label too: the button may be replaced before the app replays the click.
        const label = button.getAttribute("aria-label");
        if (label) (window.${HELD_LABELS} = window.${HELD_LABELS} || []).push(label);
        start();
      }, true);
      const header = root.querySelector("header");
      addEventListener("scroll", () => {
        if (!header || !waiting()) return;
        if (scrollY > ${SCROLL_THRESHOLD}) header.setAttribute("data-scrolled", "true");
        else header.removeAttribute("data-scrolled");
      }, { passive: true });
      addEventListener("beforeinstallprompt", (e) => {
        e.preventDefault();
        window.__installPrompt = e;
      });
      const idle = () => {
        if (started) return;
        // Fetched, not evaluated: the first click then only runs the app.
        for (const href of [${json(entry)}, ...${json(scripts)}]) {
          const link = document.createElement("link");
          link.rel = "prefetch";
          link.href = href;
          document.head.append(link);
        }
        const sw = navigator.serviceWorker;
        // A first install here: the app says "Ready to work offline" once it runs (pwa-store.ts).
        sw?.getRegistration().then((had) => {
          window.__swFirstInstall = !had;
          return sw.register("/sw.js", { scope: "/" });
        }).catch(() => {});
      };
      const afterLoad = () => (window.requestIdleCallback ? requestIdleCallback(idle, { timeout: 4000 }) : setTimeout(idle, 2000));
      if (document.readyState === "complete") afterLoad();
      else addEventListener("load", afterLoad);
    `;
}
