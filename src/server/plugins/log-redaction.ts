import type { FastifyServerOptions } from "fastify";

/** Query parameters that carry a credential (GET /api/events takes the access token this way). */
const SECRET_PARAMS = ["access_token", "token"];

/** Most characters of one user-supplied field that reach a log line. */
const LOG_EXCERPT_CHARS = 300;

/** A string cut to a short excerpt for the logs, saying how much was left out. */
export function excerpt(value: string, max = LOG_EXCERPT_CHARS): string {
  if (value.length <= max) return value;
  return `${value.slice(0, max)}… [${(value.length - max).toLocaleString("en-US")} more characters]`;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v &&
  typeof v === "object" &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * Field names whose values are credentials, at any depth of a log object: passwords, tokens
 * (access, refresh, Google ID, reset, confirmation), cookies, authorization headers, API keys,
 * secrets and one-time codes (setup, seed, verification, invitation).
 */
const SECRET_KEY =
  /pass(word|wd|phrase)?|secret|token|authorization|cookie|credential|api[-_]?key|private[-_]?key|signature|(setup|seed|verification|verify|reset|invite|invitation|one[-_]?time)[-_]?code|^otp$|^hash$/i;

/** The value logged in place of a credential. */
const REDACTED = "[redacted]";

/**
 * A log object with credentials (by field name, SECRET_KEY) replaced by `[redacted]` and every
 * other string cut to an excerpt (and long arrays to their first items), so user content (a
 * cell's text, a file's words, an error message quoting them) never fills the logs. Errors,
 * requests and other class instances are left to their serializers.
 */
export function excerptDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return excerpt(value);
  if (depth > 6) return value;
  if (Array.isArray(value)) {
    const items = value.slice(0, 20).map((v) => excerptDeep(v, depth + 1));
    return value.length > 20 ? [...items, `… ${value.length - 20} more items`] : items;
  }
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] =
      SECRET_KEY.test(k) && v !== null && v !== undefined && v !== "" ? REDACTED : excerptDeep(v, depth + 1);
  return out;
}

/**
 * A text (a mail's body) with the secrets of every link in it redacted: capability paths
 * (confirmation, password reset, invitation, photo links) and credential query parameters.
 */
export function redactLinks(text: string): string {
  return text.replace(/(https?:\/\/[^\s/"'<>]+)(\/[^\s"'<>]*)/g, (_, origin: string, path: string) => {
    return `${origin}${redactUrl(path)}`;
  });
}

/**
 * Path segments that are secrets themselves (whoever holds the link may use it): photo links,
 * invitations, confirmation and password-reset links, in API calls and app pages alike.
 */
const CAPABILITY_PATHS = [
  /^(\/api\/photo\/)[^/?#]+/,
  /^(\/api\/invitation\/)[^/?#]+/,
  /^(\/take-inventory-photo\/)[^/?#]+/,
  /^(\/invitation\/)[^/?#]+/,
  /^(\/confirmation-email\/)[^/?#]+/,
  /^(\/resend-confirmation-email\/)[^/?#]+/,
  /^(\/auth\/google\/reset-pwd\/)[^/?#]+/,
];

/**
 * The URL as logged: capability secrets in the path and credentials in the query string replaced
 * by `[redacted]`, and the whole cut to an excerpt.
 */
export function redactUrl(url: string): string {
  return excerpt(redactQuery(CAPABILITY_PATHS.reduce((u, re) => u.replace(re, "$1[redacted]"), url)), 1000);
}

function redactQuery(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return SECRET_PARAMS.includes(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join("&")}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

interface LoggedError {
  name?: string;
  message?: string;
  stack?: string;
  code?: string;
  statusCode?: number;
}

/**
 * The logger options with Fastify's request serializer replaced by one that logs the same
 * fields with credentials and capability secrets taken out of the URL, so access tokens and
 * link hashes never reach the logs, and with every field, message and error cut to an excerpt.
 */
export function withLogRedaction(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = (logger === true ? {} : logger) as Exclude<
    FastifyServerOptions["logger"],
    boolean | undefined
  > & {
    formatters?: { log?: (o: Record<string, unknown>) => Record<string, unknown> };
    hooks?: object;
  };
  const ownLog = options.formatters?.log;
  return {
    ...options,
    formatters: {
      ...options.formatters,
      log: (obj: Record<string, unknown>) =>
        excerptDeep(ownLog ? ownLog(obj) : obj) as Record<string, unknown>,
    },
    hooks: {
      ...options.hooks,
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === "string" ? excerpt(a, 1000) : a)),
        );
      },
    },
    serializers: {
      ...options.serializers,
      err: (err: LoggedError) => ({
        type: err?.name ?? "Error",
        message: excerpt(String(err?.message ?? "")),
        stack: excerpt(err?.stack ?? "", 4000),
        code: err?.code,
        statusCode: err?.statusCode,
      }),
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** A URL on this machine (localhost, 127.x, ::1): a developer's, whose log nobody else reads. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";
  } catch {
    return false;
  }
}
