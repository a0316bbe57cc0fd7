import type { Readable } from "node:stream";

/** What the store knows about a stored object. */
interface StoredObject {
  /** Where it lives: `sha256/<hex>`. Identical content has the same key. */
  key: string;
  size: number;
  sha256: string;
}

/** An upload written to a temporary file while it was hashed; not yet in the store. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  /** The first bytes (up to 64 KiB), for deciding the type by content. */
  head: Buffer;
  /** True when the stream was cut off at the size limit (the file is too large). */
  truncated: boolean;
  /** Removes the temporary file (safe to call twice). */
  discard(): Promise<void>;
}

/**
 * One interface for where statement files live: a directory on disk (default) or an
 * S3-compatible bucket. Objects are addressed by content hash, so storing the same
 * bytes twice keeps one copy.
 */
export interface FileStore {
  readonly kind: "disk" | "s3";
  /** Streams `input` to a temporary file while hashing it (never held whole in memory). */
  stage(input: Readable, opts?: { maxBytes?: number }): Promise<StagedFile>;
  /** Moves a staged file into the store; if the same content is stored already it is kept once. */
  commit(staged: StagedFile): Promise<StoredObject & { existed: boolean }>;
  /** stage + commit. */
  put(input: Readable): Promise<StoredObject>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A path on this machine holding the object (a temporary copy for S3); call release when done. */
  localCopy(key: string): Promise<{ path: string; release(): Promise<void> }>;
}

export function keyFor(sha256: string): string {
  return `sha256/${sha256}`;
}

export function assertKey(key: string): string {
  const m = /^sha256\/([0-9a-f]{64})$/.exec(key);
  if (!m?.[1]) throw new Error(`Not a storage key: ${key}`);
  return m[1];
}
