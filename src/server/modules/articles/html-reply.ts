/**
 * Sends a server-built HTML page compressed as the browser accepts (Brotli, else gzip): the
 * article pages carry their template's inlined styles, and the static pages beside them are
 * precompressed at build time (scripts/precompress.ts), so these should not weigh more.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Whether Accept-Encoding names `coding` without refusing it (q=0). */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name?.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

export async function sendHtml(request: FastifyRequest, reply: FastifyReply, body: string, status = 200) {
  reply
    .status(status)
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding")
    .type("text/html; charset=utf-8");
  const accept = request.headers["accept-encoding"];
  if (request.method === "HEAD") return reply.send(body);
  if (accepts(accept, "br")) {
    const compressed = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("content-encoding", "br").send(compressed);
  }
  if (accepts(accept, "gzip")) return reply.header("content-encoding", "gzip").send(await gz(body));
  return reply.send(body);
}
