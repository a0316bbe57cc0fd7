/**
 * PWA state outside React: service-worker registration (workbox-window), the deferred
 * install prompt and the update flag. Components read it through usePwa().
 */
import { useSyncExternalStore } from "react";
import type { Workbox } from "workbox-window";

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export interface PwaState {
  /** A new service worker is waiting: show "New version available — Reload". */
  needRefresh: boolean;
  /** The first install finished: the app now opens offline. */
  offlineReady: boolean;
  /** The browser offered installation (Chromium). */
  canInstall: boolean;
  /** Already running as an installed app. */
  standalone: boolean;
}

let state: PwaState = { needRefresh: false, offlineReady: false, canInstall: false, standalone: false };
const listeners = new Set<() => void>();
const set = (next: Partial<PwaState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

let wb: Workbox | undefined;
let installEvent: BeforeInstallPromptEvent | undefined;

const isStandalone = () =>
  window.matchMedia?.("(display-mode: standalone)").matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone/iPad Safari has no install prompt: users add the app through Share → Add to Home Screen. */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iphone|ipad|ipod/i.test(ua) || (ua.includes("Macintosh") && navigator.maxTouchPoints > 1);
}

export function startPwa() {
  if (typeof window === "undefined") return;
  set({ standalone: isStandalone() });
  // A prerendered page's island loader kept the prompt the browser offered before the app ran.
  const early = (window as { __installPrompt?: BeforeInstallPromptEvent }).__installPrompt;
  if (early) {
    installEvent = early;
    set({ canInstall: true });
  }
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();
    installEvent = e as BeforeInstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener("appinstalled", () => {
    installEvent = undefined;
    set({ canInstall: false, standalone: true });
  });

  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // workbox-window is fetched after the first page load instead of with it (registration
  // waits for the load event anyway).
  void import("workbox-window").then(({ Workbox }) => {
    const box = new Workbox("/sw.js", { scope: "/", type: "classic" });
    wb = box;
    box.addEventListener("waiting", () => set({ needRefresh: true }));
    box.addEventListener("installed", (e) => {
      if (!e.isUpdate) set({ offlineReady: true });
    });
    // Installed by a prerendered page's island loader before the app ran: Workbox did not see
    // that install, so the first-visit notice comes from here.
    if ((window as { __swFirstInstall?: boolean }).__swFirstInstall)
      void navigator.serviceWorker.ready.then(() => set({ offlineReady: true }));
    box.register().then(
      (reg) => {
        // Look for a new version every hour while the app stays open.
        if (reg) setInterval(() => void reg.update(), 60 * 60 * 1000);
      },
      // Refused (a browser policy or private window that blocks service workers): the app
      // works online as it is; only offline use and the update notice are missing.
      (e: unknown) => console.warn("Service worker not registered:", e),
    );
  });
}

/** Activates the waiting service worker, then reloads once it controls the page. */
export function applyUpdate() {
  if (!wb) return window.location.reload();
  wb.addEventListener("controlling", () => window.location.reload());
  wb.messageSkipWaiting();
}

export async function promptInstall(): Promise<boolean> {
  if (!installEvent) return false;
  await installEvent.prompt();
  const { outcome } = await installEvent.userChoice;
  installEvent = undefined;
  set({ canInstall: false });
  return outcome === "accepted";
}

export function dismiss(key: "needRefresh" | "offlineReady") {
  set({ [key]: false });
}

export function usePwa(): PwaState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
