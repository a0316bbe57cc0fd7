import type { FastifyReply, FastifyRequest } from "fastify";
import type { Audience, EndReason } from "./grant";
import type { LiveConnection } from "./hub";

const HEARTBEAT_MS = 25_000;

/** The last event of a stream the server ends because the access behind it changed. */
const ACCESS_ENDED_EVENT = "access-ended";

export interface EventStream {
  /** Sends one event when the connection may receive it (checked now, not when it opened). */
  send(audience: Audience, event: string, data: unknown, id?: string): boolean;
}

/**
 * A Server-Sent Events response for one live connection: headers, `retry`, a heartbeat comment,
 * the end of the stream when the access token expires (`expiresAt`, ms) or when the connection
 * ends (with an `access-ended` event saying why, so the client can tell "sign in again" from
 * "reconnect"), and the connection's end when the client goes away.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  connection: LiveConnection,
  opts: { heartbeatMs?: number; expiresAt?: number } = {},
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write("retry: 5000\n: connected\n\n");
  const heartbeat = setInterval(
    () => res.write(`: heartbeat ${Date.now()}\n\n`),
    opts.heartbeatMs ?? HEARTBEAT_MS,
  );
  const expiry = opts.expiresAt
    ? setTimeout(() => connection.end("expired"), Math.max(0, opts.expiresAt - Date.now()))
    : null;
  connection.onEnd((reason: EndReason | "closed") => {
    clearInterval(heartbeat);
    if (expiry) clearTimeout(expiry);
    if (res.writableEnded) return;
    if (reason !== "closed")
      res.write(`event: ${ACCESS_ENDED_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`);
    res.end();
  });
  request.raw.on("close", () => connection.end("closed"));
  res.on("error", () => connection.end("closed"));
  return {
    send(audience, event, data, id) {
      if (!connection.may(audience) || res.writableEnded) return false;
      res.write(`event: ${event}\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
      return true;
    },
  };
}
