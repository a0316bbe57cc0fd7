import { refreshTokens } from "../http";
import { isTokenExpired, tokenStore } from "./tokens";

/**
 * A usable access token for requests the HTTP client cannot make itself (XMLHttpRequest
 * uploads with progress, EventSource): the stored token, or a fresh one from the app's
 * single-flight refresh (src/app/lib/http.ts) when it has expired.
 */
export async function freshAccessToken(): Promise<string | null> {
  const token = tokenStore.access();
  if (token && !isTokenExpired(token)) return token;
  if (!tokenStore.refresh()) return token;
  return (await refreshTokens()).token;
}

/** A new token after the server refused the current one (401). */
export async function refreshedAccessToken(): Promise<string> {
  return (await refreshTokens()).token;
}
