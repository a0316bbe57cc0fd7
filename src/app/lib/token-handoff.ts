/**
 * Tokens the service worker got by refreshing from the refresh cookie, handed to the pages.
 *
 * Refresh tokens rotate and a reused one revokes the whole session (DESIGN.md section 5). When
 * the SW replays the outbox with no page open, it refreshes from the cookie; the page's stored
 * refresh token is then spent. So the SW leaves the new pair here (Cache Storage: shared by the
 * SW and the pages of the origin, no extra library) and the page's refresh takes it first,
 * under the same "blocklot-token-refresh" Web Lock, instead of sending its spent token.
 */
import { decodeClaims, type TokenPair } from "./session/tokens";

const CACHE = "blocklot-token-handoff";
const KEY = "/__blocklot/token-handoff";

type Caches = Pick<CacheStorage, "open">;
const defaultCaches = (): Caches | undefined =>
  typeof caches === "undefined" ? undefined : (caches as CacheStorage);

export async function handOffTokens(pair: TokenPair, store: Caches | undefined = defaultCaches()) {
  if (!store) return;
  const cache = await store.open(CACHE);
  await cache.put(
    KEY,
    new Response(JSON.stringify(pair), { headers: { "content-type": "application/json" } }),
  );
}

/** The handed pair, removed from the store (null when there is none or it is unreadable). */
export async function takeHandedTokens(
  store: Caches | undefined = defaultCaches(),
): Promise<TokenPair | null> {
  if (!store) return null;
  try {
    const cache = await store.open(CACHE);
    const res = await cache.match(KEY);
    if (!res) return null;
    await cache.delete(KEY);
    const pair = (await res.json()) as Partial<TokenPair>;
    return typeof pair.token === "string" && typeof pair.refreshToken === "string"
      ? { token: pair.token, refreshToken: pair.refreshToken }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether a handed pair continues the stored session: the same user, issued no earlier than
 * the stored access token (after a sign-out and a new sign-in the stored one is newer, and a
 * pair of the old session must not replace it).
 */
export function continuesSession(handed: TokenPair, storedAccess: string | null): boolean {
  const h = decodeClaims(handed.token);
  if (!h || h.id === undefined) return false;
  if (!storedAccess) return true;
  const s = decodeClaims(storedAccess);
  if (!s || String(s.id) !== String(h.id)) return false;
  const hIat = (h as { iat?: number }).iat ?? 0;
  const sIat = (s as { iat?: number }).iat ?? 0;
  return hIat >= sIat;
}
