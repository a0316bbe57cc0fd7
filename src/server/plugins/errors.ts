import { Type } from "@sinclair/typebox";
import type { FastifyError, FastifyInstance } from "fastify";
import { codeForStatus, ERROR_CODES, type ErrorCode } from "../../domain/errors";
import { isDatabaseUnavailable } from "../db/unavailable";

/**
 * A client mistake with its status and message; `data` adds fields to the body. A stable
 * reason for clients goes in `data.code` (src/domain/errors.ts); without one the body gets
 * the general code of the status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data?: Record<string, unknown> & { code?: ErrorCode },
  ) {
    super(message);
  }
}

export function httpError(
  statusCode: number,
  message: string,
  data?: Record<string, unknown> & { code?: ErrorCode },
) {
  return new HttpError(statusCode, message, data);
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * The error body every failure answers: `{ statusCode, error, message, code }` plus any extra
 * data; `code` is the data's own or the general code of the status (src/domain/errors.ts).
 */
export function errorBody(status: number, message: string, data: Record<string, unknown> = {}) {
  return {
    statusCode: status,
    error: STATUS_TEXT[status] ?? "Error",
    message,
    code: codeForStatus(status),
    ...data,
  };
}

const errorFields = {
  statusCode: Type.Integer({ description: "The HTTP status again" }),
  error: Type.String({ description: 'The status in words ("Conflict")' }),
  message: Type.String({ description: "What was wrong, for people" }),
  code: Type.Unsafe<ErrorCode>({
    type: "string",
    enum: Object.values(ERROR_CODES),
    description: "Why, for clients to switch on (src/domain/errors.ts)",
  }),
};

/**
 * The response schema of every error answer (errorBody): routes list it for their 4xx/5xx
 * statuses. Extra fields (`current`, `problems`, `flags`, `reason`, ...) are sent as they are.
 */
export const ErrorBody = Type.Object(errorFields, { additionalProperties: true });

/** A 409 for a stale version (code STALE_VERSION): the error and the record as it is now. */
export const StaleBody = Type.Object(
  { ...errorFields, current: Type.Optional(Type.Unknown({ description: "The record as it is now" })) },
  { additionalProperties: true },
);

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const PART_LABEL: Record<string, string> = {
  body: "request body",
  querystring: "query string",
  params: "path",
  headers: "headers",
};

/** A validation failure in words a person can act on: which field, and what is wrong with it. */
export function describeValidation(part: string, issues: readonly ValidationIssue[]): string {
  const where = PART_LABEL[part] ?? part;
  const issue = issues[0];
  if (!issue) return `Invalid ${where}`;
  const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
  switch (issue.keyword) {
    case "required":
      return `Invalid ${where}: "${[field, issue.params.missingProperty].filter(Boolean).join(".")}" is required`;
    case "enum":
      return `Invalid ${where}: "${field}" must be one of ${(issue.params.allowedValues as unknown[]).join(", ")}`;
    case "additionalProperties":
      return `Invalid ${where}: unknown field "${[field, issue.params.additionalProperty].filter(Boolean).join(".")}"`;
    default:
      return `Invalid ${where}: ${field ? `"${field}" ` : ""}${issue.message ?? "is not valid"}`;
  }
}

/**
 * One error shape for every failure: `{ statusCode, error, message, code }` plus any extra data.
 * Client mistakes keep their 4xx and a message that says what was wrong, as do deliberate 5xx
 * answers (httpError); anything unexpected is logged and answered with a 500 that reveals nothing.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    let status = typeof err.statusCode === "number" ? err.statusCode : 500;
    let message = err.message;
    const fe = err as FastifyError;
    let databaseDown = false;
    if (fe.validation) {
      status = 400;
      message = describeValidation(fe.validationContext ?? "request", fe.validation);
    } else if (fe.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      message = "Request body is too large";
    } else if (fe.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError) {
      status = 400;
      message = "Request body is not valid JSON";
    } else if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      status = 415;
    } else if (fe.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      status = 400;
      message = "Request body is empty but the content type says JSON";
    } else if (status === 500 && isDatabaseUnavailable(err)) {
      databaseDown = true;
      status = 503;
      message = "The database cannot be reached right now. Please try again in a moment.";
      reply.header("retry-after", "5");
    }
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      // A deliberate httpError (eBay not configured, Google's keys unavailable) says what is
      // wrong; anything unexpected reveals nothing.
      if (!(err instanceof HttpError) && !databaseDown)
        message = "Something went wrong on our side. Please try again.";
    }
    const extra = err instanceof HttpError && err.data ? err.data : {};
    if (status === 429 && !reply.getHeader("retry-after")) reply.header("retry-after", "60");
    return reply.status(status).send(errorBody(status, message, extra));
  });
}
