/**
 * JSON request bodies, decoded strictly: bytes that are not valid UTF-8 (stray bytes, overlong
 * forms, encoded surrogates) and strings holding U+0000 (which PostgreSQL cannot store in text)
 * or a lone surrogate escape such as `\ud800` (which would be stored as U+FFFD) are refused as a
 * whole with a 400 before any route reads them, instead of being stored altered or failing in
 * the database as a 500. Everything else is Fastify's own JSON parser (prototype-poisoning checks
 * included). The same rules for the rest of a request: plugins/request-text.ts.
 */
import type { FastifyInstance } from "fastify";
import { httpError } from "./errors";
import { decodeUtf8Strict, NUL_MESSAGE, notUtf8Message, textProblem } from "./request-text";

const LONE_SURROGATE_MESSAGE =
  "The request body holds a lone surrogate escape (such as \\ud800), which is not a character; send the text as it is";

/**
 * Whether a JSON text may parse to a NUL or a lone surrogate: valid UTF-8 decodes to no lone
 * surrogate and JSON holds no raw NUL in a string, so both arrive only as `\u0000` or a surrogate
 * escape (`\ud800`–`\udfff`). False means jsonTextProblem would find nothing.
 */
export function mayHoldBadEscape(text: string): boolean {
  return /\\u(?:0000|[dD][89a-fA-F])/.test(text);
}

/** The first problem of any string (value or key) in a parsed JSON value, or null. */
export function jsonTextProblem(value: unknown): "nul" | "surrogate" | null {
  if (typeof value === "string") return textProblem(value);
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const p = jsonTextProblem(v);
      if (p) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = textProblem(k) ?? jsonTextProblem(v);
    if (p) return p;
  }
  return null;
}

export function installJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const text = decodeUtf8Strict(body as Buffer);
    if (text === null) {
      done(httpError(400, notUtf8Message("request body")), undefined);
      return;
    }
    parse(request, text, (err, value) => {
      if (err) return done(err, undefined);
      // an import's 5,000-item body skips the walk over its 100,000 strings and keys
      const problem = mayHoldBadEscape(text) ? jsonTextProblem(value) : null;
      if (problem === "nul") return done(httpError(400, NUL_MESSAGE), undefined);
      if (problem === "surrogate") return done(httpError(400, LONE_SURROGATE_MESSAGE), undefined);
      done(null, value);
    });
  });
}
