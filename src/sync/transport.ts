/**
 * How the sync engine talks to the API. The engine only needs "send this request with this
 * Idempotency-Key and tell me the status and body, or that no answer came". The page uses the
 * app's HTTP client (bearer token, refresh on 401: app-transport.ts); the service worker builds
 * one on fetch with a token it refreshes from the refresh cookie (`fetchTransport`).
 */
import { jsonBodyText } from "../app/lib/json-text";
import { parseBody } from "../app/lib/server-answer";

export interface SyncRequest {
  method: "GET" | "PUT" | "PATCH" | "DELETE" | "POST";
  /** Path under the API base, with query string. */
  url: string;
  /** Sent as JSON (a JsonText as it is). */
  body?: unknown;
  idempotencyKey?: string;
  /** The company whose records the request carries (an outbox entry's, or the pulled company). */
  companyId?: string;
  /** Extra headers (e.g. the seller header a marketplace staff member's requests carry). */
  headers?: Record<string, string>;
}

export interface SyncResponse {
  status: number;
  data: unknown;
  /** The answer's Retry-After header, when it had one. */
  retryAfter?: string | null;
}

export interface SyncTransport {
  /** Resolves with any HTTP answer (2xx to 5xx); rejects with NetworkError when none came. */
  send(req: SyncRequest): Promise<SyncResponse>;
}

/** No answer from the server (offline, DNS, connection reset, CORS, aborted). */
export class NetworkError extends Error {
  constructor(message = "No response received from server") {
    super(message);
    this.name = "NetworkError";
  }
}

export interface FetchTransportOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The bearer token to send (null: none). */
  getToken?: () => Promise<string | null> | string | null;
  /** Called once on a 401 to get a fresh token (e.g. the SW's refresh from the cookie). */
  refreshToken?: () => Promise<string | null>;
}

/** A transport on plain fetch, for the service worker and tools. */
export function fetchTransport(opts: FetchTransportOptions = {}): SyncTransport {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const once = async (req: SyncRequest, token: string | null) => {
    const headers: Record<string, string> = { Accept: "application/json", ...req.headers };
    if (req.body !== undefined && req.body !== null) headers["Content-Type"] = "application/json";
    if (req.idempotencyKey) headers["Idempotency-Key"] = req.idempotencyKey;
    if (token) headers.Authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(`${opts.baseUrl ?? ""}${req.url}`, {
        method: req.method,
        headers,
        body: req.body !== undefined && req.body !== null ? jsonBodyText(req.body) : undefined,
        credentials: "same-origin",
      });
    } catch (e) {
      throw new NetworkError(e instanceof Error ? e.message : String(e));
    }
    const text = await res.text().catch(() => "");
    return {
      status: res.status,
      data: parseBody(text),
      retryAfter: res.headers?.get?.("retry-after") ?? null,
    };
  };
  return {
    async send(req) {
      const token = (await opts.getToken?.()) ?? null;
      const first = await once(req, token);
      if (first.status !== 401 || !opts.refreshToken) return first;
      const fresh = await opts.refreshToken().catch(() => null);
      return fresh ? once(req, fresh) : first;
    },
  };
}

/** A send with no answer after `ms` counts as no answer (NetworkError): a hung request must not hold a queue. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NetworkError(`No answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
