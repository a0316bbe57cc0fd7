/**
 * The app's HTTP client (spec section 7): base URL from config, bearer token, JSON bodies
 * (not for FormData), refresh before the call when the token has expired, one refresh and
 * retry on 401, a 403 sends the user to the forbidden page. Refreshes are single-flight.
 */

import { SELLER_COMPANY_HEADER } from "../../domain/marketplace";
import { jsonBodyText } from "./json-text";
import { messageOf, parseBody, retryAfterMs } from "./server-answer";
import { isTokenExpired, type TokenPair, tokenStore } from "./session/tokens";
import { continuesSession, takeHandedTokens } from "./token-handoff";

export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? "";

/** Standard error codes (spec section 8). */
export type HttpErrorCode = "ERR_NETWORK" | "ERR_CANCELED" | "ERR_BAD_REQUEST" | "ERR_BAD_RESPONSE";

export class HttpError extends Error {
  /** HTTP status, or 0 when no response was received. */
  readonly status: number;
  readonly code: HttpErrorCode;
  /** The parsed response body, when there was one. */
  readonly data: unknown;
  /** The server's own error code ({ code } in the body), e.g. EMAIL_NOT_CONFIRMED. */
  readonly serverCode: string | undefined;
  /** The answer's Retry-After header as it came (seconds or an HTTP date), when it had one. */
  readonly retryAfterHeader: string | undefined;
  /** Seconds from the answer's Retry-After header, when it had one. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    message: string,
    code: HttpErrorCode,
    data?: unknown,
    retryAfter?: string | null,
  ) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.data = data;
    const sc = (data as { code?: unknown } | undefined)?.code;
    this.serverCode = typeof sc === "string" ? sc : undefined;
    this.retryAfterHeader = retryAfter ?? undefined;
    const ms = retryAfterMs(retryAfter);
    this.retryAfter = ms === undefined ? undefined : ms / 1000;
  }

  get hasResponse() {
    return this.status > 0;
  }
}

export interface HttpHooks {
  /** New tokens were stored after a refresh. */
  onTokenRefreshed?(pair: TokenPair): void;
  /** The refresh failed; the session is over. */
  onRefreshFailed?(error: HttpError): void;
  /** A 403 from the server. */
  onForbidden?(): void;
}

let hooks: HttpHooks = {};
export function configureHttp(next: HttpHooks) {
  hooks = next;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** No bearer token, no refresh, no 401/403 handling (sign-in, registration...). */
  anonymous?: boolean;
  /** A 403 is the caller's to explain (no trip to the forbidden page). */
  keepForbidden?: boolean;
  /** Answer type; "json" by default, falls back to text when the body is not JSON. */
  responseType?: "json" | "blob" | "text";
  /**
   * The seller company whose inventory this request works in (marketplace staff; sent as
   * X-Seller-Company). Left out: the page's seller scope (`setSellerScope`) for inventory paths;
   * null: none (the sync transport, which names the company of each request itself); a company
   * id: that seller, whatever the path (an item's eBay reads for a seller, docs/marketplace.md).
   */
  sellerCompany?: string | null;
}

/** Paths the server lets marketplace staff reach in a seller's scope (docs/marketplace.md). */
const SELLER_SCOPED_PATH = /^\/api\/inventory\//;

let sellerScope: string | null = null;

/**
 * While marketplace staff work in a seller's inventory (the /marketplace inventory screens), every
 * inventory request of the page carries that seller; null when they leave those screens.
 */
export function setSellerScope(companyId: string | null): void {
  sellerScope = companyId;
}

function sellerHeader(path: string, opts: RequestOptions): Record<string, string> {
  const seller = opts.sellerCompany === undefined ? sellerScope : opts.sellerCompany;
  if (!seller || opts.anonymous) return {};
  if (opts.sellerCompany === undefined && !SELLER_SCOPED_PATH.test(path)) return {};
  return { [SELLER_COMPANY_HEADER]: seller };
}

