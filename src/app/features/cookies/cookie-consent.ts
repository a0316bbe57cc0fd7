/** Cookie consent (spec sections 3, 4): the banner shows until the acceptedCookies flag is stored. */
import { useCallback, useState } from "react";

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

export function useCookieConsent() {
  const [accepted, setAccepted] = useState(() => hasAcceptedCookies());
  const accept = useCallback(() => {
    acceptCookies();
    setAccepted(true);
  }, []);
  return { accepted, accept };
}
