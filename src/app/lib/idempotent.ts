/**
 * Idempotency keys for the app's one-off writes (docs/architecture.md "Idempotency keys",
 * "The app's keys"). The server answers a repeated request with the same `Idempotency-Key`
 * and body from its stored response and does nothing again, so a lost answer, a double
 * click or a user pressing "Pay" again after a timeout cannot create two quotes, invoices or
 * checkout sessions.
 *
 * One user action has one key, kept for all tries of that same request until the answer is
 * definite:
 * - No answer (network error), 409 IN_FLIGHT (the first try is still running: wait per
 *   Retry-After) or the server busy (408, 425, 429, 502–504) → tried again with the same key, a
 *   few times (lib/server-answer.ts decides; it reads the code, never the message).
 * - Still no definite answer after that (or another 5xx, or the request was cancelled) → the
 *   error goes to the caller and the key is kept: the user's next click of the same request
 *   (same method, path and body) sends it again, and the server replays what the first did.
 * - 2xx or any other 4xx (422 "key used for another request" included, with the server's
 *   message) → the key is done; the next click gets a new one.
 * Keys live in memory (per tab) and are dropped after 23 hours, before the server forgets them.
 */
import { v7 as uuidv7 } from "uuid";
import { HttpError, http } from "./http";
import { backoffDelay, INTERACTIVE_BACKOFF, type NextStep, nextStep } from "./server-answer";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The server keeps keys 24 hours; an older one would be taken as new, so drop it first. */
export const KEY_LIFETIME_MS = 23 * 60 * 60 * 1000;
/** The longest wait between two tries, whatever Retry-After says: a person is waiting. */
const MAX_WAIT_MS = 10_000;

export interface IdempotentOptions {
  /** Tries in all, the first included (default 4). */
  attempts?: number;
  /** Waits between tries (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** Clock for the key lifetime (tests pass a fake). */
  now?: () => number;
}

interface PendingKey {
  key: string;
  createdAt: number;
}

/** Keys of requests that have no definite answer yet, by request (method, path and body). */
const pending = new Map<string, PendingKey>();

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function newIdempotencyKey(): string {
  return uuidv7();
}

/** What identifies "the same request" for reusing a key (the server compares the same three things). */
export function requestFingerprint(method: string, path: string, body?: unknown): string {
  return `${method.toUpperCase()} ${path}\n${body === undefined ? "" : JSON.stringify(body)}`;
}

/** The answer rule's reading of a failed try (lib/server-answer.ts); null when it was cancelled. */
function stepOf(err: unknown, attempt: number): NextStep | null {
  if (!(err instanceof HttpError)) return null;
  if (err.status === 0) return err.code === "ERR_NETWORK" ? nextStep(null) : null;
  return nextStep(
    { status: err.status, retryAfter: err.retryAfterHeader, body: err.data },
    { attempts: attempt, backoff: INTERACTIVE_BACKOFF },
  );
}

/**
 * Worth another try with the same key now: no answer, the key's first request still running, the
 * server busy (408, 425, 429, 502–504). Not a 500 (a person's click is not repeated on a failure).
 */
function retryable(step: NextStep | null): boolean {
  return step?.kind === "retry" && step.reason !== "server-error" && step.reason !== "signed-out";
}

/** A definite answer: the server processed the request (or refused it for good), so the key is done. */
function definite(err: unknown, step: NextStep | null): boolean {
  return err instanceof HttpError && err.status >= 400 && err.status < 500 && !retryable(step);
}

/** Wait before the next try: Retry-After when the server gave one (at most 10 s), else 0.5 s, 1 s, 2 s… */
function delayAfter(attempt: number, step: NextStep | null): number {
  const asked = step?.kind === "retry" ? step.delayMs : null;
  return Math.min(asked ?? backoffDelay(attempt, INTERACTIVE_BACKOFF), MAX_WAIT_MS);
}

/** The pending key of a request, or a new one (also when the pending one is too old). */
function keyFor(fingerprint: string, now: number): PendingKey {
  const kept = pending.get(fingerprint);
  if (kept && now - kept.createdAt < KEY_LIFETIME_MS) return kept;
  const fresh = { key: newIdempotencyKey(), createdAt: now };
  pending.set(fingerprint, fresh);
  return fresh;
}

function release(fingerprint: string, entry: PendingKey) {
  // A later click may have started a new key for the same request meanwhile: leave that one.
  if (pending.get(fingerprint) === entry) pending.delete(fingerprint);
}

/**
 * Runs one user action's request with its idempotency key: `send` gets the headers to send
 * and is called again (same key) while the answer is not definite, up to `attempts` times.
 */
async function idempotent<T>(
  fingerprint: string,
  send: (headers: Record<string, string>) => Promise<T>,
  opts: IdempotentOptions = {},
): Promise<T> {
  const attempts = Math.max(1, opts.attempts ?? 4);
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? Date.now;
  const entry = keyFor(fingerprint, now());
  const headers = { [IDEMPOTENCY_HEADER]: entry.key };
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await send(headers);
      release(fingerprint, entry);
      return answer;
    } catch (err) {
      const step = stepOf(err, attempt);
      if (definite(err, step)) release(fingerprint, entry);
      if (attempt >= attempts || !retryable(step)) throw err;
      await sleep(delayAfter(attempt, step));
    }
  }
}

/**
 * POST with an idempotency key kept for this request until its answer is definite (see `idempotent`).
 * The server refuses a key from a user with no company (403, keys belong to a user in a company);
 * a 403 did nothing, so it is sent once more without the key and the client handles that answer as
 * any other (a 403 again → the forbidden page).
 */
export function idempotentPost<T = unknown>(path: string, body?: unknown, opts?: IdempotentOptions) {
  return idempotent<T>(
    requestFingerprint("POST", path, body),
    async (headers) => {
      try {
        return await http.post<T>(path, body, { headers, keepForbidden: true });
      } catch (err) {
        if (err instanceof HttpError && err.status === 403) return http.post<T>(path, body);
        throw err;
      }
    },
    opts,
  );
}

/** Forgets every pending key (sign-out; tests). */
export function clearIdempotencyKeys() {
  pending.clear();
}

/** The key a request would be sent with now, if one is pending (tests, diagnostics). */
export function pendingIdempotencyKey(fingerprint: string): string | undefined {
  return pending.get(fingerprint)?.key;
}