function buildUrl(path: string, query?: RequestOptions["query"]) {
  const url = `${API_BASE_URL}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes("?") ? "&" : "?"}${qs}` : url;
}

async function readBody(res: Response, type: RequestOptions["responseType"]): Promise<unknown> {
  if (res.status === 204) return undefined;
  if (type === "blob") return res.blob();
  const text = await res.text();
  if (type === "text" || !text) return text || undefined;
  return parseBody(text);
}

async function send(method: string, path: string, opts: RequestOptions, token: string | null) {
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...sellerHeader(path, opts),
    ...opts.headers,
  };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = jsonBodyText(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      signal: opts.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") {
      throw new HttpError(0, "Request cancelled", "ERR_CANCELED");
    }
    throw new HttpError(0, "No response received from server", "ERR_NETWORK");
  }
}

let refreshing: Promise<TokenPair> | null = null;

/** Web Locks serialise refreshes across tabs (the server rotates refresh tokens and treats reuse as theft). */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request("blocklot-token-refresh", fn) : fn();
}

/**
 * Exchanges the stored refresh token for new tokens. Concurrent callers in this tab share one
 * request; another tab's refresh is waited for and its fresh tokens reused.
 */
export function refreshTokens(): Promise<TokenPair> {
  refreshing ??= (async () => {
    const seen = tokenStore.refresh();
    return withRefreshLock(async () => {
      // The service worker may have rotated the session while replaying (see token-handoff.ts)
      const handed = await takeHandedTokens();
      if (handed && tokenStore.refresh() && continuesSession(handed, tokenStore.access()))
        tokenStore.save(handed);
      const refreshToken = tokenStore.refresh();
      const access = tokenStore.access();
      if (refreshToken && refreshToken !== seen && access && !isTokenExpired(access)) {
        const pair = { token: access, refreshToken };
        hooks.onTokenRefreshed?.(pair);
        return pair;
      }
      if (!refreshToken) throw new HttpError(401, "No refresh token", "ERR_BAD_REQUEST");
      const pair = await request<TokenPair>("POST", "/auth-jwt/token/refresh", {
        body: { refresh_token: refreshToken },
        anonymous: true,
      });
      tokenStore.save(pair);
      hooks.onTokenRefreshed?.(pair);
      return pair;
    });
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A usable access token: the stored one, or a fresh one when it has expired. */
async function validToken(): Promise<string | null> {
  const token = tokenStore.access();
  if (!token && !tokenStore.refresh()) return null;
  if (token && !isTokenExpired(token)) return token;
  return (await refreshAndReport()).token;
}

async function refreshAndReport(): Promise<TokenPair> {
  try {
    return await refreshTokens();
  } catch (error) {
    const e = error instanceof HttpError ? error : new HttpError(0, String(error), "ERR_NETWORK");
    // A network failure is not the end of the session: the user may simply be offline.
    if (e.hasResponse) hooks.onRefreshFailed?.(e);
    throw e;
  }
}

export async function request<T = unknown>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const token = opts.anonymous ? null : await validToken();
  let res = await send(method, path, opts, token);
  if (res.status === 401 && !opts.anonymous && token) {
    const pair = await refreshAndReport();
    res = await send(method, path, opts, pair.token);
  }
  const data = await readBody(res, res.ok ? opts.responseType : "json");
  if (res.ok) return data as T;
  if (res.status === 403 && !opts.anonymous && !opts.keepForbidden) hooks.onForbidden?.();
  throw new HttpError(
    res.status,
    messageOf(data, res.statusText || `Request failed with status ${res.status}`),
    res.status >= 500 ? "ERR_BAD_RESPONSE" : "ERR_BAD_REQUEST",
    data,
    res.headers.get("retry-after"),
  );
}

export const http = {
  get: <T = unknown>(path: string, opts?: Omit<RequestOptions, "body">) => request<T>("GET", path, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>("POST", path, { ...opts, body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>("PUT", path, { ...opts, body }),
  patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>("PATCH", path, { ...opts, body }),
  delete: <T = unknown>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts),
};
