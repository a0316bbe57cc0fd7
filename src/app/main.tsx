import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { startPwa } from "./features/pwa/pwa-store";
import { activateLocale, DEFAULT_LOCALE, storedLocale } from "./i18n/i18n";
import { warmUpIntl } from "./i18n/intl-warmup";
import { CLICK_QUEUED, HELD_LABELS, HYDRATED, WAITING_BUTTONS } from "./lib/island-rules";
import { createAppRouter } from "./router";

const container = document.getElementById("root");
if (!container) throw new Error("#root element missing from index.html");

const router = createAppRouter(undefined, { keepInitialScroll: container.hasAttribute("data-prerendered") });
const locale = storedLocale();

/**
 * A public page the server sent prerendered (scripts/prerender.ts) is hydrated when the
 * visitor would see it exactly as prerendered: English, no stored session, settings that do
 * not change the markup (index.html's boot script checks the last two and sets
 * data-boot="client" otherwise, hiding the prerendered page behind a splash). Anyone else
 * gets the page rendered from scratch, as on every other route.
 */
const hydrate =
  container.hasAttribute("data-prerendered") &&
  document.documentElement.dataset.boot !== "client" &&
  locale === DEFAULT_LOCALE;

const isHydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactProps$"));

/**
 * Text typed or autofilled into a prerendered form before React hydrated it is in the inputs
 * but not in React's state: each changed field fires an input event so React's onChange reads
 * it. React tracks the value it hydrated with (the typed one), so the element's own setter
 * first resets that tracker and the prototype's setter puts the typed text back. Once per form.
 */
function syncEarlyInput(form: HTMLFormElement, again = false) {
  if (form.hasAttribute("data-synced") && !again) return;
  form.setAttribute("data-synced", "");
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea",
  )) {
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    const proto =
      field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * What a visitor did to a prerendered form before React hydrated it: early input is synced
 * when the form is hydrated (and again when it is submitted, before React's handler runs), and
 * a submit that index.html's boot script held back is sent again, as an event React handles or
 * nothing does (never natively), until React has taken it. Polling gives up after 20 s.
 */
function replayEarlyInput(root: HTMLElement) {
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && root.contains(form) && isHydrated(form))
        syncEarlyInput(form, true);
    },
    true,
  );
  const deadline = Date.now() + 20_000;
  // A held button may be replaced before its click is replayed (the Settings button's lazy
  // tooltip mounts a new element): held clicks are remembered by the button's label too, by the
  // island loader (HELD_LABELS) as well as here.
  const heldNames = new Set<string>();
  const noteHeld = () => {
    for (const b of root.querySelectorAll(`[${CLICK_QUEUED}][aria-label]`))
      heldNames.add(b.getAttribute("aria-label") as string);
    for (const name of (window as { [HELD_LABELS]?: string[] })[HELD_LABELS]?.splice(0) ?? [])
      heldNames.add(name);
  };
  noteHeld();
  let idleCheck = 0;
  let idleSaysReady = false;
  const check = () => {
    // The island loader holds a button's click until the page's buttons can act on it; then it
    // is clicked again (the menu the visitor asked for opens). A button gets React's props when
    // its part of the page is rendered, before React commits it and handles its events: so the
    // page counts as ready only when an idle moment (React has no work left) still finds every
    // button with its props.
    noteHeld();
    const buttons = [...root.querySelectorAll(WAITING_BUTTONS)];
    const now = Date.now();
    if (!buttons.every(isHydrated)) idleSaysReady = false;
    else if (!idleCheck && !idleSaysReady)
      idleCheck = requestIdleCallback(() => {
        idleCheck = 0;
        idleSaysReady = [...root.querySelectorAll(WAITING_BUTTONS)].every(isHydrated);
      });
    const ready = idleSaysReady || now > deadline;
    if (ready && !root.hasAttribute(HYDRATED)) {
      root.setAttribute(HYDRATED, "");
      const clicked = [...root.querySelectorAll<HTMLElement>(`[${CLICK_QUEUED}]`)];
      for (const name of heldNames) {
        if (clicked.some((b) => b.getAttribute("aria-label") === name)) continue;
        const again = [...root.querySelectorAll<HTMLElement>("button[aria-label]")].find(
          (b) => b.getAttribute("aria-label") === name,
        );
        if (again) clicked.push(again);
      }
      for (const button of clicked) {
        button.removeAttribute(CLICK_QUEUED);
        button.click();
      }
      // A pointer already resting on a hover menu when the app took over: the app hears it enter
      // (React derives mouseenter from a mouseover coming from outside the page).
      const hovered = [...root.querySelectorAll(":hover")].pop();
      if (!clicked.length && hovered)
        hovered.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: null }));
    }
    const forms = [...root.querySelectorAll("form")];
    for (const form of forms) {
      if (!isHydrated(form)) continue;
      syncEarlyInput(form);
      if (form.hasAttribute("data-submit-queued")) {
        // A dispatched submit event is never sent natively; React's handler prevents its default.
        const replay = new Event("submit", { bubbles: true, cancelable: true });
        form.dispatchEvent(replay);
        if (replay.defaultPrevented) form.removeAttribute("data-submit-queued");
      }
    }
    const pending =
      forms.some((f) => !f.hasAttribute("data-synced") || f.hasAttribute("data-submit-queued")) ||
      !root.hasAttribute(HYDRATED);
    if (pending && Date.now() < deadline) setTimeout(check, 50);
  };
  setTimeout(check, 50);
}

