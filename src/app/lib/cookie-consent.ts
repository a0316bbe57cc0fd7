/**
 * Cookie consent (spec sections 3, 4): the banner shows until a choice is stored. The choice is
 * two flags: acceptedCookies (the banner was answered; the spec's key) and analyticsConsent
 * ("granted" or "denied": whether Microsoft Clarity may load). A visitor changes it later from
 * the Settings drawer or the footer's "Cookie settings" (which shows the banner again).
 */
import { useCallback, useSyncExternalStore } from "react";

export const COOKIE_CONSENT_KEY = "acceptedCookies";
export const ANALYTICS_CONSENT_KEY = "analyticsConsent";

type FlagStorage = Pick<Storage, "getItem" | "setItem"> & Partial<Pick<Storage, "removeItem">>;

function localStorageOrUndefined(): FlagStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function hasAcceptedCookies(storage: FlagStorage | undefined = localStorageOrUndefined()): boolean {
  try {
    return storage?.getItem(COOKIE_CONSENT_KEY) === "true";
  } catch (error) {
    console.error("Could not read the cookie consent", error);
    return false;
  }
}

/** Analytics only with an explicit yes: no choice, a no, or unreadable storage all mean no. */
export function hasAnalyticsConsent(storage: FlagStorage | undefined = localStorageOrUndefined()): boolean {
  try {
    return storage?.getItem(ANALYTICS_CONSENT_KEY) === "granted";
  } catch (error) {
    console.error("Could not read the analytics consent", error);
    return false;
  }
}

/** Stores the visitor's answer: the banner is answered, analytics allowed or not. */
export function chooseCookies(
  analytics: boolean,
  storage: FlagStorage | undefined = localStorageOrUndefined(),
): void {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, "true");
    storage?.setItem(ANALYTICS_CONSENT_KEY, analytics ? "granted" : "denied");
  } catch (error) {
    console.error("Could not store the cookie consent", error);
  }
}

/** Shows the banner again (the footer's "Cookie settings"); the analytics answer stays until changed. */
export function reopenCookieChoice(storage: FlagStorage | undefined = localStorageOrUndefined()): void {
  try {
    storage?.removeItem?.(COOKIE_CONSENT_KEY);
  } catch (error) {
    console.error("Could not reset the cookie consent", error);
  }
  if (typeof document !== "undefined") document.documentElement.removeAttribute("data-cookies");
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = () => {
  for (const l of listeners) l();
};

/**
 * The server (prerendered HTML) and hydration see "not answered": a first visit's page shows
 * the banner without waiting for JavaScript. After hydration React re-renders with the stored
 * flags; until then index.html's boot script hides the banner for visitors who answered (and its
 * click handler stores a choice made before hydration, from the button's data-analytics).
 */
export function useCookieConsent() {
  const accepted = useSyncExternalStore(
    subscribe,
    () => hasAcceptedCookies(),
    () => false,
  );
  const analytics = useSyncExternalStore(
    subscribe,
    () => hasAnalyticsConsent(),
    () => false,
  );
  const choose = useCallback((allowAnalytics: boolean) => {
    chooseCookies(allowAnalytics);
    notify();
  }, []);
  const reopen = useCallback(() => {
    reopenCookieChoice();
    notify();
  }, []);
  return { accepted, analytics, choose, reopen };
}
