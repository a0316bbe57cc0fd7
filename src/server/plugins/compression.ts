import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Answers of 1 KB or more compressed when the client accepts it (brotli, else gzip): the API's
 * JSON above all. A signed-in first load pulled 200 KB of `/api/sync/changes` and the lists'
 * JSON uncompressed over a phone's network (docs/benchmarks.md, issue 19); gzipped they are
 * about a tenth. Brotli at quality 4 costs about what gzip does. Smaller answers (the profile,
 * a company's roles) are sent as they are: compressing them would cost more CPU than it saves
 * on the wire. What is compressed already is left alone: the built app's files (sent
 * precompressed), images, PDFs and spreadsheets (mime-db's "not compressible" types), ranges,
 * and the event stream (written to the socket directly).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
