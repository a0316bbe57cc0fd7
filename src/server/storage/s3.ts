import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { stageStream } from "./stage";
import { assertKey, type FileStore, keyFor } from "./types";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible object storage (AWS S3, MinIO, ...). Uploads are staged to a local
 * temporary file while hashed (the key is the hash), then sent with a multipart upload
 * in 8 MiB parts, so memory stays small. Path-style addressing (`endpoint/bucket/key`) works
 * with every S3-compatible store (MinIO, s3rver, ...), where a bucket is no host name.
 *
 * Checksums only where S3 requires them, as the AWS SDK did before 2025: its newer default
 * sends a streamed body as `aws-chunked` with a trailing CRC32, which S3-compatible stores that
 * predate it do not understand — s3rver takes such a PutObject and keeps the chunk framing
 * (`5\r\nhello\r\n0\r\nx-amz-checksum-crc32:…`) as the object's bytes. Upload (lib-storage)
 * sends buffered parts, which are not affected; this keeps any streamed put correct too.
 * Integrity does not rest on the SDK's checksums: every object is named by the SHA-256 of its
 * bytes, computed here while staging.
 */
export function createS3Store(s3: S3Settings, tmpDir: string): FileStore {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = s3.bucket;
  const exists = async (key: string) => {
    assertKey(key);
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return false;
      throw err;
    }
  };
  const get = async (key: string) => {
    assertKey(key);
    const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!out.Body) throw new Error(`Object ${key} has no body`);
    return out.Body as Readable;
  };
  const store: FileStore = {
    kind: "s3",
    stage: (input, opts) => stageStream(input, tmpDir, opts?.maxBytes),
    async commit(staged) {
      const key = keyFor(staged.sha256);
      const existed = await exists(key);
      try {
        if (!existed) {
          await new Upload({
            client,
            params: { Bucket, Key: key, Body: createReadStream(staged.path), ContentLength: staged.size },
            partSize: 8 * 1024 * 1024,
            queueSize: 2,
          }).done();
        }
      } finally {
        await staged.discard();
      }
      return { key, size: staged.size, sha256: staged.sha256, existed };
    },
    async put(input) {
      const { key, size, sha256 } = await store.commit(await store.stage(input));
      return { key, size, sha256 };
    },
    get,
    exists,
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async localCopy(key) {
      await mkdir(tmpDir, { recursive: true });
      const path = join(tmpDir, `copy-${randomUUID()}`);
      await pipeline(await get(key), createWriteStream(path, { mode: 0o600 }));
      return { path, release: () => rm(path, { force: true }) };
    },
  };
  return store;
}
