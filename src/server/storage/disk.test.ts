import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskStore } from "./disk";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "blocklot-store-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

describe("disk store", () => {
  it("stores by content hash, returns the bytes, and keeps identical content once", async () => {
    const store = createDiskStore(root);
    const a = await store.put(Readable.from([Buffer.from("hello "), Buffer.from("world")]));
    expect(a).toEqual({ key: `sha256/${sha("hello world")}`, size: 11, sha256: sha("hello world") });
    const b = await store.put(Readable.from([Buffer.from("hello world")]));
    expect(b.key).toBe(a.key);
    expect(await text(await store.get(a.key))).toBe("hello world");
    expect(await store.exists(a.key)).toBe(true);
    const dirs = readdirSync(root).filter((d) => d !== ".tmp");
    expect(dirs).toEqual([a.sha256.slice(0, 2)]);
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
    await store.delete(a.key);
    expect(await store.exists(a.key)).toBe(false);
  });

  it("stage keeps the head and stops at maxBytes without storing", async () => {
    const store = createDiskStore(root);
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 0x41));
    const staged = await store.stage(Readable.from(chunks), { maxBytes: 100_000 });
    expect(staged.truncated).toBe(true);
    expect(staged.head.length).toBe(64 * 1024);
    await staged.discard();
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
  });

  it("refuses keys that are not content hashes (no path traversal)", async () => {
    const store = createDiskStore(root);
    await expect(store.get("../../etc/passwd")).rejects.toThrow(/Not a storage key/);
  });
});
