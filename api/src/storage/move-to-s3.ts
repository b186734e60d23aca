import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { S3Client } from "bun";
import type { S3StorageConfig } from "../config-storage";
import { SAFE_KEY } from "./file-storage";
import { createS3Client, openRemoteWriter, S3_PREFIX, toStorageError } from "./s3-storage";
import { StorageUnavailableError } from "./storage-errors";

export interface MoveReport {
  files: number;
  copied: number;
  alreadyThere: number;
  deletedLocally: number;
  failed: { key: string; reason: string }[];
}

/**
 * Copies every recording of a data folder (`DATA_DIR/recordings/<key>`) into the bucket under the same key
 * (`recordings/<key>`), so the database needs no change. Each file is verified after its upload by reading it back
 * from the bucket (size and SHA-256); one already there whole is left as it is, so the move can be run again and
 * interrupted at any point (an upload cut off leaves no object: multipart uploads are completed last). With
 * `deleteLocal`, a local file goes only once its copy in the bucket is verified. The bucket unreachable stops the move.
 */
export async function moveRecordingsToS3(options: {
  dataDir: string;
  config: S3StorageConfig;
  deleteLocal: boolean;
  log: (line: string) => void;
}): Promise<MoveReport> {
  const { config, deleteLocal, log } = options;
  const dir = join(options.dataDir, "recordings");
  const client = createS3Client(config);
  const keys = (await readdir(dir).catch(() => [] as string[])).filter((name) => SAFE_KEY.test(name)).sort();
  const report: MoveReport = { files: keys.length, copied: 0, alreadyThere: 0, deletedLocally: 0, failed: [] };
  log(`${keys.length} recordings in ${dir}; bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`);
  for (const key of keys) {
    const path = join(dir, key);
    try {
      const size = (await stat(path)).size;
      const localHash = await sha256(Bun.file(path).stream());
      let outcome: string;
      if (await sameInBucket(client, key, size, localHash)) {
        report.alreadyThere++;
        outcome = "already in the bucket, verified";
      } else {
        await upload(client, config, key, path);
        if (!(await sameInBucket(client, key, size, localHash))) {
          throw new Error("the copy in the bucket differs from the local file after the upload");
        }
        report.copied++;
        outcome = "copied, verified";
      }
      if (deleteLocal) {
        await rm(path, { force: true });
        report.deletedLocally++;
        outcome += ", local file deleted";
      }
      log(`${key}: ${outcome} (${size} bytes, sha256 ${localHash.slice(0, 16)}…)`);
    } catch (caught) {
      const error = toStorageError(caught, key);
      if (error instanceof StorageUnavailableError) {
        log(`${key}: stopped, the bucket cannot be reached (${error.detail}); run the command again once it is back`);
        throw error;
      }
      report.failed.push({ key, reason: error.message });
      log(`${key}: FAILED: ${error.message}`);
    }
  }
  log(
    `${report.files} recordings: ${report.copied} copied, ${report.alreadyThere} already in the bucket, ` +
      `${report.deletedLocally} local files deleted, ${report.failed.length} failed`,
  );
  return report;
}

/** The object exists with the local file's size and SHA-256 (read back whole: multipart ETags are no checksum). */
async function sameInBucket(client: S3Client, key: string, size: number, hash: string): Promise<boolean> {
  const file = client.file(S3_PREFIX + key);
  try {
    if ((await file.stat()).size !== size) return false;
  } catch (error) {
    const e = (error as { code?: string }).code;
    if (e === "NoSuchKey" || e === "NotFound") return false;
    throw error;
  }
  return (await sha256(file.stream())) === hash;
}

async function upload(client: S3Client, config: S3StorageConfig, key: string, path: string) {
  const remote = openRemoteWriter(client, config, S3_PREFIX + key);
  try {
    for await (const chunk of Bun.file(path).stream()) await remote.write(chunk);
    await remote.finish();
  } catch (error) {
    await remote.abort();
    throw error;
  }
}

async function sha256(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of stream) hasher.update(chunk);
  return hasher.digest("hex");
}