/**
 * Runs `onCommit` once React has committed the hydrated tree: before that, an element can carry
 * React's props (set while rendering) while React does not handle its events yet.
 */
function AfterCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit
  useEffect(onCommit, []);
  return children;
}

/** Resolves in a new task: what the browser has waiting (input, paint, parsing) runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  if (hydrate) {
    // The route's chunks load before hydrating, so the first client render is the prerendered one.
    await Promise.all([activateLocale(DEFAULT_LOCALE), router.load()]);
    const root = container as HTMLElement;
    let committed = false;
    const replay = () => {
      if (!committed) replayEarlyInput(root);
      committed = true;
    };
    hydrateRoot(
      root,
      <StrictMode>
        <AfterCommit onCommit={replay}>
          <App router={router} prerendered />
        </AfterCommit>
      </StrictMode>,
    );
  } else {
    // The language's number and date formats are loaded on another thread meanwhile (the first
    // one made on the page was a long task of its own inside the dashboard's first render).
    warmUpIntl(locale);
    // The modules' evaluation and the router's creation end their task here; the first load
    // (matching, loaders, the route chunks' preload links) runs in the next: two shorter tasks
    // instead of one of ~0.8 s on a 4× slower CPU (docs/benchmarks.md, #19).
    await nextTask();
    // The route's code and its loaders' data (a signed-in page's first request) are asked for
    // now, beside the language, instead of once React has rendered the frame: on a cold
    // dashboard load that was ~1 s later on a slow phone (docs/benchmarks.md, #19). React's
    // RouterProvider finds them loading and waits for the same promises.
    void router.load();
    // The remembered language is loaded before the first render so no text flashes in English.
    await activateLocale(locale).catch(() => undefined);
    // createRoot replaces any prerendered markup; the attribute also ends the boot splash.
    container?.removeAttribute("data-prerendered");
    // As a transition: React renders the first tree in slices between which the browser can
    // paint and handle input, not in one long task (the boot shell or splash shows meanwhile).
    const root = createRoot(container as HTMLElement);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
  }
  // The rest of Mantine's styles (dialogs, tables, pickers...) arrive just after the first
  // render instead of blocking it; see ui/theme/critical-styles.ts.
  void import("./ui/theme/full-styles");
}

void start();
// Service-worker registration (workbox-window) after the route's chunks were asked for.
startPwa();
