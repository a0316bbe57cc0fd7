import { createReadStream } from "node:fs";
import { access, mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { stageStream } from "./stage";
import { assertKey, type FileStore, keyFor, type StagedFile } from "./types";

/**
 * Files on disk under `<root>/ab/cd/<sha256>` (root is DATA_DIR/files), outside any web
 * root and named by content, never by the uploader's file name.
 */
export function createDiskStore(root: string): FileStore {
  const tmpDir = join(root, ".tmp");
  const pathOf = (key: string) => {
    const hex = assertKey(key);
    return join(root, hex.slice(0, 2), hex.slice(2, 4), hex);
  };
  const exists = async (key: string) => {
    try {
      await access(pathOf(key));
      return true;
    } catch {
      return false;
    }
  };
  const store: FileStore = {
    kind: "disk",
    stage: (input, opts) => stageStream(input, tmpDir, opts?.maxBytes),
    async commit(staged: StagedFile) {
      const key = keyFor(staged.sha256);
      const target = pathOf(key);
      const existed = await exists(key);
      if (existed) {
        await staged.discard();
      } else {
        await mkdir(join(target, ".."), { recursive: true });
        await rename(staged.path, target);
      }
      return { key, size: staged.size, sha256: staged.sha256, existed };
    },
    async put(input: Readable) {
      const staged = await store.stage(input);
      const { key, size, sha256 } = await store.commit(staged);
      return { key, size, sha256 };
    },
    async get(key) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path);
    },
    exists,
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async localCopy(key) {
      const path = pathOf(key);
      await stat(path);
      return { path, release: async () => {} };
    },
  };
  return store;
}
