import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Answers a stored file as a download: its own content type (never sniffed by the browser), its
 * name in Content-Disposition (ASCII fallback and RFC 5987 UTF-8), not cached.
 */
export function sendDownload(
  reply: FastifyReply,
  stream: Readable,
  file: { fileName: string; contentType: string; size: number },
) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_");
  return reply
    .header("content-type", file.contentType)
    .header("content-length", String(file.size))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header(
      "content-disposition",
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(stream);
}
