/**
 * JSON request bodies. PostgreSQL cannot store the character U+0000 in text, so a body holding
 * one (JSON can only carry it as the escape `\u0000`) is refused as a whole with a 400 before
 * any route reads it, instead of failing in the database as a 500. Everything else is Fastify's
 * own JSON parser (prototype-poisoning checks included).
 */
import type { FastifyInstance } from "fastify";

export const NUL_MESSAGE =
  "Text cannot contain the invisible character U+0000 (NUL); remove it (it often comes from a copied file) and send again";

/** Whether JSON text holds the escape \u0000 (not the text "\u0000" written with an escaped backslash). */
export function jsonHasNul(text: string): boolean {
  for (let i = text.indexOf("\\u0000"); i !== -1; i = text.indexOf("\\u0000", i + 1)) {
    let backslashes = 0;
    for (let j = i - 1; j >= 0 && text[j] === "\\"; j--) backslashes++;
    if (backslashes % 2 === 0) return true;
  }
  return false;
}

export function installJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonHasNul(body as string)) {
      done(Object.assign(new Error(NUL_MESSAGE), { statusCode: 400 }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
