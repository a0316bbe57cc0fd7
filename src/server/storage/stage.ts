import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { StagedFile } from "./types";

const HEAD_BYTES = 64 * 1024;

/**
 * Writes a stream to `tmpDir` while computing its SHA-256, its size and keeping its first
 * 64 KiB. Memory use stays at one chunk whatever the size. With maxBytes, writing stops
 * once the limit is passed and the result says `truncated`.
 */
export async function stageStream(input: Readable, tmpDir: string, maxBytes?: number): Promise<StagedFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `upload-${randomUUID()}`);
  const hash = createHash("sha256");
  const headParts: Buffer[] = [];
  let headLen = 0;
  let size = 0;
  let truncated = false;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (truncated) return done();
      if (maxBytes !== undefined && size + chunk.length > maxBytes) {
        truncated = true;
        input.resume(); // drain the rest without keeping it
        return done();
      }
      size += chunk.length;
      hash.update(chunk);
      if (headLen < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLen);
        headParts.push(Buffer.from(part));
        headLen += part.length;
      }
      done(null, chunk);
    },
  });
  const discard = async () => {
    await rm(path, { force: true });
  };
  try {
    await pipeline(input, tap, createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    await discard();
    throw err;
  }
  return { path, size, sha256: hash.digest("hex"), head: Buffer.concat(headParts), truncated, discard };
}
