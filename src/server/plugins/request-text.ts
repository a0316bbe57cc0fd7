/**
 * Text that reaches the database must be text PostgreSQL can store and that the user actually
 * sent. One check, before any route runs, for every place a request carries text:
 * - the query string: its percent-decoded bytes must be valid UTF-8 (no overlong forms, no
 *   encoded surrogates) without a NUL byte;
 * - path parameters (the router already refuses invalid UTF-8 in the path) and header values:
 *   no NUL;
 * - multipart field values and file names (the only multipart readers are the upload routes):
 *   no NUL and no U+FFFD, the character a lossy decoder puts in place of bytes that were not
 *   UTF-8 (see docs/security.md);
 * - JSON bodies are decoded strictly in plugins/json-body.ts with the same rules.
 * A failure answers 400 with a message naming where the text was (code VALIDATION).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { errorBody, httpError } from "./errors";

export const NUL_MESSAGE =
  "Text cannot contain the invisible character U+0000 (NUL); remove it (it often comes from a copied file) and send again";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes as text, or null when they are not valid UTF-8 (overlong forms and encoded surrogates included). */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a decoded string for storage: a NUL, or a lone surrogate (not a character). */
export function textProblem(value: string): "nul" | "surrogate" | null {
  if (value.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(value)) return "surrogate";
  return null;
}

export function notUtf8Message(where: string): string {
  return `The ${where} is not valid UTF-8 text: it holds bytes that are not characters (often from text saved in another encoding). Send it as UTF-8`;
}

function nulMessage(where: string): string {
  return `The ${where} cannot contain the invisible character U+0000 (NUL); remove it and send again`;
}

function hex(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * The problem with a raw query string (without the `?`), judged on its percent-decoded bytes,
 * or null. `+` is a space; a `%` not followed by two hex digits stays as it is (the parser keeps it).
 */
export function queryStringProblem(raw: string): string | null {
  if (!raw.includes("%") && !/[^\x20-\x7e]/.test(raw)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 37 && i + 2 < raw.length) {
      const hi = hex(raw.charCodeAt(i + 1));
      const lo = hex(raw.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        bytes.push(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    // Node hands raw bytes of the request line over as latin1 characters (one per byte).
    if (c < 0x100) bytes.push(c);
    else bytes.push(...Buffer.from(String.fromCodePoint(raw.codePointAt(i) ?? c), "utf8"));
    if (c >= 0xd800 && c <= 0xdbff) i++;
  }
  const array = Uint8Array.from(bytes);
  if (array.includes(0)) return nulMessage("query string");
  if (decodeUtf8Strict(array) === null) return notUtf8Message("query string");
  return null;
}

function paramsProblem(params: unknown): string | null {
  if (!params || typeof params !== "object") return null;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string" && textProblem(value)) return nulMessage(`path parameter "${name}"`);
  }
  return null;
}

function headersProblem(request: FastifyRequest): string | null {
  for (const [name, value] of Object.entries(request.headers)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === "string" && v.includes("\u0000")))
      return nulMessage(`header "${name}"`);
  }
  return null;
}

/** The problem with a multipart field value or file name, or null. */
export function formTextProblem(value: string, where: string): string | null {
  const problem = textProblem(value);
  if (problem === "nul") return nulMessage(where);
  if (problem === "surrogate" || value.includes("\uFFFD")) return notUtf8Message(where);
  return null;
}

interface MultipartPart {
  type: "file" | "field";
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: { resume(): void };
}

/** The parts of a multipart body, each checked before the route sees it. */
async function* checkedParts(parts: AsyncIterable<MultipartPart>): AsyncGenerator<MultipartPart> {
  for await (const part of parts) {
    const problem =
      formTextProblem(part.fieldname, "form field name") ??
      (part.type === "file"
        ? formTextProblem(part.filename ?? "", "file name")
        : typeof part.value === "string"
          ? formTextProblem(part.value, `form field "${part.fieldname}"`)
          : null);
    if (problem) {
      part.file?.resume();
      throw httpError(400, problem);
    }
    yield part;
  }
}

type PartsFn = (this: FastifyRequest, ...args: unknown[]) => AsyncIterable<MultipartPart>;

export const requestTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", async (request) => {
      const q = request.url.indexOf("?");
      const problem =
        (q === -1 ? null : queryStringProblem(request.url.slice(q + 1))) ??
        paramsProblem(request.params) ??
        headersProblem(request);
      if (problem) throw httpError(400, problem);
    });
    // Multipart bodies are read by the route as a stream; the parts it reads come through the check.
    app.addHook("preHandler", async (request) => {
      const holder = request as unknown as { parts?: PartsFn; isMultipart?: () => boolean };
      const parts = holder.parts;
      if (typeof parts !== "function" || !holder.isMultipart?.()) return;
      holder.parts = function (this: FastifyRequest, ...args: unknown[]) {
        return checkedParts(parts.apply(this, args));
      };
    });
  },
  { name: "request-text" },
);

/**
 * Fastify's `frameworkErrors`: a path whose percent-encoding is not UTF-8 (`/api/bbl/%FF`) is
 * refused by the router before any hook runs; it gets the same 400 body as every other error.
 */
export function frameworkErrorAnswer(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === "number" && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === "FST_ERR_BAD_URL" ? notUtf8Message("address (path)") : error.message;
  void reply.status(status).send(errorBody(status, message));
}
