/**
 * The one rule for reading a server answer (issue 22): what a client does next after sending a
 * request — `done`, `retry` (after which delay), `conflict` (with the server's current record)
 * or `rejected` (with the message to show). Every queue and helper that sends writes uses it:
 * the sync engine (src/sync), the photo-link upload queue (offline/photo-uploads), the
 * statement upload client and the idempotent retry helper (lib/idempotent.ts). Pure, no
 * imports above the domain: the service worker runs it too.
 *
 * It switches on the server's error `code` (src/domain/errors.ts), never on the English
 * message; the status decides only where the body carries no code (a proxy's page, an older
 * server).
 */
import { codeForStatus, ERROR_CODES, type ErrorCode, errorCodeOf } from "../../domain/errors";

/** An answer as a client received it: status, the Retry-After header (when any) and the parsed body. */
export interface ServerAnswer {
  status: number;
  /** The raw `Retry-After` header: delay-seconds or an HTTP date. */
  retryAfter?: string | null;
  body: unknown;
}

/** Why a request is to be sent again (the same request, with the same Idempotency-Key). */
type RetryReason =
  /** No answer came (offline, DNS, timeout): the next trigger (online, focus, Background Sync) sends it. */
  | "no-answer"
  /** The same Idempotency-Key is still being processed by the server (409 IN_FLIGHT). */
  | "in-flight"
  /** Busy or unreachable for now: 408, 425, 429, 502, 503, 504. */
  | "busy"
  /** Any other 5xx: the server failed; a queue retries later, a person's click is not repeated. */
  | "server-error"
  /** 401: the session must be renewed first (no delay: after sign-in). */
  | "signed-out";

export type NextStep =
  | { kind: "done"; status: number; body: unknown }
  | { kind: "retry"; reason: RetryReason; status: number; delayMs: number | null; message: string }
  | {
      kind: "conflict";
      status: 409;
      code: ErrorCode;
      current: Record<string, unknown>;
      message: string;
    }
  | { kind: "rejected"; status: number; code: ErrorCode; message: string };

/** How a queue backs off: first delay, ceiling, and the jitter range multiplied in. */
export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
  /** [low, high): the delay is multiplied by a random factor in it (no jitter: [1, 1]). */
  jitter: readonly [number, number];
}

/** Background queues (outbox, photo uploads): 1 s doubling to 5 min, ±25 %. */
export const QUEUE_BACKOFF: BackoffPolicy = { firstMs: 1000, maxMs: 5 * 60_000, jitter: [0.75, 1.25] };
/** A person waiting on a button (idempotent POSTs): 0.5 s, 1 s, 2 s … at most 5 s, no jitter. */
export const INTERACTIVE_BACKOFF: BackoffPolicy = { firstMs: 500, maxMs: 5000, jitter: [1, 1] };

/** The delay before the next try after `attempts` failed ones (1 = the first try failed). */
export function backoffDelay(
  attempts: number,
  policy: BackoffPolicy = QUEUE_BACKOFF,
  random = Math.random(),
) {
  const [low, high] = policy.jitter;
  const base = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (low + random * (high - low)));
}

/** Statuses that say "not now, the same request later". */
const BUSY = new Set([408, 425, 429, 502, 503, 504]);

/** Delay the server asked for (Retry-After in seconds or as an HTTP date), in ms; undefined without one. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The message of an error body (`{ message }`), a short text body, else the fallback. */
export function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
    const message = (body as { message: string }).message.trim();
    if (message) return message;
  }
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 500);
  return fallback;
}

/** An answer's text as the body a client works with: parsed JSON, else the text itself, else undefined. */
export function parseBody(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON (a proxy's HTML page): keep the text
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

export interface NextStepOptions {
  /** Tries made so far, this one included (for the backoff). Default 1. */
  attempts?: number;
  backoff?: BackoffPolicy;
  /** A 404 counts as done (a DELETE of a record already gone). */
  goneIsDone?: boolean;
  /** Jitter source (tests). */
  random?: number;
  /** Clock for an HTTP-date Retry-After (tests). */
  now?: number;
}

/**
 * What to do after an answer (`null`: no answer came). The rules, in order:
 * - 2xx → done; 404 with `goneIsDone` → done.
 * - no answer → retry ("no-answer", no delay: the next trigger sends it).
 * - 409 IN_FLIGHT → retry after Retry-After (else 1 s).
 * - 409 with `current` (STALE_VERSION) → conflict with that record.
 * - 401 → retry after sign-in ("signed-out").
 * - 408, 425, 429, 502–504 → retry ("busy") after Retry-After, else the backoff; other 5xx → retry
 *   ("server-error") after the backoff.
 * - any other 4xx (and a 409 without `current`: DUPLICATE, CONFLICT) → rejected with the server's message.
 */
export function nextStep(answer: ServerAnswer | null, opts: NextStepOptions = {}): NextStep {
  const attempts = opts.attempts ?? 1;
  const policy = opts.backoff ?? QUEUE_BACKOFF;
  if (answer === null)
    return {
      kind: "retry",
      reason: "no-answer",
      status: 0,
      delayMs: null,
      message: "Waiting for the network",
    };
  const { status, body } = answer;
  if ((status >= 200 && status < 300) || (status === 404 && opts.goneIsDone))
    return { kind: "done", status, body };
  const code = errorCodeOf(body);
  const asked = retryAfterMs(answer.retryAfter, opts.now);
  if (code === ERROR_CODES.IN_FLIGHT)
    return {
      kind: "retry",
      reason: "in-flight",
      status,
      delayMs: asked ?? 1000,
      message: messageOf(body, "The server is still working on this request"),
    };
  if (status === 409 && isRecord(body) && isRecord(body.current))
    return {
      kind: "conflict",
      status: 409,
      code: code ?? ERROR_CODES.STALE_VERSION,
      current: body.current,
      message: messageOf(body, "Someone else changed this record"),
    };
  if (status === 401)
    return {
      kind: "retry",
      reason: "signed-out",
      status,
      delayMs: null,
      message: "Sign in again to send your changes",
    };
  if (BUSY.has(status) || status >= 500) {
    const busy = BUSY.has(status);
    return {
      kind: "retry",
      reason: busy ? "busy" : "server-error",
      status,
      delayMs: busy && asked !== undefined ? asked : backoffDelay(attempts, policy, opts.random),
      message: messageOf(body, `The server answered ${status}; will retry`),
    };
  }
  return {
    kind: "rejected",
    status,
    code: code ?? codeForStatus(status),
    message: messageOf(body, `The server refused this request (${status})`),
  };
}
