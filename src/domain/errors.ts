/**
 * Every reason the server can give for an error answer, as one named constant. The server
 * sends `{ statusCode, error, message, code }`: `message` is for people, `code` is what
 * clients switch on (never the English sentence). An error thrown without a code of its own
 * gets the general code of its status (`codeForStatus`).
 */
export const ERROR_CODES = {
  /** The request is malformed or a field breaks a rule (400). */
  VALIDATION: "VALIDATION",
  /** No valid access token (401). */
  UNAUTHENTICATED: "UNAUTHENTICATED",
  /** Signed in, but the role or company does not allow it (403). */
  FORBIDDEN: "FORBIDDEN",
  /** The record does not exist in the caller's company (404). */
  NOT_FOUND: "NOT_FOUND",
  /** A general conflict with the current state (409). */
  CONFLICT: "CONFLICT",
  /** An update named a version that is no longer current; the body carries `current` (409). */
  STALE_VERSION: "STALE_VERSION",
  /** The same Idempotency-Key is still running elsewhere; retry it shortly (409). */
  IN_FLIGHT: "IN_FLIGHT",
  /** An Idempotency-Key was reused for a different request (422). */
  KEY_REUSED: "KEY_REUSED",
  /**
   * A link that grants access by itself (an item's photo link) no longer does: expired, turned
   * off, forged, or its record deleted (409). Everything queued for that link fails the same way.
   */
  LINK_CLOSED: "LINK_CLOSED",
  /** A unique value (SKU, e-mail, …) is already taken (409). */
  DUPLICATE: "DUPLICATE",
  /** Someone else holds the record (a statement mapping's hold); the body carries `heldBy` (409). */
  HELD: "HELD",
  /** The request is understood but cannot be carried out as asked (422). */
  UNPROCESSABLE: "UNPROCESSABLE",
  /** The body or an uploaded file is over a size limit (413). */
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  /** The content type (or a file's actual type) is not accepted (415). */
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  /** Too many requests; `Retry-After` says when to try again (429). */
  RATE_LIMITED: "RATE_LIMITED",
  /** Something failed on the server's side (5xx). */
  SERVER_ERROR: "SERVER_ERROR",
  /** The service or a service it needs is temporarily unavailable (503). */
  UNAVAILABLE: "UNAVAILABLE",
  /** Sign-in refused until the e-mail address is confirmed (401). */
  EMAIL_NOT_CONFIRMED: "EMAIL_NOT_CONFIRMED",
  /** An invitation was opened by an account with another e-mail address (403). */
  INVITATION_EMAIL_MISMATCH: "INVITATION_EMAIL_MISMATCH",
  /** The server has no eBay application settings (503). */
  EBAY_NOT_CONFIGURED: "EBAY_NOT_CONFIGURED",
  /** The company has no eBay account connected (409). */
  EBAY_NOT_CONNECTED: "EBAY_NOT_CONNECTED",
  /** eBay refused the saved sign-in; the seller must connect again (409). */
  EBAY_RECONNECT_NEEDED: "EBAY_RECONNECT_NEEDED",
  /** Business policies or the inventory location are missing (409). */
  EBAY_SETUP_INCOMPLETE: "EBAY_SETUP_INCOMPLETE",
  /** eBay answered with an error; the message says eBay's reason (502). */
  EBAY_ERROR: "EBAY_ERROR",
  /** A filing has TC309 flags (audit report missing or not supporting the certification); explain them to file (422). */
  TC309_FLAGS: "TC309_FLAGS",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  422: ERROR_CODES.UNPROCESSABLE,
  429: ERROR_CODES.RATE_LIMITED,
  503: ERROR_CODES.UNAVAILABLE,
};

/** The general code of an HTTP status, for errors that carry no code of their own. */
export function codeForStatus(status: number): ErrorCode {
  return (
    BY_STATUS[status] ??
    (status >= 500
      ? ERROR_CODES.SERVER_ERROR
      : status === 405
        ? ERROR_CODES.VALIDATION
        : ERROR_CODES.UNPROCESSABLE)
  );
}

const KNOWN = new Set<string>(Object.values(ERROR_CODES));

/** The code of an error body, when it is one this client knows. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (!body || typeof body !== "object") return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === "string" && KNOWN.has(code) ? (code as ErrorCode) : undefined;
}
