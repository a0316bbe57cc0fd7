import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/errors";
import {
  backoffDelay,
  INTERACTIVE_BACKOFF,
  messageOf,
  type NextStep,
  nextStep,
  parseBody,
  QUEUE_BACKOFF,
  retryAfterMs,
  type ServerAnswer,
} from "./server-answer";

/** The error body every server failure answers (src/server/plugins/errors.ts errorBody). */
const err = (statusCode: number, message: string, code: string, extra: Record<string, unknown> = {}) => ({
  statusCode,
  error: "Error",
  message,
  code,
  ...extra,
});
const current = { id: "i1", version: 4, title: "Theirs" };

type Row = [
  name: string,
  answer: ServerAnswer | null,
  expected: Partial<NextStep> & { kind: NextStep["kind"] },
];

// Every status and body the API sends (plugins/errors.ts, plugins/idempotency.ts, the inventory
// store, auth, uploads), plus what a proxy or a dead network gives.
const TABLE: Row[] = [
  ["200 with a record", { status: 200, body: current }, { kind: "done", body: current }],
  ["201 created", { status: 201, body: current }, { kind: "done" }],
  ["204 no content", { status: 204, body: undefined }, { kind: "done" }],
  ["no answer", null, { kind: "retry", reason: "no-answer", delayMs: null }],
  [
    "400 VALIDATION",
    { status: 400, body: err(400, "title: Inventory title is required", ERROR_CODES.VALIDATION) },
    { kind: "rejected", code: "VALIDATION", message: "title: Inventory title is required" },
  ],
  [
    "401 UNAUTHENTICATED",
    { status: 401, body: err(401, "Access token is invalid", ERROR_CODES.UNAUTHENTICATED) },
    { kind: "retry", reason: "signed-out", delayMs: null },
  ],
  [
    "401 EMAIL_NOT_CONFIRMED",
    { status: 401, body: err(401, "Confirm your e-mail", ERROR_CODES.EMAIL_NOT_CONFIRMED) },
    { kind: "retry", reason: "signed-out" },
  ],
  [
    "403 FORBIDDEN",
    {
      status: 403,
      body: err(403, "Only members of the company can see or change its inventory", "FORBIDDEN"),
    },
    {
      kind: "rejected",
      code: "FORBIDDEN",
      message: "Only members of the company can see or change its inventory",
    },
  ],
  [
    "403 INVITATION_EMAIL_MISMATCH",
    { status: 403, body: err(403, "Another address", ERROR_CODES.INVITATION_EMAIL_MISMATCH) },
    { kind: "rejected", code: "INVITATION_EMAIL_MISMATCH" },
  ],
  [
    "404 NOT_FOUND",
    { status: 404, body: err(404, "Item not found in your company", ERROR_CODES.NOT_FOUND) },
    { kind: "rejected", code: "NOT_FOUND", message: "Item not found in your company" },
  ],
  [
    "409 STALE_VERSION with current",
    {
      status: 409,
      body: err(409, "This item was changed by someone else", ERROR_CODES.STALE_VERSION, { current }),
    },
    { kind: "conflict", code: "STALE_VERSION", current, message: "This item was changed by someone else" },
  ],
  [
    "409 IN_FLIGHT with Retry-After",
    {
      status: 409,
      retryAfter: "1",
      body: err(409, "A request with this Idempotency-Key is still being processed", ERROR_CODES.IN_FLIGHT),
    },
    { kind: "retry", reason: "in-flight", delayMs: 1000 },
  ],
  [
    "409 IN_FLIGHT inside a write batch (no header)",
    { status: 409, body: err(409, "still being processed", ERROR_CODES.IN_FLIGHT) },
    { kind: "retry", reason: "in-flight", delayMs: 1000 },
  ],
  [
    "409 IN_FLIGHT in another language is still in flight (the code decides, not the words)",
    { status: 409, retryAfter: "3", body: err(409, "Noch in Bearbeitung", ERROR_CODES.IN_FLIGHT) },
    { kind: "retry", reason: "in-flight", delayMs: 3000 },
  ],
  [
    "409 with the English words but no code is not taken for in flight",
    { status: 409, body: { message: "A request with this Idempotency-Key is still being processed" } },
    { kind: "rejected", code: "CONFLICT" },
  ],
  [
    "409 DUPLICATE (SKU)",
    {
      status: 409,
      body: err(409, 'SKU "A-1" is already used by another item in your company', ERROR_CODES.DUPLICATE, {
        field: "sku",
      }),
    },
    {
      kind: "rejected",
      code: "DUPLICATE",
      message: 'SKU "A-1" is already used by another item in your company',
    },
  ],
  [
    "409 CONFLICT (an id another company holds)",
    { status: 409, body: err(409, "This id is already in use", ERROR_CODES.CONFLICT) },
    { kind: "rejected", code: "CONFLICT" },
  ],
  [
    "413 PAYLOAD_TOO_LARGE",
    { status: 413, body: err(413, "Request body is too large", ERROR_CODES.PAYLOAD_TOO_LARGE) },
    { kind: "rejected", code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" },
  ],
  [
    "415 UNSUPPORTED_MEDIA_TYPE",
    { status: 415, body: err(415, "Not an image", ERROR_CODES.UNSUPPORTED_MEDIA_TYPE) },
    { kind: "rejected", code: "UNSUPPORTED_MEDIA_TYPE" },
  ],
  [
    "422 KEY_REUSED",
    { status: 422, body: err(422, "This Idempotency-Key was already used", ERROR_CODES.KEY_REUSED) },
    { kind: "rejected", code: "KEY_REUSED", message: "This Idempotency-Key was already used" },
  ],
  [
    "422 UNPROCESSABLE",
    { status: 422, body: err(422, "Cannot do that now", ERROR_CODES.UNPROCESSABLE) },
    { kind: "rejected", code: "UNPROCESSABLE" },
  ],
  [
    "429 RATE_LIMITED with Retry-After 60",
    { status: 429, retryAfter: "60", body: err(429, "Too many attempts", ERROR_CODES.RATE_LIMITED) },
    { kind: "retry", reason: "busy", delayMs: 60_000 },
  ],
  [
    "429 without Retry-After backs off",
    { status: 429, body: err(429, "Too many attempts", ERROR_CODES.RATE_LIMITED) },
    { kind: "retry", reason: "busy", delayMs: 1000 },
  ],
  [
    "408 from a proxy",
    { status: 408, body: "Request Timeout" },
    { kind: "retry", reason: "busy", message: "Request Timeout" },
  ],
  ["425 too early", { status: 425, body: undefined }, { kind: "retry", reason: "busy" }],
  [
    "500 SERVER_ERROR",
    {
      status: 500,
      body: err(500, "Something went wrong on our side. Please try again.", ERROR_CODES.SERVER_ERROR),
    },
    { kind: "retry", reason: "server-error", message: "Something went wrong on our side. Please try again." },
  ],
  [
    "502 HTML page of a proxy",
    { status: 502, body: "<html><body>Bad gateway</body></html>" },
    { kind: "retry", reason: "busy", message: "<html><body>Bad gateway</body></html>" },
  ],
  [
    "503 UNAVAILABLE with Retry-After",
    { status: 503, retryAfter: "5", body: err(503, "Database unavailable", ERROR_CODES.UNAVAILABLE) },
    { kind: "retry", reason: "busy", delayMs: 5000 },
  ],
  ["504 with nothing", { status: 504, body: undefined }, { kind: "retry", reason: "busy", delayMs: 1000 }],
  [
    "400 without any body says the status",
    { status: 400, body: undefined },
    { kind: "rejected", code: "VALIDATION", message: "The server refused this request (400)" },
  ],
  [
    "a code this client does not know falls back to the status",
    { status: 403, body: { message: "Nope", code: "SOMETHING_NEW" } },
    { kind: "rejected", code: "FORBIDDEN", message: "Nope" },
  ],
];

describe("nextStep: one rule for every server answer", () => {
  it.each(TABLE)("%s", (_name, answer, expected) => {
    expect(nextStep(answer, { random: 0.5 })).toMatchObject(expected);
  });

  it("a 404 is done for a DELETE (already gone) and rejected otherwise", () => {
    const gone = { status: 404, body: err(404, "Item not found in your company", "NOT_FOUND") };
    expect(nextStep(gone, { goneIsDone: true }).kind).toBe("done");
    expect(nextStep(gone).kind).toBe("rejected");
  });

  it("the backoff grows with the attempts and stops at its ceiling; Retry-After wins over it", () => {
    const busy = { status: 503, body: undefined };
    const delays = [1, 2, 3, 10, 20].map((attempts) => nextStep(busy, { attempts, random: 0.5 }));
    expect(delays.map((s) => (s.kind === "retry" ? s.delayMs : -1))).toEqual([
      1000, 2000, 4000, 300_000, 300_000,
    ]);
    expect(nextStep({ ...busy, retryAfter: "2" }, { attempts: 9 })).toMatchObject({ delayMs: 2000 });
    // a 500 did not ask to wait: its Retry-After (if a proxy added one) does not shorten the backoff
    expect(
      nextStep({ status: 500, retryAfter: "0", body: undefined }, { attempts: 3, random: 0.5 }),
    ).toMatchObject({
      delayMs: 4000,
    });
  });

  it("the interactive policy: 0.5 s, 1 s, 2 s … at most 5 s, no jitter", () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffDelay(a, INTERACTIVE_BACKOFF, 0.99))).toEqual([
      500, 1000, 2000, 4000, 5000,
    ]);
  });

  it("the queue policy jitters ±25 %", () => {
    expect(backoffDelay(1, QUEUE_BACKOFF, 0)).toBe(750);
    expect(backoffDelay(1, QUEUE_BACKOFF, 1)).toBe(1250);
  });
});

describe("answer helpers", () => {
  it("Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-05-01T10:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Fri, 01 May 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Fri, 01 May 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it("messageOf: the body's message, a short text, else the fallback", () => {
    expect(messageOf({ message: " Bad title " }, "x")).toBe("Bad title");
    expect(messageOf({ message: "" }, "x")).toBe("x");
    expect(messageOf("a".repeat(600), "x")).toHaveLength(500);
    expect(messageOf({ error: "no message" }, "fallback")).toBe("fallback");
    expect(messageOf(undefined, "fallback")).toBe("fallback");
  });

  it("parseBody: JSON, else the text, else undefined", () => {
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody("<html>")).toBe("<html>");
    expect(parseBody("")).toBeUndefined();
  });
});
