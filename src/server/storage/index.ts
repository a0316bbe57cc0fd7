import { join } from "node:path";
import type { Config } from "../config";
import { createDiskStore } from "./disk";
import { createS3Store } from "./s3";
import type { FileStore } from "./types";

export type { FileStore, StagedFile } from "./types";

/** S3-compatible storage when S3_BUCKET (and friends) are set, otherwise DATA_DIR/files. */
export function createFileStore(config: Config): FileStore {
  const root = join(config.dataDir, "files");
  if (config.s3) return createS3Store(config.s3, join(root, ".tmp"));
  return createDiskStore(root);
}
