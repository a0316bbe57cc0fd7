import Clarity from "@microsoft/clarity";
import { useEffect } from "react";
import { useCookieConsent } from "../../lib/cookie-consent";
import { http } from "../../lib/http";
import type { PublicConfig } from "../auth/public-config";

/** The cookies Clarity sets on this site (its user and session ids). */
const CLARITY_COOKIES = ["_clck", "_clsk"];

/** Removes Clarity's cookies from this host and its parent domains (Clarity sets them on the top one). */
function removeClarityCookies() {
  const parts = location.hostname.split(".");
  const domains = ["", ...parts.map((_, i) => parts.slice(i).join(".")).filter((d) => d.includes("."))];
  for (const name of CLARITY_COOKIES) {
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: expiring Clarity's own cookies needs document.cookie (no Cookie Store API in Safari and Firefox)
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ""}`;
    }
  }
}

let loaded = false;
let projectId: Promise<string | null> | null = null;

/**
 * CLARITY_PROJECT_ID from GET /api/config, asked once and only after consent. Read here rather
 * than through usePublicConfig: this runs in the root shell, also on the public pages, which have
 * no React Query client.
 */
function clarityProjectId(): Promise<string | null> {
  projectId ??= http
    .get<PublicConfig>("/api/config", { anonymous: true })
    .then((c) => c.clarityProjectId ?? null)
    .catch(() => {
      projectId = null; // offline or unreachable: ask again next time
      return null;
    });
  return projectId;
}

/**
 * Microsoft Clarity (spec section 7, docs/security.md "Analytics"): its tag script
 * (https://www.clarity.ms/tag/<CLARITY_PROJECT_ID>) loads only when the visitor accepted analytics
 * in the cookie banner and the server has a project id; before that nothing is requested and no
 * Clarity cookie is set. Withdrawing consent tells Clarity to stop and removes its cookies. After
 * a sign-in the app posts Clarity's id (AuthProvider.tsx).
 */
export function ClarityAnalytics() {
  const { analytics } = useCookieConsent();
  useEffect(() => {
    if (!analytics) {
      if (loaded) Clarity.consent(false);
      removeClarityCookies();
      return;
    }
    let current = true;
    void clarityProjectId().then((id) => {
      if (!current || !id) return;
      if (!loaded) Clarity.init(id);
      loaded = true;
      Clarity.consent(true);
    });
    return () => {
      current = false;
    };
  }, [analytics]);
  return null;
}
