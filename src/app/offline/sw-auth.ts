/**
 * The service worker's access token for replaying the outbox (docs/offline.md, "Service worker
 * replays"). In order:
 * 1. the last token it got, while it has not expired;
 * 2. a token from an open page of the app (the page refreshes its own session as usual);
 * 3. with no page open, a refresh from the refresh cookie (POST /auth-jwt/token/refresh with
 *    the x-csrf-token header, DESIGN.md section 5) under the pages' "blocklot-token-refresh"
 *    Web Lock; the new pair is handed to the pages (src/app/lib/token-handoff.ts), because the
 *    refresh spent the token the pages hold and reusing it would end the session.
 */
import { isTokenExpired, type TokenPair } from "../lib/session/tokens";

export const TOKEN_REQUEST = "BLOCKLOT_TOKEN_REQUEST";
const REFRESH_LOCK = "blocklot-token-refresh";
const REFRESH_URL = "/auth-jwt/token/refresh";

interface WindowClientLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface SwAuthDeps {
  /** Open pages of the app (clients.matchAll({ type: "window" })). */
  windows(): Promise<readonly WindowClientLike[]>;
  fetch: typeof fetch;
  /** The csrfToken cookie's value (Cookie Store API in the SW), null when unknown. */
  csrfToken(): Promise<string | null>;
  /** Gives a cookie-refreshed pair to the pages. */
  handOff(pair: TokenPair): Promise<void>;
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** How long a page has to answer (ms). */
  askTimeoutMs?: number;
  /** Makes the channel a page answers on (tests pass a fake). */
  channel?: () => { port1: MessagePort; port2: MessagePort };
}

export function createSwAuth(deps: SwAuthDeps) {
  let token: string | null = null;
  const timeout = deps.askTimeoutMs ?? 3000;

  /** Asks one page for its token; null when it has none or does not answer in time. */
  function ask(client: WindowClientLike, force: boolean): Promise<string | null> {
    return new Promise((resolve) => {
      const { port1, port2 } = deps.channel ? deps.channel() : new MessageChannel();
      const timer = setTimeout(() => {
        port1.close();
        resolve(null);
      }, timeout);
      port1.onmessage = (e: MessageEvent) => {
        clearTimeout(timer);
        port1.close();
        const t = (e.data as { token?: unknown } | null)?.token;
        resolve(typeof t === "string" && t ? t : null);
      };
      try {
        client.postMessage({ type: TOKEN_REQUEST, force }, [port2]);
      } catch {
        clearTimeout(timer);
        resolve(null);
      }
    });
  }

  async function fromPages(force: boolean): Promise<string | null> {
    const open = await deps.windows().catch(() => [] as readonly WindowClientLike[]);
    for (const client of open) {
      const t = await ask(client, force);
      if (t && !isTokenExpired(t)) return t;
    }
    return null;
  }

  async function fromCookie(): Promise<string | null> {
    return deps.withLock(REFRESH_LOCK, async () => {
      const csrf = await deps.csrfToken().catch(() => null);
      if (!csrf) return null;
      let res: Response;
      try {
        res = await deps.fetch(REFRESH_URL, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json", "x-csrf-token": csrf },
          body: "{}",
        });
      } catch {
        return null;
      }
      if (!res.ok) return null;
      const pair = (await res.json().catch(() => null)) as TokenPair | null;
      if (!pair || typeof pair.token !== "string") return null;
      await deps.handOff(pair).catch(() => undefined);
      return pair.token;
    });
  }

  /** A token to send (null: none to be had; the request goes without and gets a 401). */
  async function getToken(): Promise<string | null> {
    if (token && !isTokenExpired(token)) return token;
    token = (await fromPages(false)) ?? (await fromCookie());
    return token;
  }

  /** After a 401: a fresh token, never the one that was just refused. */
  async function refresh(): Promise<string | null> {
    const refused = token;
    token = null;
    const fresh = (await fromPages(true)) ?? (await fromCookie());
    token = fresh && fresh !== refused ? fresh : null;
    return token;
  }

  return {
    getToken,
    refresh,
    /** A token a page handed over (its SYNC_OUTBOX message). */
    remember(t: unknown) {
      if (typeof t === "string" && t && !isTokenExpired(t)) token = t;
    },
  };
}
