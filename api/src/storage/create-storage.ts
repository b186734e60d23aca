import type { StorageConfig } from "../config-storage";
import type { FileStorage } from "./file-storage";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";

/** The bucket when S3_BUCKET is set, else the data folder's `recordings/`. */
export function createStorage(config: StorageConfig, dataDir: string): FileStorage {
  return config.kind === "s3" ? createS3Storage(config) : createLocalStorage(dataDir);
}
