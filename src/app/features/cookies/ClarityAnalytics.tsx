import Clarity from "@microsoft/clarity";
import { useEffect } from "react";
import { useCookieConsent } from "../../lib/cookie-consent";
import { usePublicConfig } from "../auth/public-config";

/** The cookies Clarity sets on this site (its user and session ids). */
const CLARITY_COOKIES = ["_clck", "_clsk"];

/** Removes Clarity's cookies from this host and its parent domains (Clarity sets them on the top one). */
function removeClarityCookies() {
  const parts = location.hostname.split(".");
  const domains = ["", ...parts.map((_, i) => parts.slice(i).join(".")).filter((d) => d.includes("."))];
  for (const name of CLARITY_COOKIES) {
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ""}`;
    }
  }
}

let loaded = false;

/**
 * Microsoft Clarity (spec section 7, docs/security.md "Analytics"): its tag script
 * (https://www.clarity.ms/tag/<CLARITY_PROJECT_ID>) loads only when the server has a project id
 * (GET /api/config) and the visitor accepted analytics in the cookie banner; before that nothing
 * is requested and no Clarity cookie is set. Withdrawing consent tells Clarity to stop and removes
 * its cookies. After a sign-in the app posts Clarity's id (AuthProvider.tsx).
 */
export function ClarityAnalytics() {
  const { clarityProjectId } = usePublicConfig();
  const { analytics } = useCookieConsent();
  useEffect(() => {
    if (!clarityProjectId) return;
    if (analytics) {
      if (!loaded) Clarity.init(clarityProjectId);
      loaded = true;
      Clarity.consent(true);
    } else {
      if (loaded) Clarity.consent(false);
      removeClarityCookies();
    }
  }, [clarityProjectId, analytics]);
  return null;
}
