// Where the upload bench's real server keeps recordings: its data folder, or a bucket on a loopback S3 server
// (s3rver, the storage tests' server) for the S3 figures. Each answers how to find and check the stored copies.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { createS3Client, S3_PREFIX } from "../../src/storage/s3-storage";
import { type LoopbackS3, startLoopbackS3 } from "../../test/support/s3-server";
import { hashFile } from "./upload-harness";

export interface BenchStorage {
  /** The server's extra environment (the S3_* variables, or none). */
  env: Record<string, string>;
  /** SHA-256 of every stored file of `bytes` bytes. */
  hashesOfSize(bytes: number): Promise<string[]>;
  /** Removes every stored file, so the disk holds one copy at a time. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** Stored files directly in `dir` (the route's `DATA_DIR/recordings`, or a naive handler's folder). */
export function localBenchStorage(dir: string): BenchStorage {
  const files = () => readdirSync(dir).map((name) => join(dir, name));
  return {
    env: {},
    async hashesOfSize(bytes) {
      return Promise.all(
        files()
          .filter((path) => statSync(path).size === bytes)
          .map((path) => hashFile(path)),
      );
    },
    async clear() {
      for (const path of files()) rmSync(path, { force: true });
    },
    async stop() {},
  };
}

export async function s3BenchStorage(): Promise<BenchStorage> {
  const s3: LoopbackS3 = await startLoopbackS3("bench-recordings");
  const client = createS3Client(s3.config);
  const objects = async () => (await client.list({ prefix: S3_PREFIX, maxKeys: 1000 })).contents ?? [];
  return {
    env: s3.env,
    async hashesOfSize(bytes) {
      const hashes: string[] = [];
      for (const item of await objects()) {
        if (item.size !== bytes) continue;
        const hasher = new Bun.CryptoHasher("sha256");
        for await (const chunk of client.file(item.key).stream()) hasher.update(chunk);
        hashes.push(hasher.digest("hex"));
      }
      return hashes;
    },
    async clear() {
      for (const item of await objects()) await client.delete(item.key);
    },
    stop: () => s3.stop(),
  };
}

/**
 * The disk's raw sequential write speed in the same folder: `dd` of `bytes` from /dev/zero in 1 MiB blocks with
 * conv=fsync (the data on disk before dd exits, as the upload route fsyncs before answering). Answers seconds.
 */
export function rawWriteSeconds(dir: string, bytes: number): number {
  const path = join(dir, "dd-raw-speed.bin");
  const started = performance.now();
  const dd = Bun.spawnSync(["dd", "if=/dev/zero", `of=${path}`, "bs=1M", `count=${bytes / 1024 / 1024}`, "conv=fsync"]);
  const seconds = (performance.now() - started) / 1000;
  rmSync(path, { force: true });
  if (dd.exitCode !== 0) throw new Error(`dd failed: ${dd.stderr.toString()}`);
  return seconds;
}
