import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One log line per request, written when its answer has gone out: the request (method, URL with
 * its secrets redacted, host, client address and port: the `req` serializer of log-redaction.ts),
 * the status, the response time, under the request's `reqId` (docs/operations.md, "Logs").
 * Fastify's own controller writes an "incoming request" line as well (a replica at `warn`, with
 * neither, served about 10 % more small reads); the incoming line is now written at `debug` only. Everything else Fastify logs (a failed response stream, a serializer error) is unchanged,
 * and 5xx answers are still logged with their stack by plugins/errors.ts.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
