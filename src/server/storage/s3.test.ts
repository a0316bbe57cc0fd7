import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Store } from "./s3";

/**
 * The S3 store against s3rver, the S3-compatible server `npm run cluster` runs (its own process,
 * S3 over HTTP): path-style addressing and the AWS SDK's checksum dialect (s3.ts) as a
 * real S3-compatible store answers them.
 */
const BIN = resolve(import.meta.dirname, "../../../node_modules/.bin/s3rver");
let root: string;
let s3rver: ChildProcess;
let endpoint: string;

const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => res(typeof addr === "object" && addr ? addr.port : 0));
    });
  });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "blocklot-s3-"));
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  s3rver = spawn(
    BIN,
    ["--directory", join(root, "s3"), "--address", "127.0.0.1", "--port", String(port)].concat([
      "--configure-bucket",
      "blocklot",
      "--silent",
    ]),
    { stdio: "ignore" },
  );
  const until = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(`${endpoint}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > until || s3rver.exitCode !== null) throw new Error("s3rver did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(() => {
  s3rver?.kill();
  rmSync(root, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const store = () =>
  createS3Store(
    { endpoint, bucket: "blocklot", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    join(root, "tmp"),
  );

describe("S3 store on an S3-compatible server (s3rver)", () => {
  it("stores by content hash, reads back, keeps identical content once and deletes", async () => {
    const s = store();
    const bytes = Buffer.from("statement bytes");
    const a = await s.put(Readable.from([bytes]));
    expect(a).toEqual({ key: `sha256/${sha(bytes)}`, size: bytes.length, sha256: sha(bytes) });
    const again = await s.commit(await s.stage(Readable.from([bytes])));
    expect(again.existed).toBe(true);
    expect(await s.exists(a.key)).toBe(true);
    expect(await buffer(await s.get(a.key))).toEqual(bytes);
    const copy = await s.localCopy(a.key);
    expect(readFileSync(copy.path)).toEqual(bytes);
    await copy.release();
    await s.delete(a.key);
    expect(await s.exists(a.key)).toBe(false);
    await expect(s.get(a.key)).rejects.toThrow();
    // Nothing staged or copied is left on this machine's disk.
    expect(readdirSync(join(root, "tmp"))).toEqual([]);
  });

  it("sends a file larger than one part (8 MiB) as a multipart upload, byte for byte", async () => {
    const s = store();
    const bytes = randomBytes(9 * 1024 * 1024);
    const chunks = Array.from({ length: 9 }, (_, i) =>
      bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    const stored = await s.put(Readable.from(chunks));
    expect(stored.size).toBe(bytes.length);
    expect(sha(await buffer(await s.get(stored.key)))).toBe(sha(bytes));
  });
});
