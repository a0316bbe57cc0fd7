/**
 * True when an error (or an error it wraps: Drizzle puts the driver's error in `cause`) says the
 * database cannot be reached or is shutting down: a refused or dropped connection, PostgreSQL's
 * admin shutdown (57P01), crash shutdown (57P02), "cannot connect now" while it starts (57P03)
 * and the connection exceptions (class 08). The request may succeed once the database is back,
 * so it is answered 503, not 500.
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"]);
const SQLSTATES = /^(57P0[123]|08\d{3})$/;
const DROPPED =
  /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (DROPPED.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
