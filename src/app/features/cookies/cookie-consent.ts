/** Cookie consent (spec sections 3, 4): the banner shows until the acceptedCookies flag is stored. */
import { useCallback, useSyncExternalStore } from "react";

export const COOKIE_CONSENT_KEY = "acceptedCookies";

type FlagStorage = Pick<Storage, "getItem" | "setItem">;

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

export function acceptCookies(storage: FlagStorage | undefined = localStorageOrUndefined()): void {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, "true");
  } catch (error) {
    console.error("Could not store the cookie consent", error);
  }
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The server (prerendered HTML) and hydration see "not accepted": a first visit's page shows
 * the banner without waiting for JavaScript. After hydration React re-renders with the stored
 * flag; until then index.html's boot script hides the banner for visitors who accepted.
 */
export function useCookieConsent() {
  const accepted = useSyncExternalStore(
    subscribe,
    () => hasAcceptedCookies(),
    () => false,
  );
  const accept = useCallback(() => {
    acceptCookies();
    for (const l of listeners) l();
  }, []);
  return { accepted, accept };
}
