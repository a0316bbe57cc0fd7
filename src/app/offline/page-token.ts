/**
 * This page's usable access token, for the senders that run off the page (the service worker's
 * replay, sw-bridge.ts; the pull worker, pull-worker.ts): the stored one while it has not
 * expired, else one refreshed the page's usual way. Null when signed out or the refresh failed.
 */
import { refreshTokens } from "../lib/http";
import { isTokenExpired, tokenStore } from "../lib/session/tokens";

export async function pageToken(force = false): Promise<string | null> {
  const token = tokenStore.access();
  if (!force && token && !isTokenExpired(token)) return token;
  if (!tokenStore.refresh()) return null;
  try {
    return (await refreshTokens()).token;
  } catch {
    return null;
  }
}
